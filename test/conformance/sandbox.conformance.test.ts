/**
 * The sandbox against Agora's reference: every request example is accepted, every enum value the
 * reference lists (and every value its examples or the older snapshot use) is accepted, and every
 * input the reference calls invalid is refused with a 400 naming the field.
 */
import axios, { AxiosResponse } from 'axios';
import type { Sandbox } from '../../sandbox/src';
import { agoraToken, playerBody, playersPath, startBody } from '../../sandbox/src/helpers';
import {
	applyInvalid,
	VERTEX_AI_FIELDS,
	EnumEntry,
	Fixture,
	fillPath,
	loadEnums,
	loadFixtures,
	loadInvalid,
	setPath,
} from './fixtures';
import { useSandbox } from '../lib/sandbox';

const fixtures = loadFixtures();
const byName = new Map(fixtures.map((f) => [f.name, f]));
const fixture = (name: string): Fixture => JSON.parse(JSON.stringify(byName.get(name)!)) as Fixture;

let sb: Sandbox;

useSandbox(
	{ startDelayMs: 10, stopDelayMs: 10, clock: 'manual', playerQuota: 1000 },
	(started) => ({ sb } = started),
);
beforeEach(() => sb.clock.set(Date.now()));

function auth(f: Fixture): Record<string, string> {
	if (f.auth !== 'token')
		return {
			Authorization:
				'Basic ' + Buffer.from(`${sb.customerId}:${sb.customerSecret}`).toString('base64'),
		};
	const p =
		(f.body as { properties?: { channel?: string; agent_rtc_uid?: string } } | undefined)
			?.properties ?? {};
	const uid = /^\d+$/.test(p.agent_rtc_uid ?? '')
		? Number(p.agent_rtc_uid)
		: (p.agent_rtc_uid ?? 0);
	return { Authorization: `agora token=${agoraToken(sb, p.channel ?? '', uid)}` };
}

/** What the fixture's path needs: a running agent or a player to act on. */
async function prepare(f: Fixture): Promise<Record<string, string>> {
	const values: Record<string, string> = { appid: sb.appId, appId: sb.appId };
	if (f.path.includes('{agentId}')) {
		const r = await axios.post(
			`${sb.url}/api/conversational-ai-agent/v2/projects/${sb.appId}/join`,
			startBody(),
			{ headers: auth(fixture('join-basic')) },
		);
		sb.clock.advance(10);
		values.agentId = r.data.agent_id;
	}
	if (f.path.includes('{agent_id}')) {
		const r = await axios.post(
			`${sb.url}/api/conversational-ai-agent/v2/projects/${sb.appId}/call`,
			fixture('call-pipeline').body,
			{ headers: auth(f) },
		);
		values.agent_id = r.data.agent_id;
	}
	if (f.path.includes('{phone_number}')) {
		const add = fixture('phone-number-add');
		await axios.post(`${sb.url}${add.path}`, add.body, { headers: auth(add) });
		values.phone_number = (add.body as { phone_number: string }).phone_number;
	}
	if (f.path.includes('{id}')) {
		const r = await axios.post(`${sb.url}${playersPath(sb, f.region)}`, playerBody(), {
			headers: auth(f),
		});
		values.id = r.data.player.id;
	}
	if (f.clockS !== undefined) sb.clock.set(f.clockS * 1000);
	return values;
}

async function send(f: Fixture): Promise<AxiosResponse> {
	const values = await prepare(f);
	return axios.request({
		method: f.method,
		url: `${sb.url}${fillPath(f, values)}`,
		params: f.query,
		data: f.body,
		headers: auth(f),
		validateStatus: () => true,
	});
}

describe('every request example of the reference is accepted', () => {
	it.each(fixtures.map((f) => [f.name, f] as const))('%s', async (_n, f) => {
		const r = await send(f);
		expect({ status: r.status, body: r.data }).toMatchObject({ status: 200 });
		const rec = sb.requests.at(-1)!;
		expect(rec.body).toEqual(f.body);
		if (f.operation === 'start-agent') expect(sb.agents().at(-1)!.request).toEqual(f.body);
	});
});

/** A request that puts one enum value in place, with what the reference requires next to it. */
function withValue(e: EnumEntry, value: unknown): Fixture {
	const base: Record<string, string> = {
		'agent-speak': 'speak',
		'agent-think': 'think',
		'get-agent-list': 'list-agents',
		'create-player': 'player-create-plain',
		'list-telephony': 'call-list',
		'add-phone-number': 'phone-number-add',
	};
	const mllm = e.field.startsWith('properties.mllm.');
	const f = fixture(base[e.operation] ?? (mllm ? 'join-mllm-azure' : 'join-basic'));
	const body = f.body as Record<string, unknown>;
	const set = (path: string, v: unknown): void => setPath(body, path, v);
	const field = e.field;
	if (field === 'query.state') f.query = { ...f.query, state: String(value) };
	else if (field === 'query.type') f.query = { ...f.query, type: String(value) };
	else if (field === 'path.region') f.region = value as string;
	else if (field === 'properties.mllm.vendor' && value === 'vertexai')
		set('properties.mllm', {
			...(body.properties as { mllm: object }).mllm,
			vendor: value,
			...VERTEX_AI_FIELDS,
		});
	else if (field.endsWith('[]')) set(field.slice(0, -2), [value]);
	else if (field === 'properties.llm.mcp_servers[].transport')
		set('properties.llm.mcp_servers', [
			{ name: 'tools', endpoint: 'https://mcp.example.com', transport: value },
		]);
	else if (field.endsWith('start_of_speech.mode') || field.endsWith('end_of_speech.mode')) {
		const v = value as string;
		set(
			field.slice(0, -'.mode'.length),
			v === 'manual' ? { mode: v } : { mode: v, [`${v}_config`]: {} },
		);
		if (v === 'manual') {
			set('properties.advanced_features.enable_rtm', true);
			set('properties.parameters.data_channel', 'rtm');
		}
	} else if (field.endsWith('start_of_speech.disabled_config.strategy')) {
		set('properties.turn_detection.config.start_of_speech', {
			mode: 'disabled',
			disabled_config: { strategy: value },
		});
	} else set(field, value);
	if (field === 'properties.geofence.exclude_area') set('properties.geofence.area', 'GLOBAL');
	if (field === 'properties.tts.vendor' && value === 'generic_http')
		Object.assign(body.properties as object, {
			tts: { vendor: value, url: 'https://tts.example.com', headers: {}, params: {} },
		});
	if (field === 'properties.rtc.encryption_mode')
		set('properties.rtc.encryption_salt', Buffer.alloc(32, 1).toString('base64'));
	if (field.includes('filler_words.content.static_config'))
		set('properties.filler_words.content.static_config.phrases', ['OK']);
	if (field === 'player.encryptMode')
		Object.assign(body.player as object, {
			encryptKey: 'k',
			encryptKdfSalt: Buffer.alloc(32, 1).toString('base64'),
		});
	return f;
}

const enumCases = loadEnums().flatMap((e) =>
	[...e.values, ...(e.alsoDocumented ?? []), ...(e.olderSnapshot ?? [])].map(
		(v) => [`${e.operation} ${e.field} = ${JSON.stringify(v)}`, e, v] as const,
	),
);

describe('every enum value of the reference is accepted', () => {
	it.each(enumCases)('%s', async (_n, e, v) => {
		const r = await send(withValue(e, v));
		expect({ status: r.status, body: r.data }).toMatchObject({ status: 200 });
	});

	it('open lists pass a value the reference does not list yet', async () => {
		for (const e of loadEnums().filter(
			(x) => x.open && x.valueKind !== 'array' && typeof x.values[0] === 'string',
		)) {
			sb.reset();
			const r = await send(withValue(e, 'future_value_2030'));
			expect({ field: e.field, status: r.status, body: r.data }).toMatchObject({
				field: e.field,
				status: 200,
			});
		}
	});
});

describe('every input the reference calls invalid is refused with a 400 naming the field', () => {
	it.each(loadInvalid().map((x) => [`${x.base}: ${x.field} (${x.rule})`, x] as const))(
		'%s',
		async (_n, entry) => {
			const r = await send(applyInvalid(fixture(entry.base), entry));
			expect({ status: r.status, body: r.data }).toMatchObject({ status: 400 });
			const text =
				typeof r.data === 'object' ? String(r.data.detail ?? r.data.message) : String(r.data);
			expect(text).toContain(entry.field);
		},
	);
});
