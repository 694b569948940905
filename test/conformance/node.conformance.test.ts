/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not part of the published package: test or dev code run by plain Node */
/**
 * The node side of the conformance test (test/conformance/README.md): Agora's request examples, enum
 * values and invalid inputs through the node's form and rules.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import {
	isMllm,
	speakRequestSchema,
	startRequestSchema,
	thinkRequestSchema,
	updateRequestSchema,
} from '../../nodes/Agora/schemas/agent';
import {
	createPlayerRequestSchema,
	updatePlayerRequestSchema,
} from '../../nodes/Agora/schemas/mediaPull';
import { describeZodError } from '../../nodes/shared/validate';
import type { Sandbox } from '../../sandbox/src';
import { agoraWorkflow, runWorkflow, type CredentialData } from '../lib/harness';
import {
	applyInvalid,
	VERTEX_AI_FIELDS,
	getPath,
	loadEnums,
	loadFixtures,
	loadInvalid,
	setPath,
	type EnumEntry,
	type Fixture,
	type InvalidEntry,
} from './fixtures';
import { exampleParams } from './nodeParams';
import { useSandbox } from '../lib/sandbox';

/**
 * The operations of the reference the node offers. Telephony and phone numbers (Agora's server SDK)
 * are not yet operations of the node: their examples wait for the Phone Call resource.
 */
const NODE_OPERATIONS = new Set([
	'start-agent',
	'stop-agent',
	'agent-update',
	'agent-speak',
	'agent-think',
	'agent-interrupt',
	'get-agent-list',
	'create-player',
	'update-player',
	'list-players',
]);

const allFixtures = loadFixtures();
const fixture = (name: string) => allFixtures.find((f) => f.name === name)!;
const fixtures = allFixtures.filter((f) => NODE_OPERATIONS.has(f.operation));
const APP_CERTIFICATE = 'fedcba9876543210fedcba9876543210';

let sb: Sandbox;
let basic: CredentialData;

useSandbox(
	{ startDelayMs: 5, stopDelayMs: 5 },
	(started) => ({ sb, credential: basic } = started),
	{ credential: { appCertificate: APP_CERTIFICATE }, timing: {} },
);
afterAll(() => jest.restoreAllMocks());
beforeEach(() => sb.configure({ rateLimits: false, listDelayMs: 0 }));

const credentialFor = (f: Fixture): CredentialData =>
	f.auth === 'token' ? { ...basic, authentication: 'token' } : basic;

async function run(parameters: INodeParameters, credential: CredentialData) {
	return await runWorkflow(agoraWorkflow(parameters), credential);
}

/** Shifts the clock (node and in-process sandbox alike) so that `seconds` is now; time keeps flowing. */
function setClock(seconds: number | undefined): void {
	jest.restoreAllMocks();
	if (seconds === undefined) return;
	const realNow = Date.now.bind(Date);
	const offset = realNow() - seconds * 1000;
	jest.spyOn(Date, 'now').mockImplementation(() => realNow() - offset);
}

/** Runs `check` with the clock of the Media Pull examples (their playTs is a fixed Unix time). */
function atExampleTime<T>(check: () => T): T {
	setClock(fixture('player-create-plain').clockS);
	try {
		return check();
	} finally {
		setClock(undefined);
	}
}

/** A live agent for the operations on an agent, started through the sandbox's own API. */
async function liveAgent(): Promise<string> {
	const result = await run(exampleParams(fixture('join-basic')), basic);
	expect(result.error('Agora')).toBeUndefined();
	const agentId = String(result.output('Agora')[0].agent_id);
	sb.requests.length = 0;
	return agentId;
}

/** A player for the update example, created from the plain example. */
async function livePlayer(): Promise<string> {
	const result = await run(
		{ ...exampleParams(fixture('player-create-plain')), additionalFields: {} },
		basic,
	);
	expect(result.error('Agora')).toBeUndefined();
	sb.requests.length = 0;
	return String(result.output('Agora')[0].id);
}

/**
 * The request the node sent, compared with the example. Start always sends idle_timeout (the form
 * has a default): when the example leaves it out, Agora's own default 30 is what the node sends.
 */
function expectSameContent(
	f: Fixture,
	sent: { body?: unknown; query?: Record<string, string> },
): void {
	const body = JSON.parse(JSON.stringify(sent.body ?? null)) as IDataObject | null;
	const example = f.body as IDataObject | undefined;
	if (f.operation === 'start-agent' && body) {
		const p = body.properties as IDataObject;
		if ((example?.properties as IDataObject).idle_timeout === undefined && p.idle_timeout === 30)
			delete p.idle_timeout;
	}
	if (example !== undefined && example !== null && Object.keys(example).length > 0)
		expect(body).toEqual(example);
	// The agent list always carries a start time (Agora alone would list the last 2 hours only).
	const query = { ...(sent.query ?? {}) };
	if (f.operation === 'get-agent-list') {
		expect(Number(query.from_time)).toBeGreaterThan(0);
		delete query.from_time;
	}
	expect(query).toEqual(f.query ?? {});
}

describe('every request example of the reference goes through the node unchanged', () => {
	test.each(fixtures.map((f) => [f.name, f] as const))('%s', async (_name, f) => {
		const needsAgent = [
			'agent-interrupt',
			'stop-agent',
			'agent-speak',
			'agent-think',
			'agent-update',
		].includes(f.operation);
		const agentId = needsAgent ? await liveAgent() : undefined;
		setClock(f.clockS);
		const playerId = f.operation === 'update-player' ? await livePlayer() : undefined;
		const result = await run(exampleParams(f, { agentId, playerId }), credentialFor(f));
		setClock(undefined);
		expect(result.error('Agora')).toBeUndefined();
		const sent = sb.requests.find((r) => r.method === f.method);
		expect(sent).toBeDefined();
		expect(sent!.status).toBeGreaterThanOrEqual(200);
		expect(sent!.status).toBeLessThan(300);
		expectSameContent(f, sent!);
	});
});

// ---------------------------------------------------------------- enums and invalid inputs

type Check = (body: unknown) => string[];

const problems =
	(schema: { safeParse(value: unknown): { success: boolean; error?: unknown } }): Check =>
	(body) => {
		const result = schema.safeParse(body);
		return result.success ? [] : describeZodError(result.error as never).all;
	};

/** What the node checks, per operation of the reference, on a body built like the example's. */
const checks: Record<string, Check> = {
	'start-agent': problems(startRequestSchema),
	'agent-update': problems(updateRequestSchema),
	'agent-speak': problems(speakRequestSchema),
	'agent-think': problems(thinkRequestSchema),
	// The examples' playTs lies within a day of their createTs: checked at that time.
	'create-player': (body) =>
		atExampleTime(() =>
			problems(createPlayerRequestSchema)({ region: 'na', ...(body as IDataObject) }),
		),
	'update-player': (body) =>
		problems(updatePlayerRequestSchema)({
			region: 'na',
			id: 'p1',
			sequence: 0,
			...(body as IDataObject),
		}),
};

/**
 * Puts an enum value where the reference says it goes, with the members its rules ask for beside
 * it (a mode's config, RTM for manual turns, GLOBAL for an excluded area, ...).
 */
function withEnumValue(entry: EnumEntry, value: unknown): { operation: string; body: unknown } {
	const mllmField = entry.field.startsWith('properties.mllm.');
	const base = JSON.parse(
		JSON.stringify(
			fixture(
				mllmField
					? 'join-mllm-azure'
					: entry.operation === 'start-agent'
						? 'join-basic'
						: baseOf(entry),
			).body,
		),
	) as IDataObject;
	const context = ENUM_CONTEXT[entry.field];
	if (context) context(base, value);
	else setPath(base, entry.field.replace('[]', '[0]'), value);
	return { operation: entry.operation, body: base };
}

function baseOf(entry: EnumEntry): string {
	const byOperation: Record<string, string> = {
		'agent-speak': 'speak',
		'agent-think': 'think',
		'create-player': 'player-create-plain',
	};
	return byOperation[entry.operation];
}

const config = (mode: unknown) => (mode === 'manual' ? {} : { [`${String(mode)}_config`]: {} });
const RTM = { advanced_features: { enable_rtm: true }, parameters: { data_channel: 'rtm' } };

const ENUM_CONTEXT: Record<string, (body: IDataObject, value: unknown) => void> = {
	'properties.mllm.vendor': (b, v) => {
		setPath(b, 'properties.mllm.vendor', v);
		if (v === 'vertexai')
			Object.assign((b.properties as IDataObject).mllm as IDataObject, VERTEX_AI_FIELDS);
	},
	'properties.geofence.exclude_area': (b, v) =>
		setPath(b, 'properties.geofence', { area: 'GLOBAL', exclude_area: v }),
	'properties.turn_detection.config.start_of_speech.mode': (b, v) => {
		setPath(b, 'properties.turn_detection.config.start_of_speech', { mode: v, ...config(v) });
		Object.assign(b.properties as IDataObject, RTM);
	},
	'properties.turn_detection.config.end_of_speech.mode': (b, v) => {
		setPath(b, 'properties.turn_detection.config.end_of_speech', { mode: v, ...config(v) });
		Object.assign(b.properties as IDataObject, RTM);
	},
	'properties.turn_detection.config.start_of_speech.disabled_config.strategy': (b, v) =>
		setPath(b, 'properties.turn_detection.config.start_of_speech', {
			mode: 'disabled',
			disabled_config: { strategy: v },
		}),
	'properties.mllm.turn_detection.server_vad_config.start_of_speech_sensitivity': (b, v) =>
		setPath(b, 'properties.mllm.turn_detection', {
			mode: 'server_vad',
			server_vad_config: { start_of_speech_sensitivity: v },
		}),
	'properties.mllm.turn_detection.server_vad_config.end_of_speech_sensitivity': (b, v) =>
		setPath(b, 'properties.mllm.turn_detection', {
			mode: 'server_vad',
			server_vad_config: { end_of_speech_sensitivity: v },
		}),
	'properties.mllm.turn_detection.semantic_vad_config.eagerness': (b, v) =>
		setPath(b, 'properties.mllm.turn_detection', {
			mode: 'semantic_vad',
			semantic_vad_config: { eagerness: v },
		}),
	'properties.filler_words.content.static_config.selection_rule': (b, v) =>
		setPath(b, 'properties.filler_words.content', {
			mode: 'static',
			static_config: { phrases: ['OK'], selection_rule: v },
		}),
	'properties.llm.mcp_servers[].transport': (b, v) =>
		setPath(b, 'properties.llm.mcp_servers', [
			{ name: 'tools', endpoint: 'https://mcp.example.com', transport: v },
		]),
	'properties.tts.skip_patterns[]': (b, v) => setPath(b, 'properties.tts.skip_patterns', [v]),
	'properties.tts.vendor': (b, v) => {
		setPath(b, 'properties.tts.vendor', v);
		// generic_http speaks the OpenAI TTS protocol at a URL of the user's: url and headers too.
		if (v === 'generic_http')
			Object.assign((b.properties as IDataObject).tts as IDataObject, {
				url: 'https://tts.example.com/v1/audio/speech',
				headers: { Authorization: 'Bearer k' },
			});
	},
	'properties.rtc.encryption_mode': (b, v) =>
		setPath(b, 'properties.rtc', {
			encryption_key: 'k',
			encryption_mode: v,
			...(v === 7 || v === 8 ? { encryption_salt: 'c2FsdA==' } : {}),
		}),
	'player.encryptMode': (b, v) =>
		Object.assign((b as { player: IDataObject }).player, {
			encryptMode: v,
			encryptKey: 'k',
			...(String(v).endsWith('gcm2') ? { encryptKdfSalt: 's'.repeat(32) } : {}),
		}),
	'properties.parameters.data_channel': (b, v) => {
		setPath(b, 'properties.parameters.data_channel', v);
		setPath(b, 'properties.advanced_features.enable_rtm', true);
	},
};

/** Enum entries the node checks in a form field rather than in a body (query parameters, path). */
const FORM_ENUMS = new Set(['get-agent-list query.state', 'create-player path.region']);

const bodyEnums = loadEnums().filter(
	(e) => NODE_OPERATIONS.has(e.operation) && !FORM_ENUMS.has(`${e.operation} ${e.field}`),
);

describe('every enum value the reference lists passes the node', () => {
	test.each(bodyEnums.map((e) => [`${e.operation} ${e.field}`, e] as const))(
		'%s',
		(_label, entry) => {
			const values = [
				...entry.values,
				...(entry.alsoDocumented ?? []),
				...(entry.olderSnapshot ?? []),
			];
			// A list that grows passes a value Agora may add tomorrow.
			if (entry.open)
				values.push(typeof entry.values[0] === 'string' ? 'a-value-added-later' : entry.values[0]);
			for (const value of values) {
				const { operation, body } = withEnumValue(entry, value);
				expect({ value, problems: checks[operation](body) }).toEqual({ value, problems: [] });
			}
		},
	);

	test('the agent list states and the Media Pull regions are the values the form sends', async () => {
		const { AGENT_STATUS_CODES } = await import('../../nodes/Agora/schemas/agent');
		const { MEDIA_PULL_REGIONS } = await import('../../nodes/shared/agoraFacts');
		const states = loadEnums().find((e) => e.field === 'query.state')!;
		for (const code of [...states.values, ...(states.olderSnapshot ?? [])])
			expect(Object.values(AGENT_STATUS_CODES)).toContain(code);
		const regions = loadEnums().find((e) => e.field === 'path.region')!;
		expect([...MEDIA_PULL_REGIONS].sort()).toEqual([...(regions.values as string[])].sort());
	});

	test('an enabled mllm is recognised in both forms the reference gives', () => {
		expect(isMllm({ mllm: { enable: true } })).toBe(true);
		expect(isMllm({ advanced_features: { enable_mllm: true } })).toBe(true);
	});
});

/**
 * Entries the node passes on purpose, with the reason. The lead's policy for this package: lists
 * that grow with Agora's releases (vendors, providers, styles, modes) pass any string.
 */
const POLICY_PASSES: Record<string, string> = {};

/** Invalid query or path values, refused by the node's form before sending (engine runs). */
const QUERY_CASES: Record<string, (f: Fixture, entry: InvalidEntry) => INodeParameters> = {
	'list-agents': (_f, entry) => ({
		resource: 'agent',
		operation: 'getAll',
		filters: { state: `={{ ${JSON.stringify(entry.query?.state)} }}` },
	}),
	'player-create-plain': (f, entry) => ({
		...exampleParams(f),
		additionalFields: { streamIp: entry.query?.streamIp ?? '' },
	}),
	'player-update': (_f, entry) => ({
		resource: 'cloudPlayer',
		operation: 'update',
		region: 'na',
		playerId: 'p1',
		updateFields: { isPause: true },
		options:
			entry.query?.sequence === null ? {} : { sequence: `={{ ${Number(entry.query?.sequence)} }}` },
	}),
	'player-list-filter': (_f, entry) => ({
		resource: 'cloudPlayer',
		operation: 'getMany',
		returnAll: true,
		...(entry.query?.pageSize
			? { options: { pageSize: `={{ ${Number(entry.query.pageSize)} }}` } }
			: { filters: { channelName: 'class "32"' } }),
	}),
};

const invalid = loadInvalid().filter((e) => NODE_OPERATIONS.has(fixture(e.base).operation));

describe('every input the reference calls invalid is refused by the node, naming the field', () => {
	const bodyCases = invalid.filter((e) => !e.query);
	test.each(bodyCases.map((e, i) => [`${i} ${e.base} ${e.field}: ${e.rule}`, e] as const))(
		'%s',
		(_label, entry) => {
			const f = applyInvalid(fixture(entry.base), entry);
			const policy = POLICY_PASSES[`${entry.field} ${String(getPath(f.body, entry.field))}`];
			const found = checks[f.operation](f.body);
			if (policy) {
				expect(found).toEqual([]);
				return;
			}
			expect(found.some((problem) => problem.startsWith(entry.field))).toBe(true);
		},
	);

	const queryCases = invalid.filter((e) => e.query);
	test.each(queryCases.map((e, i) => [`${i} ${e.base} ${e.field}: ${e.rule}`, e] as const))(
		'%s',
		async (_label, entry) => {
			const f = fixture(entry.base);
			const params = QUERY_CASES[entry.base](f, entry);
			const result = await run(params, basic);
			if (entry.base === 'player-update' && entry.query?.sequence === null) {
				// Left out in the form, the sequence is the node's automatic one: never missing.
				expect(Number(sb.requests[0].query.sequence)).toBeGreaterThan(1e12);
				return;
			}
			expect(result.error('Agora')?.message).toMatch(/^Invalid “/);
			expect(sb.requests).toHaveLength(0);
		},
	);
});
