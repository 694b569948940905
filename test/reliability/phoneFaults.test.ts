/* eslint-disable no-console -- not part of the published package: test or dev code run by plain Node */
/**
 * Faults matrix of the Phone Call and Phone Number operations, the same fault kinds as faults.test.ts,
 * outcome and sandbox state per cell.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { FaultKind, Sandbox } from '../../sandbox/src';
import { agentPath, client } from '../../sandbox/src/helpers';
import { agoraWorkflow, runWorkflow, type CredentialData } from '../lib/harness';
import { table } from './lib/common';
import { FAST_TIMING, useSandbox } from '../lib/sandbox';

const FAULTS: FaultKind[] = ['429', '503', '500', '504', '504-after-commit', 'drop', 'latency'];
const TIMEOUT_MS = 1000;
const NUMBER = '+14155550100';
const NUMBERS_PATH = '/api/conversational-ai-agent/v2/phone-numbers';

/** retried: by the transport; success: the operation's own repeat or lookup; reconciled: found by a lookup. */
type Outcome = 'retried' | 'success' | 'reconciled' | 'error';
/** Outcome, the statuses of the operation's own request in order (a list: any of them), effects. */
type Row = Record<FaultKind, [Outcome, Array<number | number[]>, number]>;

/** An import answers 201 by the reference; a 200 is taken too. */
const CREATED = [200, 201];

const reads = (): Row => ({
	'429': ['retried', [429, 200], 0],
	'503': ['retried', [503, 200], 0],
	'500': ['retried', [500, 200], 0],
	'504': ['retried', [504, 200], 0],
	'504-after-commit': ['retried', [504, 200], 0],
	drop: ['retried', [0, 200], 0],
	latency: ['retried', [200, 200], 0],
});

/** Safe to repeat, and a 404 on the repeat means the first attempt did it (hang up, delete). */
const repeatOnce = (): Row => ({
	'429': ['retried', [429, 200], 1],
	'503': ['retried', [503, 200], 1],
	'500': ['success', [500, 200], 1],
	'504': ['success', [504, 200], 1],
	'504-after-commit': ['success', [504, 404], 1],
	drop: ['success', [0, 200], 1],
	latency: ['success', [200, 404], 1],
});

/** Never repeated blindly: looked up after an unclear answer, sent again only when not found. */
const lookedUp = (answered: number[]): Row => ({
	'429': ['retried', [429, answered], 1],
	'503': ['retried', [503, answered], 1],
	'500': ['success', [500, answered], 1],
	'504': ['success', [504, answered], 1],
	'504-after-commit': ['reconciled', [504], 1],
	drop: ['success', [0, answered], 1],
	latency: ['reconciled', [200], 1],
});

interface Operation {
	key: string;
	method: string;
	/** Matches the operation's own request (and not its lookups). */
	own: (path: string) => boolean;
	pathIncludes: string;
	params: () => Promise<INodeParameters>;
	effects: () => number;
	expected: Row;
}

let sb: Sandbox;
let credential: CredentialData;

/** A call placed straight at the sandbox (no node); the callee answers after 50 ms. */
async function seedCall(): Promise<string> {
	const response = await client(sb).post(agentPath(sb, '/call'), {
		name: 'seeded-call',
		sip: { to_number: '+14155550123', from_number: NUMBER, rtc_uid: '100', rtc_token: '' },
		pipeline_id: 'pl_seed',
		properties: { channel: 'seeded-room', token: '', agent_rtc_uid: '111' },
	});
	if (response.status !== 200)
		throw new Error(`seeding a call failed: ${response.status} ${JSON.stringify(response.data)}`);
	return response.data.agent_id as string;
}

async function seedNumber(): Promise<void> {
	const response = await client(sb).post(NUMBERS_PATH, {
		provider: 'byo',
		phone_number: NUMBER,
		label: 'seeded',
		inbound_config: {},
		outbound_config: { address: 'sip.example.com', transport: 'tls' },
	});
	if (response.status > 299)
		throw new Error(`seeding a number failed: ${response.status} ${JSON.stringify(response.data)}`);
}

const call = (operation: string, over: IDataObject = {}) =>
	({
		resource: 'phoneCall',
		operation,
		requestOptions: { timeoutMs: TIMEOUT_MS },
		...over,
	}) as INodeParameters;
const number = (operation: string, over: IDataObject = {}) =>
	({
		resource: 'phoneNumber',
		operation,
		requestOptions: { timeoutMs: TIMEOUT_MS },
		...over,
	}) as INodeParameters;
const numberGone = () => (sb.phoneNumbers().some((n) => n.phone_number === NUMBER) ? 0 : 1);

const OPERATIONS: Operation[] = [
	{
		key: 'phoneCall.call',
		method: 'POST',
		own: (path) => path.endsWith('/call'),
		pathIncludes: '/call',
		params: async () =>
			call('call', {
				toNumber: '+14155550123',
				fromNumber: NUMBER,
				name: 'matrix-call',
				channel: 'matrix-room',
				mode: 'pipeline',
				pipelineId: 'pl_matrix',
			}),
		effects: () => sb.calls().length,
		expected: lookedUp([200]),
	},
	{
		key: 'phoneCall.hangUp',
		method: 'POST',
		own: (path) => path.endsWith('/hangup'),
		pathIncludes: '/hangup',
		params: async () => call('hangUp', { agentId: await seedCall() }),
		effects: () => sb.calls().filter((c) => c.reason === 'request').length,
		expected: repeatOnce(),
	},
	{
		key: 'phoneCall.get',
		method: 'GET',
		own: (path) => /\/calls\/[^/]+$/.test(path),
		pathIncludes: '/calls/',
		params: async () => call('get', { agentId: await seedCall() }),
		effects: () => sb.calls().length - 1,
		expected: reads(),
	},
	{
		key: 'phoneCall.getAll',
		method: 'GET',
		own: (path) => path.endsWith('/call'),
		pathIncludes: '/call',
		params: async () => (await seedCall(), call('getAll', { returnAll: true })),
		effects: () => sb.calls().length - 1,
		expected: reads(),
	},
	{
		key: 'phoneNumber.add',
		method: 'POST',
		own: (path) => path === NUMBERS_PATH,
		pathIncludes: NUMBERS_PATH,
		params: async () =>
			number('add', {
				phoneNumber: NUMBER,
				provider: 'byo',
				label: 'matrix',
				outboundSettings: { address: 'sip.example.com' },
			}),
		effects: () => sb.phoneNumbers().length,
		expected: lookedUp(CREATED),
	},
	{
		key: 'phoneNumber.update',
		method: 'PATCH',
		own: (path) => path.startsWith(`${NUMBERS_PATH}/`),
		pathIncludes: NUMBERS_PATH,
		params: async () => (
			await seedNumber(),
			number('update', { phoneNumber: NUMBER, inboundChange: 'link', inboundPipelineId: 'pl_in' })
		),
		effects: () => (sb.phoneNumbers()[0]?.inbound_config?.pipeline_id === 'pl_in' ? 1 : 0),
		expected: {
			...reads(),
			...Object.fromEntries(FAULTS.map((f) => [f, [...reads()[f].slice(0, 2), 1]])),
		} as Row,
	},
	{
		key: 'phoneNumber.delete',
		method: 'DELETE',
		own: (path) => path.startsWith(`${NUMBERS_PATH}/`),
		pathIncludes: NUMBERS_PATH,
		params: async () => (await seedNumber(), number('delete', { phoneNumber: NUMBER })),
		effects: numberGone,
		expected: repeatOnce(),
	},
	{
		key: 'phoneNumber.get',
		method: 'GET',
		own: (path) => path.startsWith(`${NUMBERS_PATH}/`),
		pathIncludes: `${NUMBERS_PATH}/`,
		params: async () => (await seedNumber(), number('get', { phoneNumber: NUMBER })),
		effects: () => sb.phoneNumbers().length - 1,
		expected: reads(),
	},
	{
		key: 'phoneNumber.getAll',
		method: 'GET',
		own: (path) => path === NUMBERS_PATH,
		pathIncludes: NUMBERS_PATH,
		params: async () => (await seedNumber(), number('getAll', { returnAll: true })),
		effects: () => sb.phoneNumbers().length - 1,
		expected: reads(),
	},
];

const passed = new Set<string>();

useSandbox(
	{ startDelayMs: 5, stopDelayMs: 5, listDelayMs: 0 },
	(started) => ({ sb, credential } = started),
	{ timing: FAST_TIMING },
);

afterAll(() => {
	const rows = [
		['operation', ...FAULTS],
		...OPERATIONS.map((op) => [
			op.key,
			...FAULTS.map((f) => `${passed.has(`${op.key}|${f}`) ? 'ok' : 'FAIL'} ${op.expected[f][0]}`),
		]),
	];
	console.log(
		`Phone faults matrix\n${table(rows)}\n\nPhone faults matrix: ${passed.size}/${OPERATIONS.length * FAULTS.length} cells passed`,
	);
});

const cells = OPERATIONS.flatMap((op) => FAULTS.map((fault) => [op.key, fault, op] as const));

test.each(cells)(
	'%s with %s',
	async (key, fault, op) => {
		const [outcome, statuses, effects] = op.expected[fault];
		const params = await op.params();
		sb.requests.length = 0;
		sb.injectFault({
			method: op.method,
			pathIncludes: op.pathIncludes,
			kind: fault,
			retryAfterSeconds: 1,
			latencyMs: 3000,
		});

		const result = await runWorkflow(agoraWorkflow(params), credential);
		const own = sb.requests.filter((r) => r.method === op.method && op.own(r.path));
		expect(own.map((r) => r.status)).toHaveLength(statuses.length);
		own.forEach((r, i) => expect(([] as number[]).concat(statuses[i])).toContain(r.status));

		const error = result.error('Agora');
		if (outcome === 'error') {
			expect(`${error?.message} ${String(error?.description ?? '')}`).toContain(
				String(own[0].requestId),
			);
		} else {
			expect(error).toBeUndefined();
			const [out] = result.output('Agora');
			expect(out.reconciled ?? false).toBe(outcome === 'reconciled');
		}
		expect(op.effects()).toBe(effects);
		passed.add(`${key}|${fault}`);
	},
	20000,
);
