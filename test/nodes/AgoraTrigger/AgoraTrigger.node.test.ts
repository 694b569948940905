/** Pure parts of the Agora Trigger: envelope parsing, event catalogue, labels, dedupe record, description. */
import type { INodeProperties } from 'n8n-workflow';

import { AgoraTrigger } from '../../../nodes/AgoraTrigger/AgoraTrigger.node';
import { claimInProcess, DEDUPE_LIMIT, DEDUPE_TTL_MS } from '../../../nodes/AgoraTrigger/dedupe';
import { keepSecret, keptSecret } from '../../../nodes/shared/secretCache';
import { eventName, isEventSelected, productName } from '../../../nodes/AgoraTrigger/events';
import {
	isHealthCheck,
	labelsMatch,
	labelsOf,
	parseNotification,
	toOutputItem,
	type AgoraNotification,
} from '../../../nodes/AgoraTrigger/notification';

function parsed(body: unknown): AgoraNotification {
	const r = parseNotification(JSON.stringify(body));
	if (!r.ok) throw new Error(r.message);
	return r.notification;
}

describe('parseNotification', () => {
	it('reads the envelope; notifyMs and sid are optional', () => {
		expect(
			parsed({
				noticeId: 'a',
				productId: 17,
				eventType: 101,
				notifyMs: 5,
				sid: 's',
				payload: { x: 1 },
			}),
		).toEqual({
			noticeId: 'a',
			productId: 17,
			eventType: 101,
			notifyMs: 5,
			sid: 's',
			payload: { x: 1 },
		});
		expect(parsed({ noticeId: 42, productId: 4, eventType: 1, payload: {} })).toMatchObject({
			noticeId: '42',
			notifyMs: null,
			sid: null,
		});
	});

	it.each([
		['not JSON', '{', /not valid JSON/],
		['an array', '[]', /JSON object/],
		['null', 'null', /JSON object/],
		['empty noticeId', '{"noticeId":" ","productId":17,"eventType":1,"payload":{}}', /noticeId/],
		[
			'productId as text',
			'{"noticeId":"a","productId":"17","eventType":1,"payload":{}}',
			/productId/,
		],
		[
			'fractional eventType',
			'{"noticeId":"a","productId":17,"eventType":1.5,"payload":{}}',
			/eventType/,
		],
		['payload array', '{"noticeId":"a","productId":17,"eventType":1,"payload":[]}', /payload/],
		[
			'notifyMs text',
			'{"noticeId":"a","productId":17,"eventType":1,"payload":{},"notifyMs":"1"}',
			/notifyMs/,
		],
		['sid number', '{"noticeId":"a","productId":17,"eventType":1,"payload":{},"sid":1}', /sid/],
	])('refuses %s', (_name, text, message) => {
		const r = parseNotification(text);
		expect(r.ok).toBe(false);
		if (!r.ok) expect(r.message).toMatch(message);
	});
});

describe('events', () => {
	it('names every documented event and product', () => {
		const names = [101, 102, 103, 104, 110, 111, 112, 201, 202].map((t) => eventName(17, t));
		expect(names).toEqual([
			'agent_joined',
			'agent_left',
			'agent_history',
			'agent_expire',
			'agent_error',
			'agent_metrics',
			'turns_finished',
			'inbound_call_state',
			'outbound_call_state',
		]);
		expect([1, 3, 4].map((t) => eventName(4, t))).toEqual([
			'player_created',
			'player_destroyed',
			'player_status_changed',
		]);
		expect(eventName(4, 101)).toBe('event_101');
		expect(eventName(17, 999)).toBe('event_999');
		// Agora names 104 "agent expire"; a workflow saved with the earlier name still selects it.
		expect(isEventSelected(17, 104, ['token_expiring'])).toBe(true);
		expect(isEventSelected(17, 104, ['agent_expire'])).toBe(true);
		expect(isEventSelected(17, 103, ['token_expiring'])).toBe(false);
		expect([17, 4, 1, 3, 5, 8].map(productName)).toEqual([
			'conversational_ai',
			'media_pull',
			'rtc',
			'cloud_recording',
			'media_push',
			'product_8',
		]);
	});

	it('empty selection and "*" select everything; otherwise only the named events', () => {
		expect(isEventSelected(17, 999, [])).toBe(true);
		expect(isEventSelected(17, 999, ['agent_left', '*'])).toBe(true);
		expect(isEventSelected(17, 102, ['agent_left'])).toBe(true);
		expect(isEventSelected(17, 101, ['agent_left'])).toBe(false);
		expect(isEventSelected(4, 102, ['agent_left'])).toBe(false);
	});
});

describe('labels and health check', () => {
	const n = (payload: object) => parsed({ noticeId: 'a', productId: 17, eventType: 102, payload });

	it('lifts payload.labels, {} when absent or not an object', () => {
		expect(labelsOf(n({ labels: { a: '1' } }))).toEqual({ a: '1' });
		expect(labelsOf(n({}))).toEqual({});
		expect(labelsOf(n({ labels: ['a'] }))).toEqual({});
		expect(labelsOf(n({ labels: 'a' }))).toEqual({});
	});

	it('matches every pair, comparing values as text; no pairs match everything', () => {
		const labels = { customer: 'acme', tier: 1 };
		expect(labelsMatch(labels, [])).toBe(true);
		expect(
			labelsMatch(labels, [
				{ name: 'customer', value: 'acme' },
				{ name: 'tier', value: '1' },
			]),
		).toBe(true);
		expect(labelsMatch(labels, [{ name: 'customer', value: 'ACME' }])).toBe(false);
		expect(labelsMatch(labels, [{ name: 'missing', value: '' }])).toBe(false);
		expect(labelsMatch(labels, [{ name: 'toString', value: labels.toString.toString() }])).toBe(
			false,
		);
	});

	it('recognises the console health check by its test_webhook channel', () => {
		expect(isHealthCheck(n({ channel: 'test_webhook' }))).toBe(true);
		expect(isHealthCheck(n({ channelName: 'test_webhook' }))).toBe(true);
		expect(isHealthCheck(n({ player: { channelName: 'test_webhook' } }))).toBe(true);
		expect(isHealthCheck(n({ channel: 'room1' }))).toBe(false);
		expect(isHealthCheck(n({}))).toBe(false);
	});

	it('builds the output item', () => {
		const item = toOutputItem(
			parsed({
				noticeId: 'x',
				productId: 17,
				eventType: 110,
				notifyMs: 9,
				sid: 's',
				payload: { errors: [], labels: { k: 'v' } },
			}),
			{ verified: true, healthCheck: false },
		);
		expect(item).toEqual({
			noticeId: 'x',
			productId: 17,
			product: 'conversational_ai',
			eventType: 110,
			event: 'agent_error',
			notifyMs: 9,
			sid: 's',
			labels: { k: 'v' },
			payload: { errors: [], labels: { k: 'v' } },
			healthCheck: false,
			verified: true,
		});
	});
});

describe('dedupe record', () => {
	const now = 1_800_000_000_000;

	it('the per-process record claims an id once per scope, again after 24 hours', () => {
		const scope = `test-${Math.random()}`;
		expect(claimInProcess(scope, 'n', now)).toBe(true);
		expect(claimInProcess(scope, 'n', now + 1000)).toBe(false);
		expect(claimInProcess(`${scope}-other`, 'n', now)).toBe(true);
		expect(claimInProcess(scope, 'n', now + DEDUPE_TTL_MS)).toBe(true);
	});

	it('the per-process record stays bounded', () => {
		const scope = `bound-${Math.random()}`;
		for (let i = 0; i < 10 * DEDUPE_LIMIT + 10; i++) claimInProcess(scope, `n${i}`, now);
		// The oldest ids were dropped to stay within the bound, the newest are still known.
		expect(claimInProcess(scope, 'n0', now)).toBe(true);
		expect(claimInProcess(scope, `n${10 * DEDUPE_LIMIT + 9}`, now)).toBe(false);
	});
});

describe('node description', () => {
	const trigger = new AgoraTrigger();
	const d = trigger.description;
	const prop = (name: string) => d.properties.find((p) => p.name === name) as INodeProperties;

	it('is a POST webhook trigger with a credential per version and a complete lifecycle', () => {
		expect(d).toMatchObject({
			name: 'agoraTrigger',
			displayName: 'Agora Trigger',
			group: ['trigger'],
			inputs: [],
			version: [1, 2],
		});
		expect(d.webhooks).toEqual([
			expect.objectContaining({ name: 'default', httpMethod: 'POST', path: 'webhook' }),
		]);
		expect(d.credentials).toEqual([
			{
				name: 'agoraApi',
				required: true,
				testedBy: 'agoraApiCredentialTest',
				displayOptions: { show: { '@version': [1] } },
			},
			{
				name: 'agoraNotificationsApi',
				required: true,
				testedBy: 'agoraNotificationsCredentialTest',
				displayOptions: { show: { '@version': [2] } },
			},
		]);
		expect(typeof trigger.methods.credentialTest.agoraApiCredentialTest).toBe('function');
		expect(typeof trigger.methods.credentialTest.agoraNotificationsCredentialTest).toBe('function');
		expect(Object.keys(trigger.webhookMethods.default).sort()).toEqual([
			'checkExists',
			'create',
			'delete',
		]);
	});

	it('tells the user what to paste where, and what happens until the secret is there', () => {
		const notices = d.properties.filter((p) => p.name === 'setupNotice');
		const forVersion = (v: number) =>
			notices.find((p) => p.displayOptions?.show?.['@version']?.includes(v)) as INodeProperties;
		for (const text of [
			'Agora Console',
			'Notifications',
			'Production URL',
			'Agora API credential',
			'NOT verified',
		]) {
			expect(forVersion(1).displayName).toContain(text);
		}
		for (const text of [
			'Agora Console',
			'Notifications',
			'Production URL',
			'Agora Notifications credential',
			'only the URL check',
		]) {
			expect(forVersion(2).displayName).toContain(text);
		}
		expect(notices.every((n) => n.type === 'notice')).toBe(true);
	});

	it('shows each product’s events only when that product is chosen, defaulting to all', () => {
		expect(prop('product').default).toBe('conversationalAi');
		expect(prop('conversationalAiEvents')).toMatchObject({
			default: ['*'],
			displayOptions: { show: { product: ['conversationalAi', 'both'] } },
		});
		expect(prop('mediaPullEvents')).toMatchObject({
			default: ['*'],
			displayOptions: { show: { product: ['mediaPull', 'both'] } },
		});
		const values = (name: string) =>
			(prop(name).options as Array<{ value: string }>).map((o) => o.value);
		expect(values('conversationalAiEvents')).toHaveLength(10);
		expect(values('mediaPullEvents')).toEqual([
			'*',
			'player_created',
			'player_destroyed',
			'player_status_changed',
		]);
	});

	it('has options with documented defaults', () => {
		const options = prop('options').options as INodeProperties[];
		const byName = Object.fromEntries(options.map((o) => [o.name, o]));
		expect(byName.ignoreResends.default).toBe(true);
		expect(byName.startOnHealthCheck.default).toBe(false);
		expect(byName.maxBodySizeKb).toMatchObject({
			default: 16384,
			typeOptions: { minValue: 1, maxValue: 16384 },
		});
		expect(byName.labelFilter.type).toBe('fixedCollection');
	});
});

describe('secretCache', () => {
	const TTL_MS = 10_000;
	// Each test uses its own credential ids: the cache is process-wide, as in n8n.
	let prefix = 0;
	const id = (name: string) => `t${prefix}-${name}`;
	beforeEach(() => {
		prefix++;
		jest.useFakeTimers({ now: 1_000_000, doNotFake: ['nextTick', 'setImmediate'] });
	});
	afterEach(() => jest.useRealTimers());

	it('keeps a non-empty secret for 10 s, per credential id', () => {
		keepSecret(id('a'), 's1');
		keepSecret(id('b'), 's2');
		jest.setSystemTime(1_000_000 + TTL_MS - 1);
		expect(keptSecret(id('a'))).toBe('s1');
		expect(keptSecret(id('b'))).toBe('s2');
		jest.setSystemTime(1_000_000 + TTL_MS);
		expect(keptSecret(id('a'))).toBeUndefined();
	});

	it('reading does not extend the time; keeping again does', () => {
		keepSecret(id('a'), 's1');
		jest.setSystemTime(1_000_000 + TTL_MS - 1);
		expect(keptSecret(id('a'))).toBe('s1');
		keepSecret(id('a'), 's1');
		jest.setSystemTime(1_000_000 + 2 * TTL_MS - 2);
		expect(keptSecret(id('a'))).toBe('s1');
	});

	it('never keeps an empty secret, and an empty one forgets the old', () => {
		keepSecret(id('a'), '');
		expect(keptSecret(id('a'))).toBeUndefined();
		keepSecret(id('a'), 's1');
		keepSecret(id('a'), '');
		expect(keptSecret(id('a'))).toBeUndefined();
	});

	it('keeps nothing for a credential without id', () => {
		keepSecret(undefined, 's1');
		keepSecret('', 's1');
		expect(keptSecret(undefined)).toBeUndefined();
		expect(keptSecret('')).toBeUndefined();
	});

	it('holds at most 200 credentials, dropping the one kept longest ago', () => {
		for (let i = 0; i < 201; i++) keepSecret(id(`c${i}`), `s${i}`);
		expect(keptSecret(id('c0'))).toBeUndefined();
		expect(keptSecret(id('c1'))).toBe('s1');
		expect(keptSecret(id('c200'))).toBe('s200');
	});
});
