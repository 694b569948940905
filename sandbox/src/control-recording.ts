/**
 * Control routes of Cloud Recording: GET /_sandbox/recordings (every recording, storage keys left
 * out) and POST /_sandbox/recordings/{sid}/failover {durationMs?} (the high-availability switch).
 */
import type { ControlAnswer, ControlExtension } from './control';
import type { RecordingRecord } from './recording-files';
import type { RecordingStore } from './recordings';
import { safeDecode } from './reply';
import { isObj } from './util';

export const DEFAULT_FAILOVER_MS = 30_000;

/** A recording as the control API shows it: no access or secret key, no STS token. */
export function recordingView(r: RecordingRecord): Record<string, unknown> {
	const storage: Record<string, unknown> = { ...r.config.storage };
	for (const secret of ['accessKey', 'secretKey', 'stsToken']) delete storage[secret];
	const config: Record<string, unknown> = { ...r.config, storage };
	delete config.token;
	const view: Record<string, unknown> = { ...r, config };
	delete view.exited;
	return view;
}

export function recordingControl(store: RecordingStore): ControlExtension {
	return (method, path, body): ControlAnswer | undefined => {
		if (path === '/_sandbox/recordings' && method === 'GET')
			return { status: 200, body: store.all().map(recordingView) };
		const m = /^\/_sandbox\/recordings\/([^/]+)\/failover$/.exec(path);
		if (!m || method !== 'POST') return undefined;
		const ms = isObj(body) && body.durationMs !== undefined ? body.durationMs : DEFAULT_FAILOVER_MS;
		if (typeof ms !== 'number' || !(ms >= 0))
			return { status: 400, body: { error: 'durationMs must be a number >= 0' } };
		try {
			return { status: 200, body: recordingView(store.failover(safeDecode(m[1]) ?? m[1], ms)) };
		} catch {
			return { status: 404, body: { error: `no running recording ${m[1]}` } };
		}
	};
}
