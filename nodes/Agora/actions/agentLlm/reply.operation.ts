/**
 * Agent LLM › Reply: answers the request Agora's engine is waiting on (it started this workflow
 * through the Agora Agent LLM Trigger, or n8n's Webhook node set to answer from a later node) as
 * an OpenAI chat completion: Server-Sent Events when the request asked to stream, JSON otherwise.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { completionJson, completionSse, JSON_HEADERS, replyChunkContent, SSE_HEADERS, type ToolCall } from '../../../shared/openAiChat';
import { invalidField } from '../../../shared/validate';
import { isPlainObject } from '../../../shared/values';
import { FormReader } from '../../form/reader';

const LLM_TRIGGER_TYPE = 'n8n-nodes-agora.agoraLlmTrigger';
const WEBHOOK_TYPE = 'n8n-nodes-base.webhook';

const properties: INodeProperties[] = [
	{
		displayName: 'Answer',
		name: 'answer',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '={{ $json.output }}',
		hint: 'n8n’s AI Agent puts its answer in “output”. Drag in another field for other nodes.',
		description: 'What the agent says. Empty is allowed when Tool Calls are given.',
	},
	{
		displayName: 'Reply Format',
		name: 'replyFormat',
		type: 'options',
		options: [
			{
				name: 'As the Request Asks',
				value: 'auto',
				description: 'Server-Sent Events when the request has "stream": true (Agora always asks so), JSON otherwise',
			},
			{ name: 'JSON (Chat.completion)', value: 'json', description: 'One chat.completion object' },
			{ name: 'Server-Sent Events', value: 'sse', description: 'Chat.completion.chunk frames, then [DONE]' },
		],
		default: 'auto',
	},
	{
		displayName: 'Tool Calls (JSON)',
		name: 'toolCalls',
		type: 'json',
		default: '',
		description:
			'Optional OpenAI tool_calls array, each with its ID, type "function" and function {name, arguments}. Arguments may be an object.',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['agentLlm'], operation: ['reply'] } }, properties);

/** The request that started this execution: the trigger's item, or the Webhook node's body. */
function startingRequest(fn: IExecuteFunctions, itemIndex: number): IDataObject {
	const parents = fn.getParentNodes(fn.getNode().name);
	const start = parents.find((p) => p.type === LLM_TRIGGER_TYPE) ?? parents.find((p) => p.type === WEBHOOK_TYPE);
	if (start === undefined) return {};
	try {
		const json = fn.getWorkflowDataProxy(itemIndex).$(start.name).first()?.json as IDataObject | undefined;
		if (json === undefined) return {};
		return start.type === WEBHOOK_TYPE && isPlainObject(json.body) ? json.body : json;
	} catch {
		// The starting node did not run (e.g. a manual test from this node): nothing to read.
		return {};
	}
}

function readToolCalls(fn: IExecuteFunctions, value: unknown, itemIndex: number): ToolCall[] | undefined {
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
	let parsed: unknown = value;
	if (typeof value === 'string') {
		try {
			parsed = JSON.parse(value);
		} catch {
			throw invalidField(fn, 'toolCalls', 'must be a JSON array of tool calls', itemIndex);
		}
	}
	if (isPlainObject(parsed)) parsed = [parsed];
	if (!Array.isArray(parsed)) throw invalidField(fn, 'toolCalls', 'must be a JSON array of tool calls', itemIndex);
	return parsed.map((call, index) => {
		const fnPart = isPlainObject(call) ? call.function : undefined;
		if (!isPlainObject(call) || !isPlainObject(fnPart) || typeof fnPart.name !== 'string' || fnPart.name === '') {
			throw invalidField(fn, `toolCalls[${index}]`, 'must be {"id", "type": "function", "function": {"name", "arguments"}}', itemIndex);
		}
		const args = fnPart.arguments;
		return {
			id: typeof call.id === 'string' && call.id !== '' ? call.id : `call_${index + 1}`,
			type: 'function',
			function: { name: fnPart.name, arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}) },
		};
	});
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const form = new FormReader(this, itemIndex);
	const rawAnswer = form.get('answer', '') as unknown;
	const content = rawAnswer === undefined || rawAnswer === null ? '' : typeof rawAnswer === 'string' ? rawAnswer : JSON.stringify(rawAnswer);
	const toolCalls = readToolCalls(this, form.get('toolCalls', ''), itemIndex);
	const format = form.get('replyFormat', 'auto') as string;
	const request = startingRequest(this, itemIndex);
	const stream = format === 'sse' || (format === 'auto' && request.stream === true);
	const answer = { content, toolCalls, model: typeof request.model === 'string' ? request.model : '' };

	const json: IDataObject = { replied: true, format: stream ? 'sse' : 'json', answer: content };
	if (toolCalls) json.toolCalls = toolCalls;
	// The trigger's streaming mode: n8n passes only chunks on, so the answer goes as one chunk,
	// which the trigger turns into the reply (or into the last frames after streamed text).
	if (typeof this.isStreaming === 'function' && this.isStreaming()) {
		const forced = format === 'sse' || format === 'json' ? format : undefined;
		this.sendChunk('item', itemIndex, replyChunkContent({ content, toolCalls, format: forced }));
		return [{ json: { ...json, format: 'chunk' } }];
	}

	const body = stream ? completionSse(answer) : JSON.stringify(completionJson(answer));
	// A Buffer is written as it is by n8n, in its own process or from a queue-mode worker.
	await this.sendResponse({ body: Buffer.from(body, 'utf8'), headers: stream ? SSE_HEADERS : JSON_HEADERS, statusCode: 200 });
	return [{ json }];
}
