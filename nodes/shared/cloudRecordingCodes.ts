/**
 * Cloud Recording's numeric codes in words, as Agora's Cloud Recording pages define them: the
 * service status (query and notification 3), notification service types and modules, error levels
 * and the recorder's leave codes. Used by the Agora node's outputs and the Agora Trigger's.
 */

const STATUS_NAMES: Record<number, string> = {
	0: 'not_started',
	1: 'initialized',
	2: 'components_starting',
	3: 'some_components_ready',
	4: 'all_components_ready',
	5: 'in_progress',
	6: 'stop_requested',
	7: 'all_components_stopped',
	8: 'exited',
	20: 'exited_abnormally',
};

/** The recording service's status by name; an unknown code reads `status_<n>`. */
export function recordingStatusName(status: unknown): string | null {
	if (typeof status !== 'number') return null;
	return STATUS_NAMES[status] ?? `status_${status}`;
}

/** payload.serviceType of a Cloud Recording notification. */
export const SERVICE_TYPES: Record<number, string> = {
	0: 'cloud_recording_service',
	1: 'recorder',
	2: 'uploader',
	4: 'extension_services',
	6: 'web_page_recorder',
	8: 'downloader',
};

/** details.module of an error (event 1); a warning (event 2) uses 0 and 1 alike. */
export const ERROR_MODULES: Record<number, string> = {
	0: 'recorder',
	1: 'uploader',
	2: 'cloud_recording_service',
	6: 'web_page_recording_service',
};

export const ERROR_LEVELS: Record<number, string> = {
	1: 'debug',
	2: 'minor',
	3: 'medium',
	4: 'major',
	5: 'fatal',
};

/** details.leaveCode of event 41 is a bit set; 0 alone means the initialisation failed. */
const LEAVE_BITS: Array<[number, string]> = [
	[2, 'signal'],
	[4, 'no_users'],
	[8, 'timer'],
	[16, 'client_leave'],
];

export function leaveReasons(code: unknown): string[] | null {
	if (typeof code !== 'number' || !Number.isInteger(code)) return null;
	if (code === 0) return ['init_failed'];
	return LEAVE_BITS.filter(([bit]) => (code & bit) !== 0).map(([, name]) => name);
}
