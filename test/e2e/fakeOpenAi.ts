/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- not part of the published package: test or dev code run by plain Node */
/**
 * A scripted OpenAI-compatible chat endpoint on loopback, standing in for the chat model of n8n's
 * AI Agent: the first answer calls the first tool it is offered with the given arguments (fixed, or
 * made from the request), the second answer repeats what the tool returned. It lets the e2e test
 * prove that the Agora node works as an AI tool without any model or network, and `npm run dev`
 * run example 06 without an OpenAI key.
 */
import http from 'http';
import type { AddressInfo } from 'net';

export interface FakeOpenAi {
	url: string;
	requests: Array<{ path: string; body: any }>;
	close(): Promise<void>;
}

export type ToolArguments = Record<string, unknown> | ((request: { messages: Array<{ role: string; content?: unknown }> }) => Promise<Record<string, unknown>>);

export async function startFakeOpenAi(toolArguments: ToolArguments, port = 0): Promise<FakeOpenAi> {
	const requests: FakeOpenAi['requests'] = [];
	const server = http.createServer((req, res) => {
		let raw = '';
		req.on('data', (chunk) => (raw += chunk));
		req.on('end', async () => {
			const body = raw ? JSON.parse(raw) : {};
			requests.push({ path: req.url ?? '', body });
			res.setHeader('content-type', 'application/json');
			if (!req.url?.endsWith('/chat/completions')) {
				res.end(JSON.stringify({ object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model' }] }));
				return;
			}
			const messages: Array<{ role: string; content?: string }> = body.messages ?? [];
			const toolResult = messages.filter((m) => m.role === 'tool').pop();
			const tool = body.tools?.[0]?.function?.name;
			const args = toolResult || !tool ? {} : typeof toolArguments === 'function' ? await toolArguments({ messages }) : toolArguments;
			const message =
				toolResult || !tool
					? { role: 'assistant', content: `Tool said: ${toolResult?.content ?? 'nothing'}` }
					: {
							role: 'assistant',
							content: null,
							tool_calls: [{ id: 'call_1', type: 'function', function: { name: tool, arguments: JSON.stringify(args) } }],
						};
			res.end(
				JSON.stringify({
					id: `chatcmpl-${requests.length}`,
					object: 'chat.completion',
					created: Math.floor(Date.now() / 1000),
					model: body.model ?? 'gpt-4o-mini',
					choices: [{ index: 0, message, finish_reason: message.content === null ? 'tool_calls' : 'stop' }],
					usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
				}),
			);
		});
	});
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
		requests,
		close: () => new Promise((resolve) => server.close(() => resolve())),
	};
}
