/**
 * Cloud Recording › Start and Stop under the faults Agora's status-code page describes: one
 * recording, nothing started twice, the same body sent again. Sources (AgoraIO/docs-portal):
 * api-reference/api-ref/cloud-recording/status-codes.mdx (206 code 65 "Retry the request", 201 code 7,
 * 400 code 53, 404 "failed to find worker" and its failover FAQ, 429),
 * realtime-media/cloud-recording/reference/common-errors.mdx (65: retry with the same resource ID).
 */
import { DataDeduplicationService } from 'n8n-core';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox/src';
import { agoraWorkflow, runWorkflow, type CredentialData } from '../lib/harness';
import { FAST_TIMING, useSandbox } from '../lib/sandbox';

/** n8n's deduplication store, in memory, so that a repeated execution is recognised. */
class MemoryDeduplicator {
	private readonly seen = new Set<string>();
	async checkProcessedAndRecord(
		items: unknown[],
		scope: string,
		context: { node?: { id: string } },
	) {
		const out = { new: [] as unknown[], processed: [] as unknown[] };
		for (const item of items) {
			const key = `${scope}:${context.node?.id}:${String(item)}`;
			(this.seen.has(key) ? out.processed : out.new).push(item);
			this.seen.add(key);
		}
		return out;
	}
	async removeProcessed() {}
	async clearAllProcessedItems() {}
	async getProcessedDataCount() {
		return 0;
	}
}

let sb: Sandbox;
let credential: CredentialData;
let execution = 0;

beforeAll(async () => await DataDeduplicationService.init(new MemoryDeduplicator() as never));
useSandbox({ startDelayMs: 5, stopDelayMs: 5 }, (started) => ({ sb, credential } = started), {
	timing: FAST_TIMING,
});

const STORAGE = {
	vendor: 'amazonS3',
	amazonS3Region: 'US_EAST_1',
	bucket: 'b',
	accessKey: 'a',
	secretKey: 's',
};

async function run(parameters: INodeParameters, items: IDataObject[] = [{}], executionId?: string) {
	return await runWorkflow(
		agoraWorkflow({ resource: 'cloudRecording', ...parameters }, items),
		credential,
		{ agoraRecordingStorageApi: STORAGE },
		{ executionId: executionId ?? `recording-${++execution}` },
	);
}

const START = { operation: 'start', channelName: 'faults', options: { recorderUid: 900 } };
const statuses = (verb: string) =>
	sb.requests.filter((r) => r.path.endsWith(`/${verb}`)).map((r) => r.status);
const recordings = () =>
	(sb as unknown as { recordings(): Array<{ status: number }> }).recordings();
const running = () => recordings().filter((r) => ![8, 20].includes(r.status));

describe('Cloud Recording under faults', () => {
	it('a re-run after a crash between acquire and start records once', async () => {
		// The first run gets its resource and then never gets a start through (the worker "dies").
		sb.injectFault({ kind: 'drop', pathIncludes: '/start', count: 3 });
		const id = `recording-${++execution}`;
		const first = await run(START, [{}], id);
		expect(first.error('Agora')).toBeDefined();
		expect(recordings()).toHaveLength(0);
		const again = await run(START, [{}], id);
		expect(again.error('Agora')).toBeUndefined();
		expect(running()).toHaveLength(1);
		expect(again.output('Agora')[0]).toMatchObject({ recording: 'started', uid: '900' });
		expect(statuses('acquire')).toEqual([200, 200]);
	});

	it('206 code 65 on start: the same start is sent again and records once', async () => {
		sb.injectFault({ kind: '206-65', pathIncludes: '/start' });
		const result = await run(START);
		expect(result.error('Agora')).toBeUndefined();
		expect(statuses('start')).toEqual([206, 200]);
		const starts = sb.requests.filter((r) => r.path.endsWith('/start'));
		expect(starts[1].path).toBe(starts[0].path);
		expect(starts[1].body).toEqual(starts[0].body);
		expect(running()).toHaveLength(1);
	});

	it('429 on acquire and start: waited out, one recording', async () => {
		sb.injectFault({ kind: '429', pathIncludes: '/acquire', retryAfterSeconds: 0 });
		sb.injectFault({ kind: '429', pathIncludes: '/start', retryAfterSeconds: 0 });
		const result = await run(START);
		expect(result.error('Agora')).toBeUndefined();
		expect(statuses('acquire')).toEqual([429, 200]);
		expect(statuses('start')).toEqual([429, 200]);
		expect(running()).toHaveLength(1);
	});

	it('a start applied whose answer was lost: the repeat reads 201 code 7, nothing starts twice', async () => {
		sb.injectFault({ kind: 'drop-after-commit', pathIncludes: '/start' });
		const result = await run(START);
		expect(statuses('start')).toEqual([0, 201]);
		expect(running()).toHaveLength(1);
		// Agora's documented 201 is {code: 7, reason} with no sid: the ids cannot be learnt, and the
		// error says where the recording runs and that it ends by idle exit.
		expect(String(result.error('Agora')?.description)).toMatch(
			/runs under resource ID .*Max Idle Time/,
		);
	});

	it('a 404 during a failover: query waits it out and reports the running recording, not its end', async () => {
		const started = (await run(START)).output('Agora')[0];
		sb.injectFault({
			kind: 'failover',
			pathIncludes: `/sid/${String(started.sid)}/`,
			durationMs: 300,
		});
		const result = await run({ operation: 'get' }, [started]);
		expect(result.error('Agora')).toBeUndefined();
		expect(result.output('Agora')[0]).toMatchObject({ running: true, sid: started.sid });
		expect(statuses('query')[0]).toBe(404);
		expect(statuses('query').pop()).toBe(200);
	});

	it('a 404 that outlasts the failover wait is reported as ended', async () => {
		const started = (await run(START)).output('Agora')[0];
		expect((await run({ operation: 'stop' }, [started])).error('Agora')).toBeUndefined();
		const result = await run({ operation: 'get', options: { failoverWaitSeconds: 0 } }, [started]);
		expect(result.error('Agora')).toBeUndefined();
		expect(result.output('Agora')[0]).toMatchObject({ running: false, status: 'ended' });
	});
});
