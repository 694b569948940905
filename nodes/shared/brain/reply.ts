/**
 * The reply of the Agora Agent LLM Reply node and of Agora › Agent LLM › Reply (saved workflows): its
 * form, and its answer to the waiting request as an OpenAI chat completion (docs/brain.md, The reply).
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	completionJson,
	completionSse,
	JSON_HEADERS,
	openAiError,
	replyChunkContent,
	SSE_HEADERS,
	type ToolCall,
} from './openAiChat';
import { invalidField } from '../validate';
import { isPlainObject } from '../values';

const LLM_TRIGGER_TYPE = 'n8n-nodes-agora.agoraLlmTrigger';
const WEBHOOK_TYPE = 'n8n-nodes-base.webhook';

const answerField: INodeProperties = {
	displayName: 'Answer',
	name: 'answer',
	type: 'string',
	typeOptions: { rows: 3 },
	default: '={{ $json.output }}',
	hint: 'n8n’s AI Agent puts its answer in “output”. Drag in another field for other nodes.',
	description:
		'What the agent says. Empty is allowed only when Tool Calls are given: otherwise Agora gets an error and speaks the agent’s Failure Message.',
};

const toolCallsField: INodeProperties = {
	displayName: 'Tool Calls (JSON)',
	name: 'toolCalls',
	type: 'json',
	default: '',
	description:
		'Optional OpenAI tool_calls array, each with its ID, type "function" and function {name, arguments}. Arguments may be an object.',
};

const interruptableOption: INodeProperties = {
	displayName: 'Interruptable',
	name: 'interruptable',
	type: 'boolean',
	default: false,
	description:
		'Whether the caller’s speech may interrupt the agent speaking this answer. Leave the setting out to keep the agent’s current mode.',
};

const ttsParamsOption: INodeProperties = {
	displayName: 'TTS Params (JSON)',
	name: 'ttsParams',
	type: 'json',
	default: '{}',
	description:
		'TTS parameters to change from this answer on, as the agent’s TTS vendor names them, e.g. {"voice_type": "female_1", "rate": 1.1}',
};

const metadataField: INodeProperties = {
	displayName: 'Agent Behaviour for This Answer',
	name: 'customMetadata',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	hint: 'Sent as the first chunk of a Server-Sent Events answer (chat.completion.custom_metadata); a JSON answer cannot carry it',
	options: [interruptableOption, ttsParamsOption],
};

/** The reply's form: the Reply node's whole form, and Agent LLM › Reply's fields in the Agora node. */
export const replyProperties: INodeProperties[] = [
	answerField,
	{
		displayName: 'Reply Format',
		name: 'replyFormat',
		type: 'options',
		options: [
			{
				name: 'As the Request Asks',
				value: 'auto',
				description:
					'Server-Sent Events when the request has "stream": true (Agora always asks so), JSON otherwise',
			},
			{ name: 'JSON (Chat.completion)', value: 'json', description: 'One chat.completion object' },
			{
				name: 'Server-Sent Events',
				value: 'sse',
				description: 'Chat.completion.chunk frames, then [DONE]',
			},
		],
		default: 'auto',
	},
	toolCallsField,
	metadataField,
];

/** Errors name the reply's fields by its own labels, whichever node holds the form. */
const label = (...fields: INodeProperties[]) => fields.map((f) => f.displayName).join(' › ');
const TOOL_CALLS = label(toolCallsField);
const INTERRUPTABLE = label(metadataField, interruptableOption);
const TTS_PARAMS = label(metadataField, ttsParamsOption);

/** Reads one of the reply's parameters for the item being answered; `fallback` when unset. */
type ReplyParameterReader = (name: string, fallback: unknown) => unknown;

/** The request that started this execution: the trigger's item, or the Webhook node's body. */
function startingRequest(fn: IExecuteFunctions, itemIndex: number): IDataObject {
	const parents = fn.getParentNodes(fn.getNode().name);
	const start =
		parents.find((p) => p.type === LLM_TRIGGER_TYPE) ??
		parents.find((p) => p.type === WEBHOOK_TYPE);
	if (start === undefined) return {};
	try {
		const json = fn.getWorkflowDataProxy(itemIndex).$(start.name).first()?.json as
			| IDataObject
			| undefined;
		if (json === undefined) return {};
		return start.type === WEBHOOK_TYPE && isPlainObject(json.body) ? json.body : json;
	} catch {
		// The starting node did not run (e.g. a manual test from this node): nothing to read.
		return {};
	}
}

function readToolCalls(
	fn: IExecuteFunctions,
	value: unknown,
	itemIndex: number,
): ToolCall[] | undefined {
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
		return undefined;
	const notToolCalls = () =>
		invalidField(fn, 'toolCalls', 'must be a JSON array of tool calls', itemIndex, TOOL_CALLS);
	let parsed: unknown = value;
	if (typeof value === 'string') {
		try {
			parsed = JSON.parse(value);
		} catch {
			throw notToolCalls();
		}
	}
	if (isPlainObject(parsed)) parsed = [parsed];
	if (!Array.isArray(parsed)) throw notToolCalls();
	return parsed.map((call, index) => {
		const fnPart = isPlainObject(call) ? call.function : undefined;
		if (
			!isPlainObject(call) ||
			!isPlainObject(fnPart) ||
			typeof fnPart.name !== 'string' ||
			fnPart.name === ''
		) {
			throw invalidField(
				fn,
				`toolCalls[${index}]`,
				'must be {"id", "type": "function", "function": {"name", "arguments"}}',
				itemIndex,
				TOOL_CALLS,
			);
		}
		const args = fnPart.arguments;
		return {
			id: typeof call.id === 'string' && call.id !== '' ? call.id : `call_${index + 1}`,
			type: 'function',
			function: {
				name: fnPart.name,
				arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}),
			},
		};
	});
}

/** Agora's first-chunk metadata: `interruptable` and `tts_params.params`, when set. */
function readMetadata(
	fn: IExecuteFunctions,
	settings: unknown,
	itemIndex: number,
): IDataObject | undefined {
	if (!isPlainObject(settings)) return undefined;
	const metadata: IDataObject = {};
	if (settings.interruptable !== undefined) {
		if (typeof settings.interruptable !== 'boolean')
			throw invalidField(
				fn,
				'customMetadata.interruptable',
				'must be true or false',
				itemIndex,
				INTERRUPTABLE,
			);
		metadata.interruptable = settings.interruptable;
	}
	const notObject = () =>
		invalidField(fn, 'customMetadata.ttsParams', 'must be a JSON object', itemIndex, TTS_PARAMS);
	let params: unknown = settings.ttsParams;
	if (typeof params === 'string' && params.trim() !== '') {
		try {
			params = JSON.parse(params);
		} catch {
			throw notObject();
		}
	}
	if (params !== undefined && params !== '' && !isPlainObject(params)) throw notObject();
	if (isPlainObject(params) && Object.keys(params).length > 0) metadata.tts_params = { params };
	return Object.keys(metadata).length > 0 ? metadata : undefined;
}

const EMPTY_ANSWER =
	'The Reply’s Answer is empty and it has no Tool Calls: Agora would have nothing to say. Agora was sent an error instead, so the agent speaks its Failure Message.';

/** An empty answer is refused: Agora gets an OpenAI error (so it speaks the failure message), the run fails. */
async function refuseEmptyAnswer(fn: IExecuteFunctions, itemIndex: number): Promise<never> {
	const error = { message: 'The workflow’s answer was empty', code: 'empty_answer' };
	if (typeof fn.isStreaming === 'function' && fn.isStreaming()) {
		fn.sendChunk('item', itemIndex, replyChunkContent({ content: '', error }));
	} else {
		// An object body: n8n writes its status code on every version (a Buffer's only on 2.x).
		await fn.sendResponse({
			body: openAiError(error.message, 'server_error', error.code),
			headers: JSON_HEADERS,
			statusCode: 500,
		});
	}
	throw new NodeOperationError(fn.getNode(), EMPTY_ANSWER, {
		itemIndex,
		description: 'Check the expression in “Answer”: n8n’s AI Agent puts its answer in “output”.',
	});
}

/** Answers the waiting request with one item's answer; returns the item's output. */
export async function replyToRequest(
	fn: IExecuteFunctions,
	itemIndex: number,
	read: ReplyParameterReader,
): Promise<INodeExecutionData[]> {
	const rawAnswer = read('answer', '');
	const content =
		rawAnswer === undefined || rawAnswer === null
			? ''
			: typeof rawAnswer === 'string'
				? rawAnswer
				: JSON.stringify(rawAnswer);
	const toolCalls = readToolCalls(fn, read('toolCalls', ''), itemIndex);
	const metadata = readMetadata(fn, read('customMetadata', {}), itemIndex);
	if (content.trim() === '' && !toolCalls?.length) return await refuseEmptyAnswer(fn, itemIndex);
	const format = read('replyFormat', 'auto');
	const output = (answerFormat: string, withMetadata: boolean): INodeExecutionData[] => {
		const json: IDataObject = { replied: true, format: answerFormat, answer: content };
		if (toolCalls) json.toolCalls = toolCalls;
		if (metadata && withMetadata) json.customMetadata = metadata;
		return [{ json }];
	};

	// The trigger's streaming mode: n8n passes only chunks on, so the answer goes as one chunk,
	// which the trigger turns into the reply (or into the last frames after streamed text). The
	// trigger knows the request, so its costly read (a workflow data proxy) is left out here.
	if (typeof fn.isStreaming === 'function' && fn.isStreaming()) {
		const forced = format === 'sse' || format === 'json' ? format : undefined;
		fn.sendChunk(
			'item',
			itemIndex,
			replyChunkContent({ content, toolCalls, format: forced, metadata }),
		);
		return output('chunk', true);
	}

	const request = startingRequest(fn, itemIndex);
	const stream = format === 'sse' || (format === 'auto' && request.stream === true);
	const answer = {
		content,
		toolCalls,
		model: typeof request.model === 'string' ? request.model : '',
		metadata: stream ? metadata : undefined,
	};
	const body = stream ? completionSse(answer) : JSON.stringify(completionJson(answer));
	// A Buffer is written as it is by n8n, in its own process or from a queue-mode worker.
	await fn.sendResponse({
		body: Buffer.from(body, 'utf8'),
		headers: stream ? SSE_HEADERS : JSON_HEADERS,
		statusCode: 200,
	});
	return output(stream ? 'sse' : 'json', stream);
}
