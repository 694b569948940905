/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- not part of the published package: test or dev code run by plain Node */
/**
 * A scripted OpenAI-compatible chat endpoint on loopback for dev and tests: tool mode calls the first
 * tool offered, conversation mode echoes the user (or gives a test's written reply); streams when asked;
 * audio transcriptions of real audio files (sandbox/README.md).
 */
import http from 'http';
import type { AddressInfo } from 'net';

import { transcriptionAnswer, type ScriptedTranscription } from './scriptedTranscription';
import { outlastClientKeepAlive } from './util';

export interface ScriptedModel {
	/** Base URL ending in /v1 (POST {url}/chat/completions). */
	url: string;
	requests: Array<{ path: string; body: any; authorization?: string }>;
	/**
	 * The next streamed answer stops after its first word until `release` is called: a test can
	 * prove a caller saw that word while the model had not finished.
	 */
	holdAfterFirstWord(): { release(): void };
	close(): Promise<void>;
}

type Message = { role: string; content?: unknown };

/** A function may leave a turn to conversation (undefined): a model that calls a tool only when asked. */
export type ToolArguments =
	| Record<string, unknown>
	| ((request: {
			messages: Message[];
			/** The text of the last user message. */
			question: string;
			tool: string;
	  }) => Promise<Record<string, unknown> | undefined>);

/** Text of a message whose content is a string or OpenAI content parts. */
function textOf(content: unknown): string {
	if (typeof content === 'string') return content;
	if (Array.isArray(content))
		return content.map((p) => (typeof p?.text === 'string' ? p.text : '')).join('');
	return '';
}

const lastUserText = (messages: Message[]) =>
	textOf(messages.filter((m) => m.role === 'user').pop()?.content).trim();

/** The conversational reply to the last user message. */
export function heardReply(messages: Message[]): string {
	const said = lastUserText(messages);
	return said ? `You said: ${said}` : 'I am listening.';
}

interface Answer {
	content: string | null;
	toolCalls?: Array<{
		id: string;
		type: 'function';
		function: { name: string; arguments: string };
	}>;
}

/**
 * A written answer for a request without tools, or undefined for the echo: a test's stand-in for a
 * model that follows a system prompt (e.g. answers in the JSON an extraction prompt asks for).
 */
export type ScriptedReply = (request: { system: string; question: string }) => string | undefined;

async function answerFor(
	body: any,
	toolArguments: ToolArguments | undefined,
	reply: ScriptedReply | undefined,
): Promise<Answer> {
	const messages: Message[] = Array.isArray(body.messages) ? body.messages : [];
	const last = messages[messages.length - 1];
	if (last?.role === 'tool') return { content: `Tool said: ${textOf(last.content) || 'nothing'}` };
	const tool = body.tools?.[0]?.function?.name;
	if (!tool || toolArguments === undefined) {
		const system = messages
			.filter((m) => m.role === 'system')
			.map((m) => textOf(m.content))
			.join('\n');
		const written = reply?.({ system, question: lastUserText(messages) });
		return { content: written ?? heardReply(messages) };
	}
	const args =
		typeof toolArguments === 'function'
			? await toolArguments({ messages, question: lastUserText(messages), tool })
			: toolArguments;
	if (args === undefined) return { content: heardReply(messages) };
	return {
		content: null,
		toolCalls: [
			{
				id: `call_${messages.length}`,
				type: 'function',
				function: { name: tool, arguments: JSON.stringify(args) },
			},
		],
	};
}

async function sse(
	res: http.ServerResponse,
	id: string,
	model: string,
	a: Answer,
	hold?: Promise<void>,
): Promise<void> {
	res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
	const created = Math.floor(Date.now() / 1000);
	const chunk = (delta: object, finish: string | null): string =>
		`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
	res.write(chunk({ role: 'assistant', content: '' }, null));
	if (a.toolCalls)
		res.write(chunk({ tool_calls: a.toolCalls.map((c, index) => ({ index, ...c })) }, null));
	const words = (a.content ?? '').match(/\S+\s*/g) ?? [];
	for (const [index, word] of words.entries()) {
		res.write(chunk({ content: word }, null));
		if (index === 0 && hold) await hold;
	}
	res.write(chunk({}, a.toolCalls ? 'tool_calls' : 'stop'));
	res.end('data: [DONE]\n\n');
}

export async function startScriptedModel(
	toolArguments?: ToolArguments,
	port = 0,
	reply?: ScriptedReply,
	transcribe?: ScriptedTranscription,
): Promise<ScriptedModel> {
	const requests: ScriptedModel['requests'] = [];
	let hold: Promise<void> | undefined;
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', async () => {
			const bytes = Buffer.concat(chunks);
			if (req.url?.endsWith('/audio/transcriptions')) {
				const answer = await transcriptionAnswer(bytes, req.headers['content-type'], transcribe);
				requests.push({
					path: req.url,
					body: answer.logged,
					authorization: req.headers.authorization,
				});
				res.writeHead(answer.status, { 'content-type': answer.contentType });
				res.end(answer.body);
				return;
			}
			const raw = bytes.toString('utf8');
			let body: any;
			try {
				body = raw ? JSON.parse(raw) : {};
			} catch {
				res.writeHead(400, { 'content-type': 'application/json' });
				res.end(
					JSON.stringify({ error: { message: 'body is not JSON', type: 'invalid_request_error' } }),
				);
				return;
			}
			requests.push({ path: req.url ?? '', body, authorization: req.headers.authorization });
			if (!req.url?.endsWith('/chat/completions')) {
				res.setHeader('content-type', 'application/json');
				res.end(JSON.stringify({ object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model' }] }));
				return;
			}
			const answer = await answerFor(body, toolArguments, reply);
			const id = `chatcmpl-${requests.length}`;
			const model = body.model ?? 'gpt-4o-mini';
			if (body.stream === true) {
				const held = hold;
				hold = undefined;
				return sse(res, id, model, answer, held);
			}
			const message = answer.toolCalls
				? { role: 'assistant', content: null, tool_calls: answer.toolCalls }
				: { role: 'assistant', content: answer.content };
			res.setHeader('content-type', 'application/json');
			res.end(
				JSON.stringify({
					id,
					object: 'chat.completion',
					created: Math.floor(Date.now() / 1000),
					model,
					choices: [{ index: 0, message, finish_reason: answer.toolCalls ? 'tool_calls' : 'stop' }],
					usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
				}),
			);
		});
	});
	outlastClientKeepAlive(server);
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
		requests,
		holdAfterFirstWord: () => {
			let release = () => {};
			hold = new Promise<void>((resolve) => (release = resolve));
			return { release: () => release() };
		},
		close: () =>
			new Promise((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
