/**
 * Phone Call › Call with Wait for the Call to End, through n8n's engine against the sandbox (manual
 * clock: the node's waits move the sandbox clock instead of sleeping). The callee follows a script;
 * the agent's LLM is the scripted model, so the transcript is a real one.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { callWaitClock } from '../../../../../nodes/Agora/actions/phoneCall/callWait';
import type { Sandbox } from '../../../../../sandbox/src';
import { waitFor } from '../../../../../sandbox/src/helpers';
import { startScriptedModel, type ScriptedModel } from '../../../../../sandbox/src/scriptedModel';
import { agoraWorkflow, runWorkflow, type CredentialData } from '../../../../lib/harness';
import { useSandbox } from '../../../../lib/sandbox';

const SETUP_MS = 400;
const TO = '+14155550123';

let sb: Sandbox;
let model: ScriptedModel;
let credential: CredentialData;
const savedClock = { ...callWaitClock };
/** Entries the answered call's history must hold before the clock moves on (the lines are answered by real I/O). */
let historyBeforeMoving = 0;

beforeAll(async () => (model = await startScriptedModel()));
useSandbox(
	{
		startDelayMs: 5,
		stopDelayMs: 5,
		callSetupMs: SETUP_MS,
		ringTimeoutMs: 30_000,
		clock: 'manual',
	},
	(started) => {
		({ sb, credential } = started);
		callWaitClock.now = () => sb.clock.now();
		callWaitClock.sleep = async (ms) => {
			const agent = sb.agents()[0];
			if (sb.calls()[0]?.state === 'ANSWERED' && agent)
				await waitFor(() => agent.history.length >= historyBeforeMoving);
			sb.clock.advance(ms);
		};
	},
);
afterAll(async () => {
	Object.assign(callWaitClock, savedClock);
	await model.close();
});
beforeEach(() => (historyBeforeMoving = 0));

function callParams(over: IDataObject = {}): INodeParameters {
	return {
		resource: 'phoneCall',
		operation: 'call',
		toNumber: TO,
		fromNumber: '+14155550100',
		name: `wait-${Math.random().toString(36).slice(2)}`,
		channel: 'phone-room',
		remoteRtcUid: '100',
		agentRtcUid: '111',
		llmUrl: `${model.url}/chat/completions`,
		llmApiKey: 'sk-test',
		llmOptions: { greetingMessage: 'Hello, this is the clinic.' },
		ttsVendor: 'microsoft',
		ttsParams: '{"key": "tts-key", "voice_name": "en-US-AndrewNeural"}',
		waitForEnd: true,
		waitLimitMinutes: 10,
		pollSeconds: 3,
		...over,
	} as INodeParameters;
}

async function call(over: IDataObject = {}): Promise<IDataObject> {
	const result = await runWorkflow(agoraWorkflow(callParams(over), [{}]), credential);
	expect(result.error('Agora')).toBeUndefined();
	const out = result.output('Agora');
	expect(out).toHaveLength(1);
	return out[0];
}

describe('Call with Wait for the Call to End', () => {
	test('answered: the outcome, the reason, the duration and the transcript captured before the agent left', async () => {
		sb.setCallee(TO, {
			action: 'answer',
			afterMs: 1000,
			lines: ['Hi, Anna here.', 'Tuesday works.'],
		});
		historyBeforeMoving = 4;
		const out = await call();
		expect(out).toMatchObject({
			agent_id: sb.calls()[0].agentId,
			ended: true,
			answered: true,
			reason: 'hangup',
			state: 'hangup',
			wait_limit_reached: false,
		});
		expect(out.transcript).toEqual([
			{ role: 'assistant', content: 'Hello, this is the clinic.' },
			{ role: 'user', content: 'Hi, Anna here.' },
			{ role: 'assistant', content: 'You said: Hi, Anna here.' },
			{ role: 'user', content: 'Tuesday works.' },
		]);
		// The callee hangs up as the agent's last answer ends; the agent leaves with it, before the
		// next check: that answer is only in the 103 history notification (Agora Trigger).
		expect(out.transcript_text).toContain('Callee: Tuesday works.');
		expect(out.duration_seconds).toBeGreaterThan(0);
		// The agent has left: Agora no longer serves its history, the output kept it.
		expect(sb.agents()[0].status).not.toBe('RUNNING');
	});

	test.each([
		['rejected', { action: 'reject', afterMs: 2000 } as const],
		['never answered', { action: 'no-answer' } as const],
		['failed before ringing', { action: 'fail' } as const],
	])('%s: not answered, reason failed, no transcript', async (_case, script) => {
		sb.setCallee(TO, script);
		const out = await call();
		expect(out).toMatchObject({
			ended: true,
			answered: false,
			reason: 'failed',
			transcript: [],
			transcript_text: '',
		});
	});

	test('the limit hangs up a call still going on and says so', async () => {
		sb.setCallee(TO, { action: 'answer', afterMs: 0 });
		historyBeforeMoving = 1;
		const out = await call({ waitLimitMinutes: 1 });
		expect(out).toMatchObject({
			ended: true,
			answered: true,
			wait_limit_reached: true,
			hung_up_at_limit: true,
			reason: 'request',
		});
		expect(
			sb.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/hangup')),
		).toHaveLength(1);
	});

	test('the limit without hanging up leaves the call going on', async () => {
		sb.setCallee(TO, { action: 'answer', afterMs: 0 });
		historyBeforeMoving = 1;
		const out = await call({ waitLimitMinutes: 1, hangUpAtLimit: false });
		expect(out).toMatchObject({
			ended: false,
			answered: true,
			wait_limit_reached: true,
			hung_up_at_limit: false,
			duration_seconds: null,
		});
		expect(sb.calls()[0].state).toBe('ANSWERED');
	});

	test('polls at the set pace: one status read per check while the call rings', async () => {
		sb.setCallee(TO, { action: 'reject', afterMs: 9000 });
		await call({ pollSeconds: 5 });
		const reads = sb.requests.filter((r) => r.method === 'GET' && /\/calls\/[^/]+$/.test(r.path));
		// Rejected at 0.4 s + 9 s of sandbox time: checks at 0, 5 and 10 s.
		expect(reads).toHaveLength(3);
	});

	test('without the wait, Call returns as soon as the call is placed', async () => {
		const out = await call({ waitForEnd: false });
		expect(out).not.toHaveProperty('answered');
		expect(sb.requests.filter((r) => r.method === 'GET')).toHaveLength(0);
	});
});
