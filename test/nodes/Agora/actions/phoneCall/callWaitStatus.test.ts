/**
 * How Wait for the Call to End reads Agora's call status, against scripted status answers: what ends
 * the wait and what says the call was answered (agent-server-sdk-ts telephony/types/GetTelephonyResponse.ts:
 * state answered | hangup; reason request | hangup "the other party hung up" | failed; stop_ts 0 or null while it goes on).
 */
import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';

import {
	callWaitClock,
	waitForCallEnd,
} from '../../../../../nodes/Agora/actions/phoneCall/callWait';
import type { AgoraContext } from '../../../../../nodes/Agora/transport';

const ctx = {
	baseUrl: 'http://127.0.0.1:9',
	appId: 'A',
	appCertificate: '',
	authentication: 'basic',
	secrets: [],
	timeoutMs: 1000,
	maxRetries: 0,
} as unknown as AgoraContext;
const settings = { limitMs: 60_000, pollMs: 1000, hangUpAtLimit: false };

/** Answers each status read with the next scripted body (the last one repeats); history: 404. */
function agora(statuses: IDataObject[], reads: string[]): IExecuteFunctions {
	let next = 0;
	return {
		getNode: () =>
			({
				name: 'Agora',
				type: 'n8n-nodes-agora.agora',
				typeVersion: 1,
				parameters: {},
			}) as unknown as INode,
		helpers: {
			httpRequestWithAuthentication: async (_type: string, options: { url: string }) => {
				reads.push(options.url);
				if (options.url.endsWith('/history'))
					return { statusCode: 404, body: { detail: 'gone', reason: 'TaskNotFound' }, headers: {} };
				const body = statuses[Math.min(next++, statuses.length - 1)];
				return { statusCode: 200, body, headers: {} };
			},
		},
	} as unknown as IExecuteFunctions;
}

const saved = { ...callWaitClock };
let now = 0;
beforeAll(() => {
	callWaitClock.now = () => now;
	callWaitClock.sleep = async (ms) => {
		now += ms;
	};
});
afterAll(() => Object.assign(callWaitClock, saved));
beforeEach(() => {
	now = 0;
});

const statusReads = (urls: string[]) => urls.filter((u) => /\/calls\/[^/]+$/.test(u)).length;

test('an empty reason while the call rings does not end the wait', async () => {
	const urls: string[] = [];
	const ringing = { agent_id: 'X', reason: '', stop_ts: 0, create_ts: 100 };
	const ended = { agent_id: 'X', state: 'hangup', reason: 'failed', stop_ts: 130, create_ts: 100 };
	const out = await waitForCallEnd(agora([ringing, ringing, ended], urls), ctx, 'X', settings, 0);
	expect(statusReads(urls)).toBe(3);
	expect(out).toMatchObject({ ended: true, answered: false, reason: 'failed' });
});

test('reason hangup without an answered state or the callee’s words: not answered (the other party hung up while it rang)', async () => {
	const urls: string[] = [];
	const out = await waitForCallEnd(
		agora(
			[{ agent_id: 'X', state: 'hangup', reason: 'hangup', stop_ts: 110, create_ts: 100 }],
			urls,
		),
		ctx,
		'X',
		settings,
		0,
	);
	expect(out).toMatchObject({ ended: true, answered: false, reason: 'hangup' });
});

test('a check that saw answered says answered, whatever the reason', async () => {
	const urls: string[] = [];
	const statuses = [
		{ agent_id: 'X', state: 'answered', stop_ts: null, create_ts: 100 },
		{ agent_id: 'X', state: 'hangup', reason: 'hangup', stop_ts: 160, create_ts: 100 },
	];
	const out = await waitForCallEnd(agora(statuses, urls), ctx, 'X', settings, 0);
	expect(out).toMatchObject({
		ended: true,
		answered: true,
		reason: 'hangup',
		duration_seconds: 60,
	});
});
