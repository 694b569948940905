/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * An OpenAI-compatible chat endpoint on loopback that answers like a hosted model: the first token
 * after a delay, then tokens at a steady rate (bench 10). The answer is fixed; its first and last
 * words let a client tell when text arrived and whether all of it did, in any wire format.
 */
import http from 'http';
import type { AddressInfo } from 'net';

import { sleep } from './stats';

export interface PacedModelOptions {
	/** Time from request to the first token, as a hosted small model shows it. */
	firstTokenMs: number;
	tokensPerSecond: number;
}

export interface PacedModel {
	/** Base URL ending in /v1. */
	url: string;
	/** The words of every answer, each token one word with its trailing space. */
	tokens: string[];
	/** Chat-completion requests served. */
	served(): number;
	close(): Promise<void>;
}

/** 24 tokens, about the length of one spoken answer. */
export const PACED_ANSWER =
	'Sure, I can help with that: your order left the warehouse this morning and should reach you on Thursday before noon, goodbye.';

export async function startPacedModel(options: PacedModelOptions): Promise<PacedModel> {
	const tokens = PACED_ANSWER.match(/\S+\s*/g) ?? [];
	const gapMs = 1000 / options.tokensPerSecond;
	let served = 0;
	const server = http.createServer((req, res) => {
		let raw = '';
		req.on('data', (chunk) => (raw += chunk));
		req.on('end', async () => {
			if (!req.url?.endsWith('/chat/completions')) {
				res.setHeader('content-type', 'application/json');
				res.end(JSON.stringify({ object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model' }] }));
				return;
			}
			served++;
			let body: { stream?: boolean; model?: string };
			try {
				body = JSON.parse(raw) as typeof body;
			} catch {
				res.writeHead(400, { 'content-type': 'application/json' });
				res.end(
					JSON.stringify({ error: { message: 'body is not JSON', type: 'invalid_request_error' } }),
				);
				return;
			}
			const id = `chatcmpl-paced-${served}`;
			const model = body.model ?? 'gpt-4o-mini';
			const created = Math.floor(Date.now() / 1000);
			await sleep(options.firstTokenMs);
			if (body.stream !== true) {
				await sleep(gapMs * (tokens.length - 1));
				res.setHeader('content-type', 'application/json');
				res.end(
					JSON.stringify({
						id,
						object: 'chat.completion',
						created,
						model,
						choices: [
							{
								index: 0,
								message: { role: 'assistant', content: PACED_ANSWER },
								finish_reason: 'stop',
							},
						],
						usage: {
							prompt_tokens: 20,
							completion_tokens: tokens.length,
							total_tokens: 20 + tokens.length,
						},
					}),
				);
				return;
			}
			const frame = (delta: object, finish: string | null) =>
				`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
			res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
			res.write(frame({ role: 'assistant', content: '' }, null));
			for (const [index, token] of tokens.entries()) {
				if (index > 0) await sleep(gapMs);
				if (res.destroyed) return;
				res.write(frame({ content: token }, null));
			}
			res.write(frame({}, 'stop'));
			res.end('data: [DONE]\n\n');
		});
	});
	server.keepAliveTimeout = 65_000;
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
		tokens,
		served: () => served,
		close: () =>
			new Promise((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
