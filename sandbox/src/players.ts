/** State of the Media Pull cloud players of the (single) sandbox project. */
import { randomUUID } from 'crypto';
import type { StoreCtx } from './agents';
import type { DestroyedPlayer, PlayerRecord, PlayerStatus, Region } from './types';
import { decodeToken, encodeToken, pushBounded, upperBound } from './util';
import type { ValidPlayer, ValidPlayerUpdate } from './validate-player';

export class PlayerError extends Error {
	constructor(
		readonly status: number,
		message: string,
		readonly resourceId?: string,
	) {
		super(message);
	}
}

export const NOT_FOUND = 'Resource is not found and destroyed.';
export const UNREACHABLE_HOST = 'unreachable.invalid';

interface Live {
	rec: PlayerRecord;
	/** Sandbox clock (ms) at creation, for the list delay. */
	createdMs: number;
	timer?: number;
}

export interface ListResult {
	totalSize: number;
	players: PlayerRecord[];
	nextPageToken: string;
}

function isUnreachable(url: string): boolean {
	try {
		return new URL(url).hostname.toLowerCase() === UNREACHABLE_HOST;
	} catch {
		return false;
	}
}

export class PlayerStore {
	private readonly byId = new Map<string, Live>();
	private readonly byName = new Map<string, Live>();
	/** Live players in creation order (= ascending createTs). */
	private readonly order: Live[] = [];
	private readonly byChannel = new Map<string, Live[]>();
	readonly destroyed: DestroyedPlayer[] = [];
	private seq = 0;

	constructor(private readonly ctx: StoreCtx) {}

	get size(): number {
		return this.byId.size;
	}

	all(): PlayerRecord[] {
		return this.order.map((l) => l.rec);
	}

	get(id: string): PlayerRecord | undefined {
		return this.byId.get(id)?.rec;
	}

	reset(): void {
		for (const l of this.order) this.ctx.clock.clear(l.timer);
		this.byId.clear();
		this.byName.clear();
		this.order.length = 0;
		this.byChannel.clear();
		this.destroyed.length = 0;
	}

	/** The live player holding this name, if any. */
	nameHolder(name: string): PlayerRecord | undefined {
		return this.byName.get(name)?.rec;
	}

	create(
		v: ValidPlayer,
		region: Region,
		streamIp: string | undefined,
		requestId: string,
	): PlayerRecord {
		if (v.name !== null) {
			const holder = this.byName.get(v.name);
			if (holder)
				throw new PlayerError(409, 'Resource with the same name already exists.', holder.rec.id);
		}
		const quota = this.ctx.opts.playerQuota;
		if (this.byId.size >= quota) {
			throw new PlayerError(429, `Concurrent player quota exceeded (${quota} per project).`);
		}
		const uid =
			v.account !== undefined
				? 0
				: v.uid === 0
					? 100000 + Math.floor(Math.random() * 4000000000)
					: (v.uid ?? 0);
		const rec: PlayerRecord = {
			id: randomUUID(),
			region,
			name: v.name,
			channelName: v.channelName,
			uid,
			streamUrl: v.streamUrl,
			idleTimeout: v.idleTimeout,
			playTs: v.playTs,
			repeatTime: v.repeatTime,
			seekPosition: v.seekPosition,
			isPause: false,
			volume: typeof v.audioOptions?.volume === 'number' ? v.audioOptions.volume : 100,
			status: 'connecting',
			createTs: this.ctx.clock.nowS(),
			createdAt: this.ctx.clock.now(),
			lastSequence: -1,
			updatesApplied: 0,
			updatesIgnored: 0,
			request: JSON.parse(JSON.stringify(v.raw)) as Record<string, unknown>,
			seq: ++this.seq,
		};
		if (v.account !== undefined) rec.account = v.account;
		if (v.token !== undefined) rec.token = v.token;
		if (v.encryptMode !== undefined) rec.encryptMode = v.encryptMode;
		if (v.audioOptions) rec.audioOptions = v.audioOptions;
		if (v.videoOptions) rec.videoOptions = v.videoOptions;
		if (v.dataStreamOptions) rec.dataStreamOptions = v.dataStreamOptions;
		if (streamIp !== undefined) rec.streamIp = streamIp;
		const l: Live = { rec, createdMs: this.ctx.clock.now() };
		this.byId.set(rec.id, l);
		if (rec.name !== null) this.byName.set(rec.name, l);
		this.order.push(l);
		let ch = this.byChannel.get(rec.channelName);
		if (!ch) this.byChannel.set(rec.channelName, (ch = []));
		ch.push(l);
		this.ctx.notifier.emit(4, 1, {
			lts: this.ctx.clock.now(),
			player: this.eventPlayer(rec),
			xRequestId: requestId,
		});
		this.scheduleConnect(l);
		return rec;
	}

	private eventPlayer(p: PlayerRecord): Record<string, unknown> {
		const o: Record<string, unknown> = {
			channelName: p.channelName,
			createTs: p.createTs,
			id: p.id,
			idleTimeout: p.idleTimeout,
			name: p.name ?? '',
			status: p.status,
			streamUrl: p.streamUrl,
			uid: p.uid,
		};
		if (p.account !== undefined) o.account = p.account;
		return o;
	}

	private setTimer(l: Live, ms: number, fn: () => void): void {
		this.ctx.clock.clear(l.timer);
		l.timer = this.ctx.clock.after(ms, () => {
			l.timer = undefined;
			fn();
		});
	}

	/** connecting -> running (or failed for an unreachable stream, then destroyed after idleTimeout). */
	private scheduleConnect(l: Live): void {
		this.setTimer(l, this.ctx.opts.startDelayMs, () => {
			if (isUnreachable(l.rec.streamUrl)) {
				this.setStatus(l, 'failed');
				const ms = this.ctx.opts.playerIdleTimeoutMs ?? l.rec.idleTimeout * 1000;
				this.setTimer(l, ms, () => this.destroy(l, 'Idle Timeout'));
			} else {
				this.setStatus(l, 'running');
			}
		});
	}

	private setStatus(l: Live, s: PlayerStatus): void {
		if (l.rec.status === s) return;
		l.rec.status = s;
		this.ctx.notifier.emit(4, 4, { lts: this.ctx.clock.now(), player: this.eventPlayer(l.rec) });
	}

	private destroy(l: Live, reason: string): void {
		const p = l.rec;
		if (this.byId.get(p.id) !== l) return;
		this.ctx.clock.clear(l.timer);
		this.byId.delete(p.id);
		if (p.name !== null && this.byName.get(p.name) === l) this.byName.delete(p.name);
		this.removeFrom(this.order, l);
		const ch = this.byChannel.get(p.channelName);
		if (ch) {
			this.removeFrom(ch, l);
			if (ch.length === 0) this.byChannel.delete(p.channelName);
		}
		pushBounded(
			this.destroyed,
			{
				id: p.id,
				name: p.name,
				channelName: p.channelName,
				destroyReason: reason,
				at: this.ctx.clock.now(),
			},
			1000,
		);
		this.ctx.notifier.emit(4, 3, {
			destroyReason: reason,
			fields: 'channelName,id,name',
			lts: this.ctx.clock.now(),
			player: { channelName: p.channelName, id: p.id, name: p.name ?? '' },
		});
	}

	private removeFrom(arr: Live[], l: Live): void {
		const i = upperBound(arr, l.rec.seq - 1, (x) => x.rec.seq);
		if (i < arr.length && arr[i] === l) arr.splice(i, 1);
	}

	delete(id: string, region: Region): PlayerRecord {
		const l = this.byId.get(id);
		if (!l || l.rec.region !== region) throw new PlayerError(404, NOT_FOUND);
		this.destroy(l, 'Delete Request');
		return l.rec;
	}

	/** Applies the update when sequence > lastSequence; otherwise records it as ignored. */
	update(
		id: string,
		region: Region,
		sequence: number,
		u: ValidPlayerUpdate,
	): { rec: PlayerRecord; applied: boolean } {
		const l = this.byId.get(id);
		if (!l || l.rec.region !== region) throw new PlayerError(404, NOT_FOUND);
		const p = l.rec;
		if (sequence <= p.lastSequence) {
			p.updatesIgnored++;
			p.lastIgnoredSequence = sequence;
			return { rec: p, applied: false };
		}
		p.lastSequence = sequence;
		p.updatesApplied++;
		if (u.seekPosition !== undefined) p.seekPosition = u.seekPosition;
		if (u.isPause !== undefined) p.isPause = u.isPause;
		if (u.volume !== undefined) p.volume = u.volume;
		if (u.profile !== undefined) p.audioOptions = { ...p.audioOptions, Profile: u.profile };
		if (u.streamUrl !== undefined && u.streamUrl !== p.streamUrl) {
			p.streamUrl = u.streamUrl;
			// a new stream is connected again (and fails again when unreachable)
			this.setStatus(l, 'connecting');
			this.scheduleConnect(l);
		}
		return { rec: p, applied: true };
	}

	/**
	 * Lists the players visible in the list (created at least listDelayMs ago), ascending createTs.
	 * O(log n + pageSize): visible players are a prefix of the creation-ordered array, the page
	 * token encodes the seq of the last item returned.
	 */
	list(channel: string | undefined, pageSize: number, pageToken: string | undefined): ListResult {
		const src = channel !== undefined ? (this.byChannel.get(channel) ?? []) : this.order;
		// "wait about 10 seconds before using the List method": listDelayMs of sandbox time
		const visibleBefore = this.ctx.clock.now() - this.ctx.opts.listDelayMs;
		const visible = upperBound(src, visibleBefore, (l) => l.createdMs);
		let start = 0;
		if (pageToken) {
			const after = decodeToken('p', pageToken);
			if (after === undefined) throw new PlayerError(400, 'Invalid pageToken.');
			start = upperBound(src, after, (l) => l.rec.seq);
		}
		const end = Math.min(visible, start + pageSize);
		const players: PlayerRecord[] = [];
		for (let i = start; i < end; i++) players.push(src[i].rec);
		const nextPageToken =
			end < visible && players.length ? encodeToken('p', players[players.length - 1].seq) : '';
		return { totalSize: visible, players, nextPageToken };
	}
}
