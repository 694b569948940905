/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/** Phone numbers, inbound calls and the call-state notifications (201, 202). */
import * as http from 'http';
import type { AddressInfo } from 'net';
import type { AxiosInstance } from 'axios';
import { startSandbox } from '../src/index';
import type { Sandbox } from '../src/index';
import { agentPath, client, waitFor } from '../src/helpers';

const NUMBERS = '/api/conversational-ai-agent/v2/phone-numbers';
let sb: Sandbox;
let api: AxiosInstance;
let receiver: http.Server;
let received: Array<{ eventType: number; payload: Record<string, unknown> }> = [];

beforeAll(async () => {
	receiver = http.createServer((req, res) => {
		let raw = '';
		req.on('data', (c: Buffer) => (raw += c.toString()));
		req.on('end', () => {
			received.push(JSON.parse(raw));
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.end('{}');
		});
	});
	await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
	const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
	sb = await startSandbox({
		startDelayMs: 10,
		stopDelayMs: 10,
		callSetupMs: 200,
		clock: 'manual',
		notify: { url, secret: 's', retryDelayMs: 10 },
	});
	api = client(sb);
});
afterAll(async () => {
	await sb.close();
	receiver.closeAllConnections();
	await new Promise((r) => receiver.close(r));
});
beforeEach(() => {
	sb.reset();
	received = [];
});

const sales = {
	provider: 'byo',
	phone_number: '+19876543210',
	label: 'Sales Hotline',
	inbound: true,
	outbound: true,
	inbound_config: { allowed_addresses: ['112.126.15.64/27'] },
	outbound_config: { address: 'xxx:xxx@sip.example.com', transport: 'tls' },
};
const numberPath = (n: string): string => `${NUMBERS}/${encodeURIComponent(n)}`;

describe('phone numbers', () => {
	it('add, list, get, update (null clears), delete', async () => {
		const a = await api.post(NUMBERS, sales);
		expect(a.status).toBe(200);
		expect(a.data).toEqual({
			phone_number: '+19876543210',
			label: 'Sales Hotline',
			provider: 'byo',
			inbound: true,
			outbound: true,
			associated_pipeline: null,
		});
		expect((await api.post(NUMBERS, sales)).status).toBe(409);
		const l = await api.get(NUMBERS);
		expect(l.data).toEqual([{ ...sales, associated_pipeline: null }]);
		expect((await api.get(numberPath('+19876543210'))).data).toEqual(l.data[0]);
		const u = await api.patch(numberPath('+19876543210'), {
			inbound_config: { pipeline_id: 'pl_in' },
		});
		expect(u.data).toMatchObject({
			associated_pipeline: { pipeline_id: 'pl_in', pipeline_name: 'pl_in' },
			inbound_config: { allowed_addresses: ['112.126.15.64/27'], pipeline_id: 'pl_in' },
		});
		const cleared = await api.patch(numberPath('+19876543210'), { outbound_config: null });
		expect(cleared.data.outbound_config).toBeNull();
		expect((await api.delete(numberPath('+19876543210'))).status).toBe(200);
		expect((await api.get(numberPath('+19876543210'))).status).toBe(404);
		expect((await api.delete(numberPath('+19876543210'))).status).toBe(404);
		expect((await api.get(NUMBERS)).data).toEqual([]);
	});

	it.each([
		['phone_number not E.164', { phone_number: '9876543210' }, 'phone_number'],
		['no provider', { provider: undefined }, 'provider'],
		['no label', { label: undefined }, 'label'],
		['no inbound_config', { inbound_config: undefined }, 'inbound_config'],
		['no outbound_config', { outbound_config: undefined }, 'outbound_config'],
		[
			'allowed_addresses not strings',
			{ inbound_config: { allowed_addresses: [1] } },
			'inbound_config.allowed_addresses[0]',
		],
		['inbound not boolean', { inbound: 'yes' }, 'inbound'],
	])('add: 400 on %s', async (_n, change, field) => {
		const r = await api.post(NUMBERS, { ...sales, ...change });
		expect(r.status).toBe(400);
		expect(r.data.detail).toContain(field);
	});

	it('providers are an open list; update refuses fields it cannot change', async () => {
		expect((await api.post(NUMBERS, { ...sales, provider: 'telnyx' })).status).toBe(200);
		const r = await api.patch(numberPath(sales.phone_number), { label: 'New' });
		expect(r.status).toBe(400);
		expect(r.data.detail).toContain('label');
		expect((await api.patch(numberPath('+15550000000'), { inbound_config: null })).status).toBe(
			404,
		);
	});
});

describe('call notifications', () => {
	const states = (type: number, id: string): unknown[] =>
		received
			.filter((n) => n.eventType === type && n.payload.agent_id === id)
			.map((n) => n.payload.state);

	it('202 outbound call state: START, CALLING, RINGING, ANSWERED, HANGUP with {agent_id, name, channel, state, report_ms, labels}', async () => {
		const r = await api.post(agentPath(sb, '/call'), {
			name: 'notify-call',
			sip: {
				to_number: '+19876543210',
				from_number: '+11234567890',
				rtc_uid: '100',
				rtc_token: '',
			},
			pipeline_id: 'pl',
			properties: { channel: 'phone', token: '', agent_rtc_uid: '111', labels: { lead: '42' } },
		});
		const id = r.data.agent_id;
		sb.clock.advance(200 + 2000);
		await api.post(agentPath(sb, `/calls/${id}/hangup`));
		sb.clock.advance(10);
		await waitFor(() => states(202, id).length === 5 && received.some((n) => n.eventType === 102));
		expect(states(202, id)).toEqual(['START', 'CALLING', 'RINGING', 'ANSWERED', 'HANGUP']);
		const hangup = received.find((n) => n.eventType === 202 && n.payload.state === 'HANGUP')!;
		expect(hangup.payload).toEqual({
			agent_id: id,
			name: 'notify-call',
			channel: 'phone',
			state: 'HANGUP',
			report_ms: sb.clock.now() - 10,
			labels: { lead: '42' },
		});
	});

	it('inbound: a call to an imported number with an inbound pipeline; 201 START, ANSWERED, HANGUP', async () => {
		await api.post(NUMBERS, { ...sales, inbound_config: { pipeline_id: 'pl_support' } });
		const r = await api.post('/_sandbox/telephony/inbound', {
			to_number: sales.phone_number,
			from_number: '+447700900123',
			hangUpAfterMs: 5000,
		});
		expect(r.status).toBe(200);
		const id = r.data.agent_id;
		sb.clock.advance(10 + 5000);
		await waitFor(() => states(201, id).length === 3);
		expect(states(201, id)).toEqual(['START', 'ANSWERED', 'HANGUP']);
		const rec = await api.get(agentPath(sb, '/call'), { params: { type: 'inbound' } });
		expect(rec.data.data.list).toEqual([
			expect.objectContaining({
				agent_id: id,
				type: 'inbound',
				to_number: sales.phone_number,
				from_number: '+447700900123',
				pipeline_id: 'pl_support',
				state: 'hangup',
			}),
		]);
		expect((await api.get(agentPath(sb, `/calls/${id}`))).data.reason).toBe('hangup');
	});

	it('inbound: the caller says its lines into the pipeline agent’s history, then hangs up', async () => {
		await api.post(NUMBERS, { ...sales, inbound_config: { pipeline_id: 'pl_support' } });
		const bad = await api.post('/_sandbox/telephony/inbound', {
			to_number: sales.phone_number,
			from_number: '+447700900123',
			lines: [''],
		});
		expect(bad.status).toBe(400);
		const r = await api.post('/_sandbox/telephony/inbound', {
			to_number: sales.phone_number,
			from_number: '+447700900123',
			lines: ['My order is late.'],
		});
		const id = r.data.agent_id;
		sb.clock.advance(10);
		await waitFor(
			async () => (await api.get(`/_sandbox/agents/${id}/conversation`)).data.history.length === 1,
		);
		expect((await api.get(agentPath(sb, `/agents/${id}/history`))).data.contents).toEqual([
			{ role: 'user', content: 'My order is late.' },
		]);
		sb.clock.advance(1);
		expect((await api.get(agentPath(sb, `/calls/${id}`))).data).toMatchObject({
			state: 'hangup',
			reason: 'hangup',
		});
	});

	it('inbound to a number that is not imported, or without an inbound pipeline, is refused', async () => {
		expect(
			(
				await api.post('/_sandbox/telephony/inbound', {
					to_number: '+15550000000',
					from_number: '+15550000001',
				})
			).status,
		).toBe(400);
		await api.post(NUMBERS, sales);
		const r = await api.post('/_sandbox/telephony/inbound', {
			to_number: sales.phone_number,
			from_number: '+15550000001',
		});
		expect(r.status).toBe(400);
		expect(r.data.error).toMatch(/pipeline_id/);
	});

	it('GET /_sandbox/telephony shows callees, calls and numbers', async () => {
		await api.post(NUMBERS, sales);
		const r = await api.get('/_sandbox/telephony');
		expect(r.data).toEqual({
			callees: { '*': { action: 'answer', afterMs: 2000 } },
			calls: [],
			phoneNumbers: [expect.objectContaining({ phone_number: sales.phone_number })],
		});
	});
});
