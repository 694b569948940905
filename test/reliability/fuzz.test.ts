/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, no-console -- not part of the published package: test or dev code run by plain Node */
/**
 * Property-based parameter fuzzing of every operation through n8n's engine against the sandbox: each
 * case is accepted, refused naming a mutated field, or not found (docs/testing.md, Fuzzing).
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import * as rateLimit from '../../nodes/Agora/transport/rateLimit';
import { agoraErrorDetails } from '../../nodes/Agora/transport';
import type { RecordedRequest, Sandbox } from '../../sandbox/src';
import type { CredentialData } from '../lib/harness';
import { seedAgent, seedPlayer, table } from './lib/common';
import { FAST_TIMING, useSandbox } from '../lib/sandbox';
import { HANG_MS, isExpr, runBatch, type CaseRun } from './lib/fuzz/engine';
import { caseArbitrary, OPERATIONS, type FuzzCase, type OpSpec } from './lib/fuzz/operations';

const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 1000));
/** A fixed seed keeps CI repeatable; FUZZ_SEED=random explores new cases (the seed is printed). */
const SEED =
	process.env.FUZZ_SEED === 'random'
		? Math.floor(Math.random() * 2 ** 31)
		: Number(process.env.FUZZ_SEED ?? 20261122);
const BATCH = 250;
const APP_CERTIFICATE = '5cfd2fd1755d40ecb72977518be15d3b';

type Outcome =
	| 'accepted'
	| 'rejected'
	| 'not found'
	| 'refused by n8n'
	| 'crash'
	| 'sandbox 400'
	| 'other API error'
	| 'invalid accepted'
	| 'valid rejected'
	| 'wrong field named'
	| 'sent, then rejected'
	| 'hang';
const GOOD = new Set<Outcome>(['accepted', 'rejected', 'not found', 'refused by n8n']);

let sb: Sandbox;
let credential: CredentialData;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
let unique = 0;

interface Stat {
	/** Outcomes per mutation name (cases with that mutation in them). */
	byMutation: Map<string, Map<Outcome, number>>;
	cases: number;
	outcomes: Map<Outcome, number>;
	ms: number;
	/** The slowest case, to see how far the hang bound is from a real case. */
	slowestMs: number;
	mutationsSeen: Set<string>;
	mutationsTotal: number;
}
const stats = new Map<string, Stat>();
const findings: Array<{
	op: string;
	outcome: Outcome;
	mutations: string;
	message: string;
	params: string;
}> = [];

useSandbox(
	{
		startDelayMs: 0,
		stopDelayMs: 0,
		listDelayMs: 0,
		playerQuota: 10_000_000,
		requestLogLimit: 10_000_000,
	},
	(started) => ({ sb, credential } = started),
	{ credential: { appCertificate: APP_CERTIFICATE }, timing: FAST_TIMING, resetEach: false },
);
beforeAll(() => {
	// Every case stands alone: client-side pacing between cases (tested in test/nodes) would
	// only slow the suite down, so each request finds the pacer empty.
	const acquire = rateLimit.acquire;
	jest.spyOn(rateLimit, 'acquire').mockImplementation(async (rules) => {
		rateLimit.resetRateLimits();
		return await acquire(rules);
	});
	process.on('unhandledRejection', onUnhandled);
});

afterAll(async () => {
	process.off('unhandledRejection', onUnhandled);
	jest.restoreAllMocks();
	const outcomes: Outcome[] = ['accepted', 'rejected', 'not found', 'refused by n8n'];
	const rows = [
		['operation', 'cases', ...outcomes, 'findings', 'mutations hit', 'ms/case', 'slowest ms'],
	];
	let total = 0;
	let bad = 0;
	for (const [op, stat] of stats) {
		const findingCount = [...stat.outcomes]
			.filter(([o]) => !GOOD.has(o))
			.reduce((sum, [, n]) => sum + n, 0);
		total += stat.cases;
		bad += findingCount;
		rows.push([
			op,
			String(stat.cases),
			...outcomes.map((o) => String(stat.outcomes.get(o) ?? 0)),
			String(findingCount),
			`${stat.mutationsSeen.size}/${stat.mutationsTotal}`,
			(stat.ms / stat.cases).toFixed(1),
			String(stat.slowestMs),
		]);
	}
	const grouped = new Map<string, { count: number; example: (typeof findings)[number] }>();
	for (const f of findings) {
		const key = `${f.op} | ${f.outcome} | ${f.mutations}`;
		const g = grouped.get(key);
		if (g) g.count++;
		else grouped.set(key, { count: 1, example: f });
	}
	const details = [...grouped]
		.map(
			([key, g]) =>
				`  ${key} (${g.count}x)\n    ${g.example.message.slice(0, 300)}\n    params: ${g.example.params.slice(0, 500)}`,
		)
		.join('\n');
	if (process.env.FUZZ_VERBOSE) {
		const lines: string[][] = [['operation', 'mutation', 'outcomes']];
		for (const [op, stat] of stats) {
			for (const [name, counts] of stat.byMutation)
				lines.push([op, name, [...counts].map(([o, n]) => `${o} ${n}`).join(', ')]);
		}
		console.log(`Fuzz mutations\n${table(lines)}`);
	}
	console.log(
		`Fuzzed parameters (seed ${SEED}, ${RUNS} cases per operation)\n${table(rows)}\n\n` +
			`Fuzz: ${total} cases, ${total - bad} as expected, ${bad} findings, ${unhandled.length} unhandled rejections (FUZZ_SEED=${SEED} replays)` +
			(details ? `\n${details}` : ''),
	);
});

// ---------------------------------------------------------------- placeholders

interface Pools {
	agents: string[];
	players: Array<{ id: string; region: string; channel: string }>;
}

async function resolve(spec: OpSpec, c: FuzzCase, pools: Pools): Promise<IDataObject> {
	const params = structuredClone(c.params);
	let agentId = pools.agents[unique % pools.agents.length];
	let player = pools.players[unique % pools.players.length];
	if (spec.needs === 'freshAgent') agentId = await seedAgent(sb, { channel: 'fuzz-room' });
	if (spec.needs === 'freshPlayer') {
		const region = ['na', 'eu', 'ap', 'cn'][unique % 4];
		player = {
			id: await seedPlayer(sb, { channelName: 'fuzz-room', uid: 7 }, region),
			region,
			channel: 'fuzz-room',
		};
	}
	const now = Math.floor(Date.now() / 1000);
	const replace = (value: unknown): unknown => {
		if (typeof value === 'string') {
			if (value === '@@agent') return agentId;
			if (value === '@@player') return player.id;
			if (value === '@@region') return player.region;
			if (value === '@@channel') return player.channel;
			if (value === '@@unique') return `fz${++unique}`;
			if (value.startsWith('@@now:')) return now + Number(value.slice(6));
			return value;
		}
		if (Array.isArray(value)) return value.map(replace);
		if (value && typeof value === 'object') {
			const out: IDataObject = {};
			for (const [k, v] of Object.entries(value)) out[k] = replace(v) as IDataObject[string];
			return out;
		}
		return value;
	};
	const out = replace(params) as IDataObject;
	// Agent names must be unique among running agents: a suffix keeps every case its own.
	if (spec.key === 'agent.start') {
		const name = out.name;
		if (typeof name === 'string' && name.trim() !== '') out.name = `${name}-${++unique}`;
		if (isExpr(name) && typeof name.value === 'string' && name.value.trim() !== '')
			name.value = `${name.value}-${++unique}`;
	}
	unique++;
	return out;
}

async function pools(): Promise<Pools> {
	const agents: string[] = [];
	for (let i = 0; i < 8; i++) agents.push(await seedAgent(sb, { channel: 'room1' }));
	const players: Pools['players'] = [];
	for (const region of ['na', 'eu', 'ap', 'cn']) {
		const channel = `pool-${region}`;
		players.push({
			id: await seedPlayer(sb, { channelName: channel, uid: 9 }, region),
			region,
			channel,
		});
	}
	return { agents, players };
}

// ---------------------------------------------------------------- classification

const API_FIELD = /API field: (\S+)/;

function classify(c: FuzzCase, run: CaseRun | undefined): { outcome: Outcome; message: string } {
	if (!run)
		return { outcome: 'hang', message: 'the case did not finish within the batch time-out' };
	if (run.refusedByN8n) return { outcome: 'refused by n8n', message: run.refusedByN8n };
	if (run.hung)
		return {
			outcome: 'hang',
			message: `no result within ${HANG_MS} ms; requests answered: ${run.requests.map((r) => r.status).join(', ') || 'none'}`,
		};
	const sent: RecordedRequest[] = run.requests;
	const statuses = sent.map((r) => r.status);
	const idMutation = c.mutations.some((m) => m.id);
	const invalidMutation = c.mutations.some((m) => m.invalid);
	if (run.error === undefined) {
		const refused = sent.find((r) => r.status === 400);
		if (refused)
			return {
				outcome: 'sandbox 400',
				message: `sandbox answered 400 to ${refused.method} ${refused.path}`,
			};
		const odd = statuses.filter((s) => (s < 200 || s > 299) && !(s === 404 && idMutation));
		if (odd.length)
			return { outcome: 'other API error', message: `statuses ${statuses.join(', ')}` };
		if (invalidMutation)
			return {
				outcome: 'invalid accepted',
				message: `sent ${sent.length} request(s), statuses ${statuses.join(', ') || 'none'}`,
			};
		return { outcome: 'accepted', message: '' };
	}
	const error = run.error as Error & { description?: string };
	const message = `${error?.constructor?.name}: ${error?.message}${error?.description ? ` (${error.description})` : ''}`;
	const named =
		error instanceof NodeOperationError && /^Invalid /.test(error.message)
			? API_FIELD.exec(error.description ?? '')
			: null;
	if (named) {
		if (sent.length > 0) return { outcome: 'sent, then rejected', message };
		if (c.mutations.length === 0) return { outcome: 'valid rejected', message };
		if (!c.mutations.some((m) => m.field.test(named[1])))
			return { outcome: 'wrong field named', message };
		return { outcome: 'rejected', message };
	}
	const status = agoraErrorDetails(error)?.status;
	if (status === 404 && idMutation) return { outcome: 'not found', message };
	if (status === 400 || sent.some((r) => r.status === 400))
		return { outcome: 'sandbox 400', message };
	// Agora's own errors, and the node's errors about what Agora did (e.g. a create whose outcome is unknown).
	if (
		error instanceof NodeApiError ||
		(error instanceof NodeOperationError && agoraErrorDetails(error) !== undefined)
	) {
		return { outcome: 'other API error', message };
	}
	return {
		outcome: 'crash',
		message: `${message}\n    ${String(error?.stack).split('\n').slice(1, 4).join(' / ')}`,
	};
}

// ---------------------------------------------------------------- the property, per operation

describe(`fuzzed parameters (${RUNS} cases per operation)`, () => {
	test.each(OPERATIONS.map((op, index) => [op.key, op, index] as const))(
		'%s',
		async (key, spec, index) => {
			const cases = fc.sample(caseArbitrary(spec), { numRuns: RUNS, seed: SEED + index });
			const stat: Stat = {
				byMutation: new Map(),
				cases: 0,
				outcomes: new Map(),
				ms: 0,
				slowestMs: 0,
				mutationsSeen: new Set(),
				mutationsTotal: spec.mutations.length,
			};
			stats.set(key, stat);
			for (let start = 0; start < cases.length; start += BATCH) {
				const batch = cases.slice(start, start + BATCH);
				sb.reset();
				const pool = await pools();
				const resolved: Array<{ params: IDataObject; seed: number }> = [];
				for (const [offset, c] of batch.entries())
					resolved.push({ params: await resolve(spec, c, pool), seed: SEED + start + offset });
				const unhandledBefore = unhandled.length;
				const began = Date.now();
				const { runs, engineError } = await runBatch(sb, credential, resolved, 120_000);
				stat.ms += Date.now() - began;
				if (engineError)
					findings.push({
						op: key,
						outcome: 'crash',
						mutations: '(engine)',
						message: String((engineError as Error).message ?? engineError),
						params: '',
					});
				batch.forEach((c, i) => {
					const { outcome, message } = classify(c, runs[i]);
					stat.cases++;
					stat.slowestMs = Math.max(stat.slowestMs, runs[i]?.ms ?? 0);
					stat.outcomes.set(outcome, (stat.outcomes.get(outcome) ?? 0) + 1);
					for (const m of c.mutations) {
						stat.mutationsSeen.add(m.name);
						const counts = stat.byMutation.get(m.name) ?? new Map<Outcome, number>();
						counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
						stat.byMutation.set(m.name, counts);
					}
					if (!GOOD.has(outcome)) {
						findings.push({
							op: key,
							outcome,
							mutations: c.mutations.map((m) => m.name).join(' + ') || '(valid)',
							message,
							params: JSON.stringify(resolved[i].params),
						});
					}
				});
				if (unhandled.length > unhandledBefore) {
					findings.push({
						op: key,
						outcome: 'crash',
						mutations: '(unhandled rejection)',
						message: String(unhandled[unhandled.length - 1]),
						params: '',
					});
				}
			}
			const mine = findings
				.filter((f) => f.op === key)
				.map((f) => `${f.outcome}: ${f.mutations}: ${f.message.split('\n')[0]}`);
			expect([...new Set(mine)]).toEqual([]);
		},
		600_000,
	);
});
