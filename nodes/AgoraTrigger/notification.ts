/**
 * The notification envelope `{noticeId, productId, eventType, notifyMs, sid?, payload}` and the
 * output item built from it.
 */
import type { IDataObject } from 'n8n-workflow';

import { isPlainObject } from '../shared/values';
import { recordingDetails } from './cloudRecording';
import { eventName, PRODUCT_IDS, productName } from './events';

export interface AgoraNotification {
	noticeId: string;
	productId: number;
	eventType: number;
	notifyMs: number | null;
	sid: string | null;
	payload: IDataObject;
}

type ParseResult = { ok: true; notification: AgoraNotification } | { ok: false; message: string };

/** Channel the console's "health check" (test) notification is sent to. */
const HEALTH_CHECK_CHANNEL = 'test_webhook';

/** Parses the raw body and checks the envelope fields; the message names the field at fault. */
export function parseNotification(text: string): ParseResult {
	let body: unknown;
	try {
		body = JSON.parse(text);
	} catch {
		return { ok: false, message: 'Body is not valid JSON' };
	}
	if (!isPlainObject(body)) return { ok: false, message: 'Body must be a JSON object' };

	const { noticeId, productId, eventType, notifyMs, sid, payload } = body;
	if (
		!(
			(typeof noticeId === 'string' && noticeId.trim() !== '') ||
			(typeof noticeId === 'number' && Number.isFinite(noticeId))
		)
	) {
		return { ok: false, message: 'Field "noticeId" is missing or not a non-empty string' };
	}
	if (typeof productId !== 'number' || !Number.isInteger(productId)) {
		return { ok: false, message: 'Field "productId" is missing or not an integer' };
	}
	if (typeof eventType !== 'number' || !Number.isInteger(eventType)) {
		return { ok: false, message: 'Field "eventType" is missing or not an integer' };
	}
	if (!isPlainObject(payload)) {
		return { ok: false, message: 'Field "payload" is missing or not an object' };
	}
	if (notifyMs !== undefined && notifyMs !== null && typeof notifyMs !== 'number') {
		return { ok: false, message: 'Field "notifyMs" must be a number' };
	}
	if (sid !== undefined && sid !== null && typeof sid !== 'string') {
		return { ok: false, message: 'Field "sid" must be a string' };
	}
	return {
		ok: true,
		notification: {
			noticeId: String(noticeId),
			productId,
			eventType,
			notifyMs: typeof notifyMs === 'number' ? notifyMs : null,
			sid: typeof sid === 'string' ? sid : null,
			payload,
		},
	};
}

/** The console's health check names the channel `test_webhook` (payload.channel, channelName or cname). */
export function isHealthCheck(n: AgoraNotification): boolean {
	const p = n.payload;
	const player = isPlainObject(p.player) ? p.player : {};
	return [p.channel, p.channelName, p.cname, player.channelName].includes(HEALTH_CHECK_CHANNEL);
}

/** `payload.labels` (the map given when the agent was started), `{}` when absent. */
export function labelsOf(n: AgoraNotification): IDataObject {
	return isPlainObject(n.payload.labels) ? n.payload.labels : {};
}

export interface LabelCondition {
	name: string;
	value: string;
}

/** True when every condition names a label whose value (as text) equals the condition's value. */
export function labelsMatch(labels: IDataObject, conditions: LabelCondition[]): boolean {
	return conditions.every(
		(c) =>
			Object.prototype.hasOwnProperty.call(labels, c.name) && String(labels[c.name]) === c.value,
	);
}

export function toOutputItem(
	n: AgoraNotification,
	extra: { verified: boolean; healthCheck: boolean },
): IDataObject {
	return {
		noticeId: n.noticeId,
		productId: n.productId,
		product: productName(n.productId),
		eventType: n.eventType,
		event: eventName(n.productId, n.eventType),
		notifyMs: n.notifyMs,
		sid:
			n.sid ??
			(n.productId === PRODUCT_IDS.cloudRecording && typeof n.payload.sid === 'string'
				? n.payload.sid
				: null),
		labels: labelsOf(n),
		payload: n.payload,
		...(n.productId === PRODUCT_IDS.cloudRecording
			? { recording: recordingDetails(n.payload) }
			: {}),
		healthCheck: extra.healthCheck,
		verified: extra.verified,
	};
}
