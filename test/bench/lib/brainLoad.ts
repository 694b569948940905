/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * Load on a brain workflow (bench 10): one timed chat-completions turn read off the wire in any
 * format (OpenAI SSE or JSON, n8n's JSON lines), callers taking turns in parallel with a pause,
 * and the CPU and memory of the n8n process read from /proc.
 */
import fs from 'fs';
import http from 'http';

import { sleep } from './stats';

export interface TurnResult {
	/** 200 with every token of the answer. */
	ok: boolean;
	/** Request to the first bytes carrying the answer's first word. */
	firstTextMs?: number;
	totalMs: number;
	status?: number;
	/** The client gave up waiting (no answer at all). */
	timedOut: boolean;
	/** A non-200 answer with an OpenAI error body ({error: {message}}). */
	openAiError?: string;
	/** Why a turn failed, as the client saw it: a socket error, or the status and the body's start. */
	failure?: string;
}

export interface TurnRequest {
	url: string;
	body: object;
	headers?: Record<string, string>;
	/** Text every chunk format carries verbatim: the answer's first and last token. */
	firstText: string;
	lastText: string;
	timeoutMs: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function openAiErrorMessage(body: string): string | undefined {
	try {
		const json = JSON.parse(body) as { error?: { message?: unknown } };
		return typeof json.error?.message === 'string' ? json.error.message : undefined;
	} catch {
		return undefined;
	}
}

/** One POST, timed to the first text and to the end of the answer. */
export function timedTurn(request: TurnRequest): Promise<TurnResult> {
	const start = process.hrtime.bigint();
	const elapsed = () => Number(process.hrtime.bigint() - start) / 1e6;
	const payload = JSON.stringify(request.body);
	return new Promise((resolve) => {
		let settled = false;
		const done = (result: Omit<TurnResult, 'totalMs'>) => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			resolve({ ...result, totalMs: elapsed() });
		};
		const req = http.request(
			request.url,
			{
				method: 'POST',
				agent,
				headers: {
					'content-type': 'application/json',
					'content-length': Buffer.byteLength(payload),
					...request.headers,
				},
			},
			(res) => {
				let body = '';
				let firstTextMs: number | undefined;
				res.setEncoding('utf8');
				res.on('data', (chunk: string) => {
					const from = Math.max(0, body.length - request.firstText.length);
					body += chunk;
					if (firstTextMs === undefined && body.includes(request.firstText, from))
						firstTextMs = elapsed();
				});
				res.on('end', () => {
					const status = res.statusCode ?? 0;
					const ok = status === 200 && firstTextMs !== undefined && body.includes(request.lastText);
					done({
						ok,
						status,
						firstTextMs,
						timedOut: false,
						openAiError: ok ? undefined : openAiErrorMessage(body),
						failure: ok
							? undefined
							: `status ${status}, ${body.length} bytes: ${body.slice(0, 160)}`,
					});
				});
				res.on('error', (error: NodeJS.ErrnoException) =>
					done({
						ok: false,
						status: res.statusCode,
						timedOut: false,
						failure: `response ${error.code ?? error.message} after ${body.length} bytes`,
					}),
				);
			},
		);
		const timer = setTimeout(() => {
			req.destroy();
			done({ ok: false, timedOut: true });
		}, request.timeoutMs);
		req.on('error', (error: NodeJS.ErrnoException) =>
			done({
				ok: false,
				timedOut: false,
				failure: `request ${error.code ?? error.message}${req.reusedSocket ? ' on a reused keep-alive socket' : ''}`,
			}),
		);
		req.end(payload);
	});
}

export interface CallerPlan {
	callers: number;
	/** Callers stop starting turns after this long (ms), or after `turnsPerCaller`. */
	durationMs?: number;
	turnsPerCaller?: number;
	/** Uniform pause between a caller's turns: the agent speaking, the caller answering. */
	pauseMs: [number, number];
}

const pause = ([min, max]: [number, number]) => min + Math.random() * (max - min);

/**
 * Each caller is a conversation that grows turn by turn (the history Agora's engine sends); its
 * first turn starts within one pause, so the callers do not arrive in lock step.
 */
export async function runCallers<T>(
	plan: CallerPlan,
	turn: (
		caller: number,
		index: number,
		history: Array<{ role: string; content: string }>,
	) => Promise<T>,
	answerOf: (result: T) => string | undefined,
): Promise<T[]> {
	const results: T[] = [];
	const end = plan.durationMs === undefined ? Infinity : Date.now() + plan.durationMs;
	const maxTurns = plan.turnsPerCaller ?? Infinity;
	const caller = async (id: number) => {
		const history = [
			{ role: 'system', content: 'You are a helpful voice agent for a parcel service.' },
		];
		await sleep(Math.random() * plan.pauseMs[1]);
		for (let index = 0; index < maxTurns && Date.now() < end; index++) {
			history.push({
				role: 'user',
				content: `Where is my order number ${1000 + id}, question ${index + 1}?`,
			});
			const result = await turn(id, index, history);
			results.push(result);
			history.push({ role: 'assistant', content: answerOf(result) ?? '' });
			await sleep(pause(plan.pauseMs));
		}
	};
	await Promise.all(Array.from({ length: plan.callers }, (_, id) => caller(id)));
	return results;
}

/** The `n8n start` process of a user folder: n8n runs with it as its working directory. */
export function n8nPid(userFolder: string): number {
	for (const entry of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const cwd = fs.readlinkSync(`/proc/${entry}/cwd`);
			const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
			if (cwd === userFolder && cmdline.includes('start')) return Number(entry);
		} catch {
			// gone, or not ours to read
		}
	}
	throw new Error(`no n8n process runs in ${userFolder}`);
}

/** Kernel clock ticks per second (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU seconds a process has used and its resident memory in MB (2^20 bytes). */
export function processUsage(pid: number): { cpuS: number; rssMb: number } {
	const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
	const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
	// Fields 14 and 15 of stat (utime, stime); the slice starts at field 3.
	const cpuS = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
	const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
	return { cpuS, rssMb: rss ? Number(rss[1]) / 1024 : NaN };
}

/** Every process's children, from one scan of /proc (the parent is field 4 of stat). */
export function childrenTable(): Map<number, number[]> {
	const table = new Map<number, number[]>();
	for (const entry of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
			const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
			table.set(parent, [...(table.get(parent) ?? []), Number(entry)]);
		} catch {
			// gone meanwhile
		}
	}
	return table;
}

/** A process and all its descendants (Postgres serves each connection from a child process). */
export function processTree(pid: number, table = childrenTable()): number[] {
	const tree = [pid];
	for (let i = 0; i < tree.length; i++) tree.push(...(table.get(tree[i]) ?? []));
	return tree;
}

export interface Usage {
	/** CPU used over the wall time, in cores (1 = one core busy). */
	cpuCores: number;
	/** CPU seconds used. */
	cpuS: number;
	peakRssMb: number;
	endRssMb: number;
}

/**
 * Samples named process trees while `work` runs, every 0.5 s: each tree's CPU and RSS, and the
 * same for the trees named in `summed` taken together (the peak of their sum, not a sum of peaks).
 */
export async function sampled<T>(
	groups: Record<string, number>,
	work: () => Promise<T>,
	summed: string[] = Object.keys(groups),
): Promise<{ value: T; usage: Record<string, Usage>; total: Usage }> {
	const names = Object.keys(groups);
	// CPU seconds last seen per process of each tree: a process gone meanwhile keeps its last value.
	const cpuSeen = new Map<string, Map<number, number>>(names.map((n) => [n, new Map()]));
	const peak = new Map<string, number>();
	const last = new Map<string, number>();
	const read = () => {
		let sum = 0;
		const table = childrenTable();
		for (const name of names) {
			let rss = 0;
			for (const pid of processTree(groups[name], table)) {
				try {
					const usage = processUsage(pid);
					cpuSeen.get(name)!.set(pid, usage.cpuS);
					rss += usage.rssMb;
				} catch {
					// ended between the scan and the read
				}
			}
			last.set(name, rss);
			peak.set(name, Math.max(peak.get(name) ?? 0, rss));
			if (summed.includes(name)) sum += rss;
		}
		last.set('', sum);
		peak.set('', Math.max(peak.get('') ?? 0, sum));
	};
	read();
	const before = new Map(names.map((n) => [n, new Map(cpuSeen.get(n))]));
	const t0 = Date.now();
	const timer = setInterval(read, 500);
	try {
		const value = await work();
		read();
		const wallS = (Date.now() - t0) / 1000;
		const usageOf = (name: string, cpuS: number): Usage => ({
			cpuS,
			cpuCores: cpuS / wallS,
			peakRssMb: peak.get(name)!,
			endRssMb: last.get(name)!,
		});
		// A process that started meanwhile used all its CPU within the interval.
		const cpuOf = (name: string) =>
			[...cpuSeen.get(name)!].reduce(
				(sum, [pid, cpuS]) => sum + cpuS - (before.get(name)!.get(pid) ?? 0),
				0,
			);
		const usage = Object.fromEntries(names.map((n) => [n, usageOf(n, cpuOf(n))]));
		const total = usageOf(
			'',
			summed.reduce((sum, n) => sum + usage[n].cpuS, 0),
		);
		return { value, usage, total };
	} finally {
		clearInterval(timer);
	}
}

/** Failed turns by their reason, most frequent first (one line, fit for a table cell). */
export function failureSummary(failed: TurnResult[]): string {
	const counts = new Map<string, number>();
	for (const turn of failed) {
		const reason = turn.timedOut
			? 'no answer within the client timeout'
			: (turn.failure ?? 'unknown');
		counts.set(reason, (counts.get(reason) ?? 0) + 1);
	}
	return [...counts]
		.sort((a, b) => b[1] - a[1])
		.map(([reason, count]) => `${count} × ${reason.replace(/[|\r\n]+/g, ' ')}`)
		.join('; ');
}

/** The q-quantile (0..1) by nearest rank. */
export function quantile(values: number[], q: number): number {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * q) - 1))];
}
