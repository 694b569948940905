/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * Buffered mode on a real Node response (127.0.0.1): the trigger accepts a turn, then the test
 * ends the response the way n8n does when the run is over. n8n's own answers for a run without a
 * reply (empty 200 on n8n 1.x for a failure and on every version without a Reply; "Error in
 * workflow" 500 on 2.x) reach the client as OpenAI errors; the Reply's answers pass untouched.
 */
import http from 'http';
import type { AddressInfo } from 'net';

import { AgoraLlmTrigger } from '../../../nodes/AgoraLlmTrigger/AgoraLlmTrigger.node';
import { isOpenAiAnswer, NO_REPLY } from '../../../nodes/AgoraLlmTrigger/answerGuard';
import { WORKFLOW_FAILED } from '../../../nodes/AgoraLlmTrigger/answerBound';
import {
	completionJson,
	completionSse,
	JSON_HEADERS,
	openAiError,
	SSE_HEADERS,
} from '../../../nodes/shared/brain/openAiChat';
import { llmWebhookContext } from '../../lib/fakeResponse';

const chat = { model: 'm', stream: true, messages: [{ role: 'user', content: 'hi' }] };
const trigger = new AgoraLlmTrigger();

/** What n8n writes when the run is over, as express calls would leave it on the response. */
type N8nEnding = (res: http.ServerResponse) => void;

/** express `res.status(code).json(data)`: status and headers set, then one end() with the body. */
const expressJson =
	(status: number, data: unknown): N8nEnding =>
	(res) => {
		res.statusCode = status;
		res.setHeader('X-Powered-By', 'Express');
		res.setHeader('Content-Type', 'application/json; charset=utf-8');
		const body = JSON.stringify(data);
		if (body === undefined) {
			res.end();
			return;
		}
		res.setHeader('Content-Length', Buffer.byteLength(body));
		res.setHeader('ETag', 'W/"1a-abc"');
		res.end(Buffer.from(body));
	};

/** n8n's path for the Reply's Buffer body: its headers applied, then end(buffer), then end() on the next tick. */
const replyBuffer =
	(headers: Record<string, string>, body: string): N8nEnding =>
	(res) => {
		for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
		res.end(Buffer.from(body));
		process.nextTick(() => res.end());
	};

/** One turn through the trigger on a real server; `ending` plays n8n's end of the run. */
async function turn(ending: N8nEnding, options = {}) {
	const warnings: string[] = [];
	const server = http.createServer((req, res) => {
		void (async () => {
			const { fn, warnings: logged } = llmWebhookContext(
				{ headers: { authorization: 'Bearer secret-key' }, body: chat },
				options,
				'secret-key',
				res,
			);
			const result = await trigger.webhook.call(fn);
			expect(result.workflowData).toBeDefined();
			ending(res);
			warnings.push(...logged);
		})();
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	try {
		const { port } = server.address() as AddressInfo;
		const answer = await fetch(`http://127.0.0.1:${port}/chat/completions`, { method: 'POST' });
		return {
			status: answer.status,
			type: answer.headers.get('content-type'),
			etag: answer.headers.get('etag'),
			body: await answer.text(),
			warnings,
		};
	} finally {
		server.closeAllConnections();
		await new Promise((resolve) => server.close(resolve));
	}
}

describe('buffered answer guard', () => {
	it('an empty 200 (n8n 1.x after a failed run; any version when no Reply ran) becomes a 500 OpenAI error', async () => {
		const answer = await turn(expressJson(200, undefined));
		expect(answer).toMatchObject({
			status: 500,
			type: expect.stringMatching(/^application\/json/),
		});
		expect(JSON.parse(answer.body)).toEqual({
			error: { message: NO_REPLY, type: 'server_error', code: 'no_answer', param: null },
		});
		expect(answer.warnings.join()).toContain(NO_REPLY);
	});

	it('n8n 2.x "Error in workflow" 500 becomes an OpenAI error naming the failure, without n8n’s headers', async () => {
		const answer = await turn(expressJson(500, { message: 'Error in workflow' }));
		expect(answer.status).toBe(500);
		expect(JSON.parse(answer.body).error).toMatchObject({
			message: WORKFLOW_FAILED,
			code: 'workflow_error',
		});
		expect(answer.etag).toBeNull();
	});

	it('n8n’s "Workflow executed successfully" message is no answer either', async () => {
		const answer = await turn(
			expressJson(200, { message: 'Workflow executed successfully but no data was returned' }),
		);
		expect(JSON.parse(answer.body).error.code).toBe('no_answer');
	});

	it('the Reply’s SSE and JSON answers and its OpenAI error pass untouched', async () => {
		const sse = completionSse({ content: 'Hello', model: 'm' });
		expect(await turn(replyBuffer(SSE_HEADERS, sse))).toMatchObject({ status: 200, body: sse });
		const json = JSON.stringify(completionJson({ content: 'Hello', model: 'm' }));
		expect(await turn(replyBuffer(JSON_HEADERS, json))).toMatchObject({ status: 200, body: json });
		const refusal = openAiError('The workflow’s answer was empty', 'server_error', 'empty_answer');
		const answer = await turn(expressJson(500, refusal));
		expect({ status: answer.status, body: JSON.parse(answer.body) }).toEqual({
			status: 500,
			body: refusal,
		});
	});

	it('tells OpenAI answers and errors from anything else', () => {
		expect(isOpenAiAnswer(200, completionSse({ content: 'a', model: 'm' }))).toBe(true);
		expect(isOpenAiAnswer(200, JSON.stringify(completionJson({ content: '', model: 'm' })))).toBe(
			true,
		);
		expect(
			isOpenAiAnswer(504, JSON.stringify(openAiError('late', 'server_error', 'timeout'))),
		).toBe(true);
		expect(isOpenAiAnswer(200, '')).toBe(false);
		expect(isOpenAiAnswer(200, 'data: {"choices":[]}\n\n')).toBe(false);
		expect(isOpenAiAnswer(200, JSON.stringify(openAiError('x', 'server_error', 'x')))).toBe(false);
		expect(isOpenAiAnswer(500, JSON.stringify(completionJson({ content: 'a', model: 'm' })))).toBe(
			false,
		);
		expect(isOpenAiAnswer(500, '{"message":"Error in workflow"}')).toBe(false);
	});
});
