/* eslint-disable no-console -- not part of the published package: test or dev code run by plain Node */
/**
 * Faults matrix: every operation that talks to Agora, with one fault injected into its request; the
 * expected outcome and sandbox state of each cell are written in EXPECTED (docs/testing.md).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { type FaultKind, type RecordedRequest, type Sandbox } from '../../sandbox/src';
import { agoraWorkflow, runWorkflow, type CredentialData } from '../lib/harness';
import { seedAgent, seedPlayer, table } from './lib/common';
import { FAST_TIMING, useSandbox } from '../lib/sandbox';
import {
	FAULTS,
	TIMEOUT_MS,
	LATENCY_MS,
	RETRY_AFTER_CAP_MS,
	EXPECTED,
} from './lib/faultExpectations';

interface Cell {
	params: INodeParameters;
	/** Data the state check needs (ids, names). */
	data: IDataObject;
}

interface Operation {
	key: string;
	/** Method and path part of the operation's own request (the faulted one). */
	method: string;
	path(cell: IDataObject): string;
	setup(): Promise<Cell>;
	/** Effects in the sandbox (see EXPECTED). */
	effects(cell: IDataObject): number;
	/** Further checks of the sandbox and the output on success. */
	check?(cell: IDataObject, out: IDataObject[], fault: FaultKind): void;
}

let sb: Sandbox;
let credential: CredentialData;

const agentParams = (operation: string, over: INodeParameters = {}): INodeParameters => ({
	resource: 'agent',
	operation,
	requestOptions: { timeoutMs: TIMEOUT_MS },
	...over,
});
const playerParams = (operation: string, over: INodeParameters = {}): INodeParameters => ({
	resource: 'cloudPlayer',
	operation,
	requestOptions: { timeoutMs: TIMEOUT_MS },
	...over,
});
const agentOf = (id: unknown) => sb.agents().find((a) => a.agentId === id)!;
const playerOf = (id: unknown) => sb.players().find((p) => p.id === id);

/** Read operations change nothing: one running agent, nothing said, nothing updated. */
function agentUntouched(cell: IDataObject): number {
	const agent = agentOf(cell.agentId);
	expect(agent.status === 'RUNNING' || agent.status === 'STARTING').toBe(true);
	expect(sb.agents()).toHaveLength(1);
	return agent.speaks.length + agent.interrupts + agent.updatesApplied;
}
function playerUntouched(cell: IDataObject): number {
	expect(sb.players().map((p) => p.id)).toEqual([cell.playerId]);
	return playerOf(cell.playerId)!.updatesApplied;
}

async function agentCell(operation: string, over: INodeParameters = {}): Promise<Cell> {
	const agentId = await seedAgent(sb, { name: 'seeded', channel: 'room1' });
	return { params: agentParams(operation, { agentId, ...over }), data: { agentId } };
}
async function playerCell(operation: string, over: INodeParameters = {}): Promise<Cell> {
	const playerId = await seedPlayer(sb, { channelName: 'room1', uid: 555 });
	return {
		params: playerParams(operation, { playerId, region: 'na', ...over }),
		data: { playerId },
	};
}

const OPERATIONS: Operation[] = [
	{
		key: 'agent.start',
		method: 'POST',
		path: () => '/join',
		async setup() {
			const params = agentParams('start', {
				name: 'matrix-agent',
				channel: 'room1',
				remoteRtcUid: '2002',
				agentRtcUid: '1001',
				llmUrl: 'https://llm.example.com/v1/chat/completions',
				ttsVendor: 'microsoft',
				ttsParams: '{"voice_name":"en-US-AndrewNeural"}',
			});
			return { params, data: { name: 'matrix-agent' } };
		},
		effects: (cell) =>
			sb.agents().filter((a) => a.name === cell.name && !['STOPPING', 'STOPPED'].includes(a.status))
				.length,
		check(cell, out) {
			// Never a second agent of any name.
			expect(sb.agents()).toHaveLength(1);
			expect(out).toHaveLength(1);
			expect(out[0].agent_id).toBe(sb.agents()[0].agentId);
		},
	},
	{
		key: 'agent.stop',
		method: 'POST',
		path: () => '/leave',
		setup: async () => await agentCell('stop'),
		effects: (cell) => (['STOPPING', 'STOPPED'].includes(agentOf(cell.agentId).status) ? 1 : 0),
		check(cell, out) {
			expect(out).toEqual([expect.objectContaining({ agent_id: cell.agentId, stopped: true })]);
			expect(sb.agents()).toHaveLength(1);
		},
	},
	{
		key: 'agent.update',
		method: 'POST',
		path: () => '/update',
		setup: async () => await agentCell('update', { updateFields: { token: 'new-channel-token' } }),
		effects: (cell) => agentOf(cell.agentId).updatesApplied,
		check(cell) {
			expect(agentOf(cell.agentId).properties.token).toBe('new-channel-token');
		},
	},
	{
		key: 'agent.speak',
		method: 'POST',
		path: () => '/speak',
		setup: async () => await agentCell('speak', { text: 'Your order has shipped.' }),
		effects: (cell) => agentOf(cell.agentId).speaks.length,
	},
	{
		key: 'agent.interrupt',
		method: 'POST',
		path: () => '/interrupt',
		setup: async () => await agentCell('interrupt'),
		effects: (cell) => agentOf(cell.agentId).interrupts,
	},
	{
		key: 'agent.get',
		method: 'GET',
		path: (cell) => `/agents/${cell.agentId}`,
		setup: async () => await agentCell('get'),
		effects: agentUntouched,
		check: (cell, out) =>
			expect(out).toEqual([expect.objectContaining({ agent_id: cell.agentId, name: 'seeded' })]),
	},
	{
		key: 'agent.getMany',
		method: 'GET',
		path: () => '/agents',
		setup: async () =>
			await agentCell('getAll', { returnAll: true, filters: { channel: 'room1' } }),
		effects: agentUntouched,
		check: (cell, out) => expect(out.map((a) => a.agent_id)).toEqual([cell.agentId]),
	},
	{
		key: 'agent.getHistory',
		method: 'GET',
		path: (cell) => `/agents/${cell.agentId}/history`,
		setup: async () => await agentCell('getHistory'),
		effects: agentUntouched,
		check: (cell, out) =>
			expect(out).toEqual([
				expect.objectContaining({ agent_id: cell.agentId, contents: expect.any(Array) }),
			]),
	},
	...(['named', 'unnamed'] as const).map(
		(variant): Operation => ({
			key: `cloudPlayer.create (${variant})`,
			method: 'POST',
			path: () => '/cloud-player/players',
			async setup() {
				const params = playerParams('create', {
					region: 'na',
					streamUrl: 'rtmp://media.example.com/live/matrix',
					channelName: 'room1',
					identityType: 'uid',
					uid: 777,
					additionalFields: variant === 'named' ? { name: 'matrix-player' } : {},
				});
				return { params, data: {} };
			},
			effects: () => sb.players().length,
			check(_cell, out) {
				expect(out).toHaveLength(1);
				expect(out[0].id).toBe(sb.players()[0].id);
			},
		}),
	),
	{
		key: 'cloudPlayer.delete',
		method: 'DELETE',
		path: () => '/cloud-player/players/',
		setup: async () => await playerCell('delete'),
		effects: () => sb.destroyedPlayers().filter((p) => p.destroyReason === 'Delete Request').length,
		check(cell, out) {
			expect(sb.players()).toHaveLength(0);
			expect(out).toEqual([expect.objectContaining({ deleted: true, id: cell.playerId })]);
		},
	},
	{
		key: 'cloudPlayer.get',
		method: 'GET',
		path: () => '/cloud-player/players',
		setup: async () => await playerCell('get', { channelName: 'room1' }),
		effects: playerUntouched,
		check: (cell, out) => expect(out).toEqual([expect.objectContaining({ id: cell.playerId })]),
	},
	{
		key: 'cloudPlayer.getMany',
		method: 'GET',
		path: () => '/cloud-player/players',
		setup: async () => {
			const cell = await playerCell('getMany', { returnAll: true });
			delete cell.params.playerId;
			delete cell.params.region;
			return cell;
		},
		effects: playerUntouched,
		check: (cell, out) => expect(out.map((p) => p.id)).toEqual([cell.playerId]),
	},
	{
		key: 'cloudPlayer.update',
		method: 'PATCH',
		path: () => '/cloud-player/players/',
		setup: async () => await playerCell('update', { updateFields: { volume: 150 } }),
		effects: (cell) => playerOf(cell.playerId)!.updatesApplied,
		check(cell, out, fault) {
			const player = playerOf(cell.playerId)!;
			expect(player.volume).toBe(150);
			// A repeat carries the same sequence, so Agora ignores it rather than applying it twice.
			expect(player.updatesIgnored).toBe(
				fault === '504-after-commit' || fault === 'latency' ? 1 : 0,
			);
			expect(out).toEqual([expect.objectContaining({ updated: true, id: cell.playerId })]);
		},
	},
];

/** Cell results for the table printed at the end. */
const results = new Map<string, { passed: boolean; note: string }>();
const attempted = new Set<string>();

useSandbox(
	{ startDelayMs: 5, stopDelayMs: 5, listDelayMs: 0, playerQuota: 1000 },
	(started) => ({ sb, credential } = started),
	{
		timing: {
			...FAST_TIMING,
			retry: { ...FAST_TIMING.retry, maxRetryAfterMs: RETRY_AFTER_CAP_MS },
		},
	},
);

afterAll(() => {
	const rows = [['operation', ...FAULTS]];
	let passed = 0;
	for (const op of OPERATIONS) {
		rows.push([
			op.key,
			...FAULTS.map((fault) => {
				const result = results.get(`${op.key}|${fault}`);
				if (result?.passed) passed++;
				const expected = EXPECTED[op.key][fault].outcome;
				const mark =
					result === undefined ? (attempted.has(`${op.key}|${fault}`) ? 'FAIL' : 'not run') : 'ok';
				return `${mark} ${expected}`;
			}),
		]);
	}
	const total = OPERATIONS.length * FAULTS.length;
	const notRun = total - attempted.size;
	console.log(
		`Faults matrix (expected outcome per cell; "ok" = behaviour and sandbox state as written down)\n${table(rows)}\n\n` +
			`Faults matrix: ${passed}/${total} cells passed${notRun ? ` (${notRun} not run)` : ''}`,
	);
});

const cells = OPERATIONS.flatMap((op) => FAULTS.map((fault) => [op.key, fault, op] as const));

describe('faults matrix', () => {
	test.each(cells)(
		'%s with %s',
		async (key, fault, op) => {
			attempted.add(`${key}|${fault}`);
			const expected = EXPECTED[key][fault];
			const { params, data } = await op.setup();
			sb.requests.length = 0;
			sb.injectFault({
				method: op.method,
				pathIncludes: op.path(data),
				kind: fault,
				retryAfterSeconds: fault === '429' ? 1 : undefined,
				latencyMs: fault === 'latency' ? LATENCY_MS : undefined,
			});

			const result = await runWorkflow(agoraWorkflow(params), credential);
			const own = sb.requests.filter(
				(r: RecordedRequest) => r.method === op.method && r.path.includes(op.path(data)),
			);

			// The operation's own request: how often it was sent and what it got.
			expect(own).toHaveLength(expected.statuses.length);
			own.forEach((request, index) => {
				const wanted = expected.statuses[index];
				expect(Array.isArray(wanted) ? wanted : [wanted]).toContain(request.status);
			});
			if (fault === '429') {
				// The repeat waited for Retry-After (capped at 300 ms here), not the 5 ms backoff.
				expect(own[1].at - own[0].at).toBeGreaterThanOrEqual(RETRY_AFTER_CAP_MS - 50);
			}

			const error = result.error('Agora');
			if (expected.outcome === 'error') {
				expect(error).toBeDefined();
				const text = `${error!.message} ${String(error!.description ?? '')}`;
				// Named by the request id the sandbox saw (the one that carried the fault).
				expect(text).toContain(own[0].requestId as string);
				if (own[0].status >= 500) expect(error!.message).toContain(String(own[0].status));
				if (fault === 'drop') expect(text).toMatch(/connection failed|no answer came/);
				if (fault === 'latency') expect(text).toContain(`no answer within ${TIMEOUT_MS} ms`);
			} else {
				expect(error).toBeUndefined();
				const out = result.output('Agora');
				if (expected.outcome === 'reconciled') expect(out[0].reconciled).toBe(true);
				else expect(out[0]?.reconciled ?? false).toBe(false);
				op.check?.(data, out, fault);
			}
			expect(op.effects(data)).toBe(expected.effects);
			results.set(`${key}|${fault}`, { passed: true, note: expected.why });
		},
		20000,
	);
});
