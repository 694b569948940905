/** Outbound calls, call records, hang-up and callee scripts, on a manual clock. */
import type { AxiosInstance } from 'axios';
import { startSandbox } from '../src/index';
import type { Sandbox } from '../src/index';
import { agentPath, agoraToken, client, startBody, tokenClient } from '../src/helpers';

const SETUP_MS = 400;
let sb: Sandbox;
let api: AxiosInstance;

beforeAll(async () => {
	sb = await startSandbox({
		startDelayMs: 10,
		stopDelayMs: 10,
		callSetupMs: SETUP_MS,
		ringTimeoutMs: 20_000,
		clock: 'manual',
	});
	api = client(sb);
});
afterAll(() => sb.close());
beforeEach(() => sb.reset());

type Body = Record<string, unknown>;

function callBody(
	over: { to?: string; name?: string; pipeline?: boolean; properties?: Body } = {},
): Body {
	const base: Body = {
		name: over.name ?? 'customer_service',
		sip: {
			to_number: over.to ?? '+19876543210',
			from_number: '+11234567890',
			rtc_uid: '100',
			rtc_token: '<sip token>',
		},
	};
	if (over.pipeline === false)
		return {
			...base,
			properties: {
				...startBody({ channel: 'phone' }).properties,
				remote_rtc_uids: ['100'],
				...over.properties,
			},
		};
	return {
		...base,
		pipeline_id: 'pl_1',
		properties: {
			channel: 'phone',
			token: '<token>',
			agent_rtc_uid: '111',
			remote_rtc_uids: ['100'],
			...over.properties,
		},
	};
}

async function dial(body: Body = callBody()): Promise<string> {
	const r = await api.post(agentPath(sb, '/call'), body);
	expect({ status: r.status, data: r.data }).toEqual({
		status: 200,
		data: { agent_id: expect.any(String) },
	});
	return r.data.agent_id as string;
}

const call = (id: string) => sb.calls().find((c) => c.agentId === id)!;
const status = (id: string) => api.get(agentPath(sb, `/calls/${id}`));

describe('outbound call', () => {
	it('creates an agent in the channel; START, CALLING, RINGING, answered after 2 s by default, hang-up', async () => {
		const id = await dial();
		expect(sb.agents()).toEqual([
			expect.objectContaining({
				agentId: id,
				name: 'customer_service',
				channel: 'phone',
				agentUid: '111',
			}),
		]);
		expect(call(id).state).toBe('START');
		let s = await status(id);
		expect(s.data).toEqual({
			to_number: '+19876543210',
			from_number: '+11234567890',
			pipeline_id: 'pl_1',
			type: 'outbound',
			agent_id: id,
			channel: 'phone',
			create_ts: sb.clock.nowS(),
			stop_ts: 0,
		});
		sb.clock.advance(SETUP_MS / 2);
		expect(call(id).state).toBe('CALLING');
		sb.clock.advance(SETUP_MS / 2);
		expect(call(id).state).toBe('RINGING');
		sb.clock.advance(1999);
		expect((await status(id)).data.state).toBeUndefined();
		sb.clock.advance(1);
		expect((await status(id)).data.state).toBe('answered');
		expect(sb.agents()[0].status).toBe('RUNNING');
		const h = await api.post(agentPath(sb, `/calls/${id}/hangup`), {});
		expect({ status: h.status, data: h.data }).toEqual({ status: 200, data: {} });
		s = await status(id);
		expect(s.data).toMatchObject({ state: 'hangup', reason: 'request', stop_ts: sb.clock.nowS() });
		expect(sb.agents()[0].status).toBe('STOPPING');
		sb.clock.advance(10);
		expect(sb.agents()[0]).toMatchObject({ status: 'STOPPED', stopReason: 'call_ended' });
		const again = await api.post(agentPath(sb, `/calls/${id}/hangup`));
		expect(again.status).toBe(404);
		expect(again.data.reason).toBe('TaskNotFound');
		expect(call(id).states.map((x) => x.state)).toEqual([
			'START',
			'CALLING',
			'RINGING',
			'ANSWERED',
			'HANGUP',
		]);
	});

	it('the full configuration of start-agent instead of a pipeline, validated the same way', async () => {
		const id = await dial(callBody({ pipeline: false }));
		expect(sb.agents()[0].properties.llm).toBeDefined();
		expect((await status(id)).data.pipeline_id).toBeUndefined();
		const r = await api.post(
			agentPath(sb, '/call'),
			callBody({ pipeline: false, properties: { llm: undefined } }),
		);
		expect(r.status).toBe(400);
		expect(r.data.detail).toContain('properties.llm');
	});

	it('remote_rtc_uids defaults to the SIP gateway uid', async () => {
		await dial(callBody({ properties: { remote_rtc_uids: undefined } }));
		expect(sb.agents()[0].properties.remote_rtc_uids).toEqual(['100']);
	});

	it.each([
		[
			'to_number without +',
			{
				sip: { to_number: '19876543210', from_number: '+11234567890', rtc_uid: '1', rtc_token: '' },
			},
			'sip.to_number',
		],
		[
			'to_number starting +0',
			{ sip: { to_number: '+0123456', from_number: '+11234567890', rtc_uid: '1', rtc_token: '' } },
			'sip.to_number',
		],
		[
			'to_number of 16 digits',
			{
				sip: {
					to_number: '+1234567890123456',
					from_number: '+11234567890',
					rtc_uid: '1',
					rtc_token: '',
				},
			},
			'sip.to_number',
		],
		[
			'from_number with spaces',
			{
				sip: {
					to_number: '+19876543210',
					from_number: '+1 123 456 7890',
					rtc_uid: '1',
					rtc_token: '',
				},
			},
			'sip.from_number',
		],
		[
			'no rtc_uid',
			{ sip: { to_number: '+19876543210', from_number: '+11234567890', rtc_token: '' } },
			'sip.rtc_uid',
		],
		[
			'no rtc_token',
			{ sip: { to_number: '+19876543210', from_number: '+11234567890', rtc_uid: '1' } },
			'sip.rtc_token',
		],
		['no sip', { sip: undefined }, 'sip'],
		['no name', { name: undefined }, 'name'],
		['no properties', { properties: undefined }, 'properties'],
		['no channel', { properties: { token: '', agent_rtc_uid: '1' } }, 'properties.channel'],
	])('400 on %s, naming the field', async (_n, change, field) => {
		const r = await api.post(agentPath(sb, '/call'), { ...callBody(), ...change });
		expect(r.status).toBe(400);
		expect(r.data.detail).toContain(field);
		expect(sb.calls()).toHaveLength(0);
	});

	it('409 while an agent of that name lives; Basic only ("This endpoint requires Basic Auth", telephony page)', async () => {
		await dial();
		expect((await api.post(agentPath(sb, '/call'), callBody())).status).toBe(409);
		const token = tokenClient(sb, agoraToken(sb, 'phone', 111));
		expect((await token.post(agentPath(sb, '/call'), callBody({ name: 'b' }))).status).toBe(401);
		expect((await token.get('/api/conversational-ai-agent/v2/phone-numbers')).status).toBe(401);
	});

	it('requireImportedNumbers: the caller number must be imported with outbound enabled', async () => {
		sb.configure({ requireImportedNumbers: true });
		try {
			const r = await api.post(agentPath(sb, '/call'), callBody());
			expect(r.status).toBe(400);
			expect(r.data.detail).toContain('sip.from_number');
			await api.post('/api/conversational-ai-agent/v2/phone-numbers', {
				provider: 'byo',
				phone_number: '+11234567890',
				label: 'Sales',
				inbound_config: {},
				outbound_config: {},
			});
			await dial();
		} finally {
			sb.configure({ requireImportedNumbers: false });
		}
	});
});

describe('callee scripts', () => {
	const ring = (): void => sb.clock.advance(SETUP_MS);

	it('reject: the call ends failed after the reject delay and the agent leaves', async () => {
		sb.setCallee('*', { action: 'reject', afterMs: 1500 });
		const id = await dial();
		ring();
		sb.clock.advance(1500);
		expect(call(id)).toMatchObject({ state: 'HANGUP', reason: 'failed', outcome: 'rejected' });
		expect((await status(id)).data).toMatchObject({ state: 'hangup', reason: 'failed' });
		sb.clock.advance(10);
		expect(sb.agents()[0].status).toBe('STOPPED');
	});

	it('no-answer: rings until ringTimeoutMs, then ends failed', async () => {
		const r = await api.post('/_sandbox/telephony/callees', {
			number: '+19876543210',
			script: { action: 'no-answer' },
		});
		expect(r.status).toBe(200);
		const id = await dial();
		ring();
		sb.clock.advance(19_999);
		expect(call(id).state).toBe('RINGING');
		sb.clock.advance(1);
		expect(call(id)).toMatchObject({ state: 'HANGUP', reason: 'failed', outcome: 'no-answer' });
	});

	it('answer then hang up: the callee ends the call (reason hangup); scripts are per number', async () => {
		sb.setCallee('+15550001111', { action: 'answer', afterMs: 500, hangUpAfterMs: 30_000 });
		const id = await dial(callBody({ to: '+15550001111' }));
		const other = await dial(callBody({ name: 'other' }));
		ring();
		sb.clock.advance(500);
		expect(call(id).state).toBe('ANSWERED');
		expect(call(other).state).toBe('RINGING');
		sb.clock.advance(30_000);
		expect(call(id)).toMatchObject({ state: 'HANGUP', reason: 'hangup', outcome: 'answered' });
		expect(call(other).state).toBe('ANSWERED');
	});

	it('the agent leaving ends the call (reason request); remote-hangup over the control API', async () => {
		const a = await dial();
		const b = await dial(callBody({ name: 'b' }));
		ring();
		sb.clock.advance(2000);
		await api.post(agentPath(sb, `/agents/${a}/leave`));
		sb.clock.advance(10);
		expect(call(a)).toMatchObject({ state: 'HANGUP', reason: 'request' });
		const r = await api.post(`/_sandbox/calls/${b}/remote-hangup`);
		expect(r.status).toBe(200);
		expect(call(b)).toMatchObject({ state: 'HANGUP', reason: 'hangup' });
		expect((await api.post('/_sandbox/calls/NOPE/remote-hangup')).status).toBe(404);
	});

	it('bad scripts are refused; DELETE restores the default', async () => {
		expect(
			(await api.post('/_sandbox/telephony/callees', { number: '*', script: { action: 'ring' } }))
				.status,
		).toBe(400);
		expect(
			(
				await api.post('/_sandbox/telephony/callees', {
					number: '555',
					script: { action: 'reject' },
				})
			).status,
		).toBe(400);
		expect(
			(await api.post('/_sandbox/telephony/callees', { script: { action: 'answer', afterMs: -1 } }))
				.status,
		).toBe(400);
		sb.setCallee('*', { action: 'no-answer' });
		const d = await api.delete('/_sandbox/telephony/callees');
		expect(d.data.callees).toEqual({ '*': { action: 'answer', afterMs: 2000 } });
	});
});

describe('call records', () => {
	const list = (params: Record<string, unknown> = {}) =>
		api.get(agentPath(sb, '/call'), { params });
	const ids = (r: { data: { data: { list: Array<{ agent_id: string }> } } }) =>
		r.data.data.list.map((c) => c.agent_id);

	it('lists calls with count, total, an agent_id cursor and status "ok"', async () => {
		const all: string[] = [];
		for (let i = 0; i < 5; i++) all.push(await dial(callBody({ name: `c${i}` })));
		const r1 = await list({ limit: 2 });
		expect(r1.data).toMatchObject({
			status: 'ok',
			data: { count: 2 },
			meta: { total: 5, cursor: all[2] },
		});
		expect(r1.data.data.list[0]).toEqual({
			to_number: '+19876543210',
			from_number: '+11234567890',
			pipeline_id: 'pl_1',
			type: 'outbound',
			agent_id: all[0],
			channel: 'phone',
			create_ts: expect.any(Number),
			stop_ts: 0,
		});
		expect(ids(await list({ limit: 2, cursor: r1.data.meta.cursor }))).toEqual(all.slice(2, 4));
		const last = await list({ limit: 2, cursor: all[4] });
		expect(ids(last)).toEqual([all[4]]);
		expect(last.data.meta.cursor).toBe('');
	});

	it('filters by number (either side), type and time; by default the last 60 days', async () => {
		const old = await dial(callBody({ name: 'old' }));
		sb.clock.advance(61 * 86_400_000);
		const recent = await dial(callBody({ name: 'recent', to: '+15550002222' }));
		expect(ids(await list())).toEqual([recent]);
		expect(ids(await list({ from_time: 0 }))).toEqual([old, recent]);
		expect(ids(await list({ from_time: 0, number: '+15550002222' }))).toEqual([recent]);
		expect(ids(await list({ from_time: 0, number: '+11234567890' }))).toEqual([old, recent]);
		expect(ids(await list({ from_time: 0, type: 'inbound' }))).toEqual([]);
		expect(ids(await list({ from_time: 0, to_time: sb.clock.nowS() - 3600 }))).toEqual([old]);
	});

	it.each([
		['type', 'sip'],
		['limit', '0'],
		['from_time', 'today'],
		['cursor', 'NOPE'],
	])('400 on %s=%s', async (k, v) => {
		const r = await list({ [k]: v });
		expect(r.status).toBe(400);
		expect(r.data.detail).toContain(k);
	});

	it('unknown call is 404; wrong method 405; another project 404', async () => {
		expect((await status('NOPE')).status).toBe(404);
		expect((await api.put(agentPath(sb, '/call'))).status).toBe(405);
		expect((await api.get(agentPath(sb, '/calls/X/hangup'))).status).toBe(405);
		expect((await api.get('/api/conversational-ai-agent/v2/projects/other/call')).status).toBe(404);
	});
});
