/**
 * The callee of an outbound call follows a script: answers and says its lines (the agent answers
 * each through its LLM, greeting first), then hangs up; or is busy, or the call fails. The
 * transcript shows in history, turns and 103; the ending in GET call and 202 HANGUP.
 */
import type { AxiosInstance } from 'axios';
import { startSandbox } from '../src/index';
import type { Sandbox } from '../src/index';
import { agentPath, client, startBody, waitFor } from '../src/helpers';
import { startScriptedModel, type ScriptedModel } from '../src/scriptedModel';
import { type Notice, type Party, startReceiver } from './loopFixtures';

const SETUP_MS = 400;
let sb: Sandbox;
let api: AxiosInstance;
let model: ScriptedModel;
let receiver: Party & { notices: Notice[] };

beforeAll(async () => {
	model = await startScriptedModel();
	receiver = await startReceiver();
	sb = await startSandbox({
		startDelayMs: 10,
		stopDelayMs: 10,
		callSetupMs: SETUP_MS,
		clock: 'manual',
		notify: { url: receiver.url, secret: 's', retryDelayMs: 1 },
	});
	api = client(sb);
});
afterAll(async () => {
	await sb.close();
	await model.close();
	await receiver.close();
});
beforeEach(() => {
	sb.reset();
	receiver.notices.length = 0;
});

async function dial(properties: Record<string, unknown>, pipeline = false): Promise<string> {
	const sip = {
		to_number: '+19876543210',
		from_number: '+11234567890',
		rtc_uid: '100',
		rtc_token: 't',
	};
	const body = pipeline
		? {
				name: 'reminder',
				sip,
				pipeline_id: 'pl_1',
				properties: {
					channel: 'phone',
					token: 't',
					agent_rtc_uid: '111',
					remote_rtc_uids: ['100'],
				},
			}
		: {
				name: 'reminder',
				sip,
				properties: {
					...startBody({ channel: 'phone' }).properties,
					remote_rtc_uids: ['100'],
					...properties,
				},
			};
	const r = await api.post(agentPath(sb, '/call'), body);
	expect(r.status).toBe(200);
	return r.data.agent_id as string;
}

const llm = {
	url: '',
	api_key: 'k',
	system_messages: [{ role: 'system', content: 'Confirm the appointment.' }],
	greeting_message: 'Hello, this is the clinic.',
};
const callOf = (id: string) => api.get(agentPath(sb, `/calls/${id}`));
const states = (id: string) =>
	receiver.notices
		.filter((n) => n.eventType === 202 && n.payload.agent_id === id)
		.map((n) => n.payload.state);

describe('a callee that answers and says its lines', () => {
	it('greets on answer, answers each line through the LLM, hangs up after the last answer; transcript and ending reported', async () => {
		await api.post('/_sandbox/telephony/callees', {
			number: '*',
			script: { action: 'answer', afterMs: 100, lines: ['Hi, Anna here.', 'Tuesday works.'] },
		});
		const id = await dial({ llm: { ...llm, url: `${model.url}/chat/completions` } });
		sb.clock.advance(SETUP_MS + 99);
		expect(sb.agents()[0].history).toEqual([]); // no greeting before the answer
		sb.clock.advance(1);
		const conv = await waitFor(async () => {
			const c = await api.get(`/_sandbox/agents/${id}/conversation`);
			return c.data.exchanges.length === 2 && c.data.exchanges[1].answer ? c.data : undefined;
		});
		expect(conv.history).toEqual([
			{ role: 'assistant', content: 'Hello, this is the clinic.' },
			{ role: 'user', content: 'Hi, Anna here.' },
			{ role: 'assistant', content: 'You said: Hi, Anna here.' },
			{ role: 'user', content: 'Tuesday works.' },
			{ role: 'assistant', content: 'You said: Tuesday works.' },
		]);
		expect((await callOf(id)).data.state).toBe('answered');
		sb.clock.advance(60_000);
		const ended = (await callOf(id)).data;
		expect(ended).toMatchObject({ state: 'hangup', reason: 'hangup' });
		expect(ended.stop_ts).toBeGreaterThan(ended.create_ts);
		const turns = (await api.get(agentPath(sb, `/agents/${id}/turns`))).data.turns.map(
			(t: { start: { type: string } }) => t.start.type,
		);
		expect(turns).toEqual(['greeting', 'voice_input', 'voice_input']);
		const history = await waitFor(() =>
			receiver.notices.find((n) => n.eventType === 103 && n.payload.agent_id === id),
		);
		expect(history.payload.contents).toEqual(conv.history);
		await waitFor(() => states(id).includes('HANGUP'));
		expect(states(id)).toEqual(['START', 'CALLING', 'RINGING', 'ANSWERED', 'HANGUP']);
	});

	it('the control API speaks into a call only while it is answered', async () => {
		sb.setCallee('*', { action: 'answer', afterMs: 100, hangUpAfterMs: 1000 });
		const id = await dial({ llm: { ...llm, url: `${model.url}/chat/completions` } });
		sb.clock.advance(SETUP_MS);
		const ringing = await api.post(`/_sandbox/agents/${id}/say`, { text: 'Hello?' });
		expect({ status: ringing.status, error: ringing.data.error }).toEqual({
			status: 409,
			error: expect.stringContaining('RINGING'),
		});
		sb.clock.advance(100);
		expect((await api.post(`/_sandbox/agents/${id}/say`, { text: 'Hello?' })).data.answer).toBe(
			'You said: Hello?',
		);
	});

	it('on a pipeline agent (no llm.url) the lines join the history unanswered', async () => {
		sb.setCallee('*', {
			action: 'answer',
			afterMs: 0,
			hangUpAfterMs: 5000,
			lines: ['Is this the clinic?'],
		});
		const id = await dial({}, true);
		sb.clock.advance(SETUP_MS);
		await waitFor(() => sb.agents()[0].history.length === 1);
		expect(sb.agents()[0].history).toEqual([{ role: 'user', content: 'Is this the clinic?' }]);
		sb.clock.advance(5000);
		expect((await callOf(id)).data).toMatchObject({ state: 'hangup', reason: 'hangup' });
	});
});

describe('a callee that never talks', () => {
	it('busy: the line never rings and the call ends failed', async () => {
		await api.post('/_sandbox/telephony/callees', {
			number: '+19876543210',
			script: { action: 'busy' },
		});
		const id = await dial({ llm: { ...llm, url: `${model.url}/chat/completions` } });
		sb.clock.advance(SETUP_MS);
		expect((await callOf(id)).data).toMatchObject({ state: 'hangup', reason: 'failed' });
		expect(sb.calls()[0].outcome).toBe('busy');
		await waitFor(() => states(id).includes('HANGUP'));
		expect(states(id)).toEqual(['START', 'CALLING', 'HANGUP']);
	});

	it('fail: the call fails before it is placed', async () => {
		sb.setCallee('*', { action: 'fail' });
		const id = await dial({}, true);
		sb.clock.advance(SETUP_MS / 2);
		expect((await callOf(id)).data).toMatchObject({ state: 'hangup', reason: 'failed' });
		await waitFor(() => states(id).includes('HANGUP'));
		expect(states(id)).toEqual(['START', 'HANGUP']);
	});

	it('a script with an empty line or an unknown action is refused', async () => {
		for (const script of [{ action: 'answer', lines: [''] }, { action: 'hang-around' }]) {
			const r = await api.post('/_sandbox/telephony/callees', { number: '*', script });
			expect(r.status).toBe(400);
			expect(r.data.error).toMatch(/"busy"/);
		}
	});
});
