/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * 4. Get Many with Return All over N players of one channel (page size 500) while the sandbox
 * enforces the filtered-list limits (2/s and 15/min per channel): wall time against the bound those
 * limits allow, and the memory the execution adds.
 */
import axios from 'axios';
import v8 from 'v8';
import vm from 'vm';

import { resetRateLimits } from '../../../nodes/Agora/transport/rateLimit';
import { startSandboxProcess, type SandboxProcess } from '../../../scripts/lib/sandboxProcess';
import { agoraWorkflow, runWorkflow } from '../../lib/harness';
import { createPlayers } from '../lib/players';
import type { Row } from '../lib/report';
import { median, spread, timed } from '../lib/stats';
import type { Bench } from '../lib/types';

const PAGE_SIZE = 500;
const CHANNEL = 'bench-list';
const PER_SECOND = 2;
const PER_MINUTE = 15;

function size(smoke: boolean): number {
	return smoke ? 1200 : 10000;
}

/**
 * Earliest end of a paged listing: page k can only be asked once page k-1 has answered (it needs
 * its token, serviceMs later), once the 2/s window has room (k-2 sent >= 1 s ago) and once the 15/min
 * window has room (k-15 sent >= 60 s ago); the run ends when the last page has answered.
 */
export function listingBoundMs(
	pages: number,
	serviceMs: number,
): { boundMs: number; sendTimes: number[] } {
	const t: number[] = [];
	for (let k = 0; k < pages; k++) {
		let at = k === 0 ? 0 : t[k - 1] + serviceMs;
		if (k >= PER_SECOND) at = Math.max(at, t[k - PER_SECOND] + 1000);
		if (k >= PER_MINUTE) at = Math.max(at, t[k - PER_MINUTE] + 60000);
		t.push(at);
	}
	return { boundMs: t[pages - 1] + serviceMs, sendTimes: t };
}

function gcFunction(): () => void {
	v8.setFlagsFromString('--expose-gc');
	return vm.runInNewContext('gc') as () => void;
}

export const getManyBench: Bench = {
	id: 4,
	title: 'Get Many (Return All) under the list rate limits',
	method: (smoke) => {
		const pages = Math.ceil(size(smoke) / PAGE_SIZE);
		const { sendTimes } = listingBoundMs(pages, 0);
		return `**4** — In-process engine, the sandbox as a separate process (so its memory is not counted; SANDBOX_PLAYER_QUOTA high). Per run: sandbox reset, ${size(smoke)} players of channel "${CHANNEL}" created directly (rate limits off), the service time s of one ${PAGE_SIZE}-player page measured directly (median of 5 GETs), then rate limits on and the node's pacing reset; one item -> Agora node Cloud Player > Get Many, Return All, filter channelName, page size ${PAGE_SIZE}: ${pages} pages. Time figure: wall time of the workflow / bound. Bound: page k is sent at t_k = max(t_(k-1) + s, t_(k-2) + 1 s, t_(k-15) + 60 s), t_0 = 0 (each page needs the previous page's token; 2 per sliding second; 15 per sliding minute); bound = t_last + s. With s = 0 the send times are ${sendTimes.map((x) => x / 1000).join(', ')} s${pages > PER_MINUTE ? ' — the first 15 pages in the first ~7 s, the 16th only at 60 s' : ''}. Memory figure: peak of process.memoryUsage() sampled every 20 ms during the run minus the value just before it (after a forced GC), for rss and heapUsed; the larger of the two is judged (rss often adds nothing: the heap reuses pages the set-up already made the process hold). Each run checks ${size(smoke)} distinct players came back, the sandbox answered no 429 and served exactly ${pages} list requests.`;
	},
	async run(ctx) {
		const n = size(ctx.smoke);
		const pages = Math.ceil(n / PAGE_SIZE);
		const gc = gcFunction();
		let sandbox: SandboxProcess | undefined;
		const timeRatios: number[] = [];
		const walls: number[] = [];
		const bounds: number[] = [];
		const rssPeaks: number[] = [];
		const heapPeaks: number[] = [];
		try {
			sandbox = await startSandboxProcess({ SANDBOX_PLAYER_QUOTA: String(n * 2) });
			const sb = sandbox;
			const credential = {
				customerId: sb.customerId,
				customerSecret: sb.customerSecret,
				appId: sb.appId,
				host: 'custom',
				customBaseUrl: sb.url,
			};
			const listUrl = `${sb.url}/v1/projects/${sb.appId}/cloud-player/players`;
			const auth = { username: sb.customerId, password: sb.customerSecret };
			for (let run = 0; run < ctx.runs; run++) {
				await sb.control('reset', {});
				await sb.control('config', { rateLimits: false, playerQuota: n * 2 });
				await createPlayers(sb, { count: n, channel: CHANNEL });
				const service: number[] = [];
				for (let i = 0; i < 5; i++) {
					const { ms, value } = await timed(() =>
						axios.get(listUrl, {
							auth,
							params: { filter: `channelName eq ${CHANNEL}`, pageSize: PAGE_SIZE },
						}),
					);
					if ((value.data.players ?? []).length !== Math.min(PAGE_SIZE, n))
						throw new Error('service-time probe got a short page');
					service.push(ms);
				}
				const serviceMs = median(service);
				const { boundMs } = listingBoundMs(pages, serviceMs);
				await sb.control('config', { rateLimits: true });
				resetRateLimits();
				const before = await sb.control('stats');

				const workflow = agoraWorkflow({
					resource: 'cloudPlayer',
					operation: 'getMany',
					returnAll: true,
					filters: { channelName: CHANNEL },
					options: { pageSize: PAGE_SIZE },
				});
				gc();
				const base = process.memoryUsage();
				let peakRss = base.rss;
				let peakHeap = base.heapUsed;
				const sampler = setInterval(() => {
					const m = process.memoryUsage();
					if (m.rss > peakRss) peakRss = m.rss;
					if (m.heapUsed > peakHeap) peakHeap = m.heapUsed;
				}, 20);
				let ms: number;
				let result: Awaited<ReturnType<typeof runWorkflow>>;
				try {
					({ ms, value: result } = await timed(() => runWorkflow(workflow, credential)));
				} finally {
					clearInterval(sampler);
				}
				const m = process.memoryUsage();
				peakRss = Math.max(peakRss, m.rss);
				peakHeap = Math.max(peakHeap, m.heapUsed);

				const error = result.error('Agora');
				if (error) throw new Error(`Agora node failed: ${error.message}`);
				const out = result.output('Agora');
				const distinct = new Set(out.map((p) => p.id)).size;
				if (out.length !== n || distinct !== n)
					throw new Error(`${out.length} items (${distinct} distinct), expected ${n}`);
				const after = await sb.control('stats');
				const limited = after.rateLimited.total - before.rateLimited.total;
				const requests = after.requests - before.requests;
				if (limited !== 0)
					throw new Error(`the sandbox answered ${limited} list requests with 429`);
				if (requests !== pages) throw new Error(`${requests} list requests, expected ${pages}`);

				walls.push(ms);
				bounds.push(boundMs);
				timeRatios.push(ms / boundMs);
				rssPeaks.push((peakRss - base.rss) / 2 ** 20);
				heapPeaks.push((peakHeap - base.heapUsed) / 2 ** 20);
				ctx.log(
					`   run ${run + 1}: ${(ms / 1000).toFixed(1)} s (bound ${(boundMs / 1000).toFixed(1)} s), +${rssPeaks.at(-1)!.toFixed(0)} MB rss, +${heapPeaks.at(-1)!.toFixed(0)} MB heap`,
				);
			}
		} finally {
			await sandbox?.stop();
			resetRateLimits();
		}
		const memory = rssPeaks.map((r, i) => Math.max(r, heapPeaks[i]));
		const rows: Row[] = [
			{
				bench: 4,
				name: `Get Many Return All: wall time / bound, ${n} players, ${pages} pages of ${PAGE_SIZE}, 2/s + 15/min`,
				values: timeRatios,
				unit: '',
				target: { op: '<=', value: 1.1 },
				detail: `wall ${spread(
					walls.map((w) => w / 1000),
					1,
					' s',
				)}, bound ${spread(
					bounds.map((b) => b / 1000),
					1,
					' s',
				)}`,
			},
			{
				bench: 4,
				name: `Get Many Return All: peak memory added, ${n} players`,
				values: memory,
				unit: 'MB',
				target: { op: '<=', value: 100 },
				detail: `rss +${spread(rssPeaks, 0, ' MB')}, heapUsed +${spread(heapPeaks, 0, ' MB')} (MB = 2^20 bytes)`,
				digits: 0,
			},
		];
		return rows;
	},
};
