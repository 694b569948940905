/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- not part of the published package: test or dev code run by plain Node */
/**
 * Secrets never leak: every operation and the trigger run with canary secrets, against the sandbox
 * and an echo server; output, errors, logs and stdio are searched (docs/testing.md, Reliability).
 */
import './lib/debugLogs';

import { createHmac, randomUUID } from 'crypto';
import * as http from 'http';
import type { AddressInfo } from 'net';

import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import axios from 'axios';
import type { IDataObject } from 'n8n-workflow';
import { LoggerProxy } from 'n8n-workflow';

import { resetRateLimits } from '../../nodes/Agora/transport';
import type { Sandbox } from '../../sandbox/src';
import { agoraWorkflow, runWorkflow, type CredentialData } from '../lib/harness';
import { startTriggerServer } from '../lib/triggerHarness';
import { FAST_TIMING, useSandbox } from '../lib/sandbox';
import { table } from './lib/common';
import { C, SCENARIOS } from './lib/secretScenarios';

// ---------------------------------------------------------------- canaries

const APP_ID = '0123456789abcdef0123456789abcdef';
const CUSTOMER_ID = 'cnry-customer-id';
/** The Basic credential as it travels in the Authorization header. */
const BASIC = Buffer.from(`${CUSTOMER_ID}:${C.customerSecret}`).toString('base64');

/** Canaries known in advance, plus the channel tokens the node generated (read from the sandbox). */
const generatedTokens = new Set<string>();
function canaries(): Array<[string, string]> {
	return [
		...Object.entries(C),
		['basicAuth', BASIC],
		...[...generatedTokens].map((token, i): [string, string] => [`generatedToken${i}`, token]),
	];
}

// ---------------------------------------------------------------- capture

const captured: string[] = [];
/** Lines of log and console output searched over the workflow runs (the search must not be vacuous). */
let capturedLines = 0;
const restorers: Array<() => void> = [];

/** Everything reachable from a value, as text: own properties (non-enumerable too), errors whole. */
function dump(value: unknown, out: string[], seen: Set<unknown>, path: string, depth = 0): void {
	if (value === null || value === undefined || depth > 14) return;
	if (typeof value === 'string') {
		out.push(`${path}=${value}`);
		return;
	}
	if (typeof value !== 'object' && typeof value !== 'function') {
		out.push(`${path}=${String(value)}`);
		return;
	}
	if (typeof value === 'function' || seen.has(value)) return;
	seen.add(value);
	if (value instanceof Error) out.push(`${path}.toString()=${String(value)}`);
	for (const key of Object.getOwnPropertyNames(value)) {
		const entry = (value as Record<string, unknown>)[key];
		// An n8n error carries the node it belongs to, parameters included: that is the user's own
		// configuration, stored with the workflow by n8n, not something this package emits.
		if (isNodeRef(key, entry)) continue;
		dump(entry, out, seen, `${path}.${key}`, depth + 1);
	}
}

/** An INode reference (n8n puts the node, parameters included, on its errors). */
function isNodeRef(key: string, value: unknown): boolean {
	return (
		key === 'node' &&
		!!value &&
		typeof value === 'object' &&
		'parameters' in value &&
		'type' in value
	);
}

/** JSON text without the node references (see dump). */
function json(value: unknown): string {
	return (
		JSON.stringify(value, (key, entry: unknown) => (isNodeRef(key, entry) ? '[node]' : entry)) ?? ''
	);
}

function startCapture(): void {
	for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
		const spy = jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
			const parts: string[] = [];
			dump(args, parts, new Set(), `console.${method}`);
			captured.push(...parts);
		});
		restorers.push(() => spy.mockRestore());
	}
	for (const stream of [process.stdout, process.stderr]) {
		const original = stream.write.bind(stream);
		stream.write = ((chunk: unknown, ...rest: unknown[]) => {
			captured.push(`${stream === process.stdout ? 'stdout' : 'stderr'}=${String(chunk)}`);
			return (original as (...a: unknown[]) => boolean)(chunk, ...rest);
		}) as typeof stream.write;
		restorers.push(() => {
			stream.write = original as typeof stream.write;
		});
	}
	// n8n's logger (nodes' this.logger) and the engine's LoggerProxy, as n8n wires them.
	const logger = Container.get(Logger);
	for (const method of ['error', 'warn', 'info', 'debug'] as const) {
		const original = logger[method].bind(logger);
		const spy = jest
			.spyOn(logger, method)
			.mockImplementation((...args: Parameters<typeof logger.debug>) => {
				const parts: string[] = [];
				dump({ message: args[0], meta: args[1] }, parts, new Set(), `logger.${method}`);
				captured.push(...parts);
				original(...args);
			});
		restorers.push(() => spy.mockRestore());
	}
	LoggerProxy.init(logger);
}

function stopCapture(): void {
	for (const restore of restorers.splice(0).reverse()) restore();
}

// ---------------------------------------------------------------- hits

interface Hit {
	scenario: string;
	canary: string;
	where: string;
}
const hits: Hit[] = [];
const scenarioRows: string[][] = [['scenario', 'continueOnFail', 'outcome', 'canary hits']];

/** Where a text came from: the property path of a dump line ("run.data...error.message=..."), or its label. */
function origin(text: string, fallback: string): string {
	const match = /^([\w.$[\]() -]+?)=/.exec(text);
	return (match ? match[1] : fallback).replace(/\.\d+\./g, '.N.');
}

function search(scenario: string, texts: Array<[string, string]>): number {
	let count = 0;
	for (const [name, value] of canaries()) {
		const needle = value.toLowerCase();
		for (const [label, text] of texts) {
			if (!text.toLowerCase().includes(needle)) continue;
			count++;
			hits.push({ scenario, canary: name, where: origin(text, label) });
		}
	}
	return count;
}

/** Hits grouped by where they showed, for the report. */
function hitReport(): string {
	const groups = new Map<string, { canaries: Set<string>; scenarios: Set<string> }>();
	for (const hit of hits) {
		const group = groups.get(hit.where) ?? { canaries: new Set(), scenarios: new Set() };
		group.canaries.add(hit.canary);
		group.scenarios.add(hit.scenario.replace(/ \(continueOnFail\)$/, ''));
		groups.set(hit.where, group);
	}
	return [...groups]
		.map(
			([where, g]) =>
				`  LEAK at ${where}\n    canaries: ${[...g.canaries].join(', ')}\n    scenarios: ${[...g.scenarios].join('; ')}`,
		)
		.join('\n');
}

// ---------------------------------------------------------------- servers

let sb: Sandbox;
let echo: http.Server;
let echoUrl: string;

function credential(baseUrl: string): CredentialData {
	return {
		customerId: CUSTOMER_ID,
		customerSecret: C.customerSecret,
		appId: APP_ID,
		appCertificate: C.appCertificate,
		notificationSecret: C.notificationSecret,
		host: 'custom',
		customBaseUrl: baseUrl,
	};
}

/** Answers every request with an error that repeats everything it received. */
async function startEcho(): Promise<void> {
	echo = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const received = `${req.method} ${req.url} headers=${JSON.stringify(req.headers)} body=${Buffer.concat(chunks).toString('utf8')}`;
			const body = req.url?.includes('/conversational-ai-agent/')
				? { detail: `Invalid request: ${received}`, reason: `InvalidRequestBody ${received}` }
				: { message: `Bad request: ${received}` };
			res.writeHead(400, {
				'Content-Type': 'application/json',
				'X-Request-ID': String(req.headers['x-request-id'] ?? ''),
			});
			res.end(JSON.stringify(body));
		});
	});
	await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
	echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
}

useSandbox(
	{
		customerId: CUSTOMER_ID,
		customerSecret: C.customerSecret,
		appId: APP_ID,
		startDelayMs: 5,
		stopDelayMs: 5,
		listDelayMs: 0,
		playerQuota: 1000,
	},
	(started) => ({ sb } = started),
	{ timing: FAST_TIMING, resetEach: false },
);
beforeAll(startEcho);

afterAll(async () => {
	stopCapture();
	await new Promise((resolve) => echo.close(resolve));
	const byCanary = new Map<string, number>();
	for (const hit of hits) byCanary.set(hit.canary, (byCanary.get(hit.canary) ?? 0) + 1);
	console.log(
		`Secrets\n${table(scenarioRows)}\n\n` +
			`Secrets: ${scenarioRows.length - 1} runs, ${canaries().length} canaries (${generatedTokens.size} generated tokens), ${capturedLines} log lines searched, ${hits.length} hits` +
			(hits.length ? `\n${hitReport()}` : ''),
	);
});

beforeEach(() => {
	resetRateLimits();
});

/** Channel tokens the node generated, as the sandbox received them: secrets too. */
function collectGeneratedTokens(): void {
	for (const request of sb.requests) {
		const body = request.body as IDataObject | undefined;
		const token = ((body?.properties as IDataObject | undefined)?.token ??
			(body?.player as IDataObject | undefined)?.token) as unknown;
		if (typeof token === 'string' && token.startsWith('007')) generatedTokens.add(token);
	}
}

describe('canaries never leak', () => {
	beforeAll(() => startCapture());

	test.each(
		SCENARIOS.flatMap((scenario) => [
			[scenario.label, false, scenario] as const,
			[scenario.label, true, scenario] as const,
		]),
	)(
		'%s (continueOnFail %s)',
		async (label, continueOnFail, scenario) => {
			sb.reset();
			const ctx = (await scenario.setup?.(sb)) ?? {};
			captured.length = 0;
			const base = scenario.backend === 'echo' ? echoUrl : sb.url;
			const others: Record<string, CredentialData> = scenario.vendorKeys
				? { agoraVendorKeysApi: scenario.vendorKeys }
				: {};
			const result = await runWorkflow(
				agoraWorkflow(scenario.params(ctx), [{}], { continueOnFail }),
				credential(base),
				others,
			);
			collectGeneratedTokens();

			const output = result.output('Agora');
			const error = result.error('Agora');
			// Under Continue On Fail an item's failure is an error item; a failure of the whole node (say, its
			// credential) is the run's error, with the input passed on.
			const failed =
				error !== undefined || (continueOnFail && output.some((item) => item.error !== undefined));
			const outcome = failed ? 'error' : 'success';

			const lines: string[] = [];
			dump(result.run, lines, new Set(), 'run');
			const texts: Array<[string, string]> = lines.map((line) => ['run', line]);
			texts.push(['JSON.stringify(run)', json(result.run)]);
			if (error)
				texts.push(
					['String(error)', String(error)],
					['error.stack', String(error.stack)],
					['JSON.stringify(error)', json(error)],
				);
			texts.push(...captured.map((text): [string, string] => ['console/stdout/logger', text]));
			capturedLines += captured.length;
			// Outputs of agent and player operations never carry a channel token of any kind.
			if (!label.startsWith('token.')) {
				expect(JSON.stringify(output)).not.toMatch(/007eJ/);
			}
			const count = search(`${label}${continueOnFail ? ' (continueOnFail)' : ''}`, texts);
			scenarioRows.push([label, String(continueOnFail), outcome, String(count)]);

			expect(outcome).toBe(scenario.expect);
			expect(count).toBe(0);
		},
		20000,
	);

	test("the search covered n8n's log output (debug level) of the runs", () => {
		expect(capturedLines).toBeGreaterThan(100);
	});

	test('the suite did see the generated tokens it guards (they went to the sandbox)', () => {
		// One per start and create whose token field was empty, in both runs of each.
		expect(generatedTokens.size).toBeGreaterThanOrEqual(4);
	});
});

describe('trigger: the notification secret and the credential never leak', () => {
	test('valid, forged, oversized, malformed and resent notifications', async () => {
		captured.length = 0;
		const trigger = await startTriggerServer({
			parameters: { product: 'both' },
			credential: credential('http://127.0.0.1:1'),
		});
		try {
			await trigger.activate();
			const sign = (body: string, secret: string = C.notificationSecret) => ({
				'Agora-Signature': createHmac('sha1', secret).update(body).digest('hex'),
				'Agora-Signature-V2': createHmac('sha256', secret).update(body).digest('hex'),
			});
			const send = async (body: string, headers: Record<string, string>) =>
				(
					await axios.post(trigger.url, body, {
						headers,
						validateStatus: () => true,
						transformRequest: [(d: unknown) => d],
					})
				).status;
			const envelope = JSON.stringify({
				noticeId: randomUUID(),
				productId: 17,
				eventType: 102,
				notifyMs: 1,
				payload: { agent_id: 'A', labels: { k: 'v' } },
			});
			const json = { 'Content-Type': 'application/json' };
			const statuses = [
				await send(envelope, { ...json, ...sign(envelope) }),
				await send(envelope, { ...json, ...sign(envelope) }),
				await send(envelope, { ...json, ...sign(envelope, 'forged') }),
				await send(envelope, json),
				await send('{"broken"', { ...json, ...sign('{"broken"') }),
				await send(envelope, { 'Content-Type': 'text/plain', ...sign(envelope) }),
				await send(JSON.stringify({ pad: 'x'.repeat(16 * 1024 * 1024) }), json),
			];
			await trigger.settle();
			expect(statuses).toEqual([200, 200, 401, 401, 400, 415, 413]);
			expect(trigger.runs).toHaveLength(1);

			const lines: string[] = [];
			dump(trigger.runs, lines, new Set(), 'runs');
			dump(trigger.answers, lines, new Set(), 'answers');
			dump(trigger.errors, lines, new Set(), 'errors');
			dump(trigger.staticData(), lines, new Set(), 'staticData');
			const texts: Array<[string, string]> = lines.map((line) => ['trigger', line]);
			texts.push(...captured.map((text): [string, string] => ['console/stdout/logger', text]));
			// The refusals were logged (warn), so the logger was searched, not silent.
			expect(captured.some((text) => text.includes('refused a request'))).toBe(true);
			const count = search('trigger', texts);
			scenarioRows.push(['trigger (7 requests)', '-', 'as expected', String(count)]);
			expect(count).toBe(0);
		} finally {
			await trigger.close();
		}
	});
});
