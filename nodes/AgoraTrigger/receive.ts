/**
 * The steps a notification goes through in the trigger's webhook(): read the body, verify its
 * signature, parse the envelope, filter on product/event/labels, drop resends, answer. Each step
 * either hands its result to the next or stops with an answer (a refusal or a 200 "ignored").
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	NO_SECRET_MESSAGE,
	notificationCredentialType,
	notificationKeyOf,
	type NotificationKey,
} from './credential';
import { claimNotice } from './dedupe';
import { eventName, isEventSelected, PRODUCT_IDS, type ProductKey } from './events';
import {
	isHealthCheck,
	labelsMatch,
	labelsOf,
	parseNotification,
	type AgoraNotification,
	type LabelCondition,
} from './notification';
import { keepSecret, keptSecret } from '../shared/secretCache';
import { verifyAgoraSignature, type SignatureCheck } from './signature';

/** The parts of n8n's express request and response the trigger uses (plain Node http API). */
export interface WebhookRequest {
	headers: Record<string, string | string[] | undefined>;
	rawBody?: unknown;
	readRawBody?: () => Promise<void>;
}
export interface WebhookResponse {
	headersSent: boolean;
	writeHead(status: number, headers: Record<string, string>): unknown;
	end(body: string): unknown;
}

export interface TriggerOptions {
	ignoreResends?: boolean;
	labelFilter?: { labels?: LabelCondition[] };
	maxBodySizeKb?: number;
	startOnHealthCheck?: boolean;
}

/** n8n itself refuses bodies over its payload limit (16 MB by default) before the node runs. */
export const MAX_BODY_KB = 16384;
/**
 * Agora states no size bound; a 103 history or 112 turns notification of a long conversation runs
 * to megabytes, and a refused one is resent three times, then dropped. So n8n's own limit is the default.
 */
export const DEFAULT_MAX_BODY_KB = MAX_BODY_KB;

/** The request is refused with this status (Agora resends on anything but 200). */
export class Refusal {
	constructor(
		readonly status: number,
		readonly message: string,
	) {}
}

/** Refused because the credential has a secret and the request carries no signature at all. */
class Unsigned extends Refusal {
	constructor() {
		super(401, 'Missing Agora-Signature-V2 (or Agora-Signature) header');
	}
}

/** The notification is answered 200 and starts nothing. */
export class Ignored {
	constructor(readonly reason: string) {}
}

type Stop = Refusal | Ignored;

const isStop = (value: unknown): value is Stop =>
	value instanceof Refusal || value instanceof Ignored;

/** Writes a JSON answer unless one was already sent. */
export function answer(res: WebhookResponse, status: number, body: IDataObject): void {
	if (res.headersSent) return;
	res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
	res.end(JSON.stringify(body));
}

/** Read: content type and size checks, then the exact bytes Agora sent. */
async function readBody(
	ctx: IWebhookFunctions,
	req: WebhookRequest,
	options: TriggerOptions,
): Promise<Buffer | Refusal> {
	const contentType = String(req.headers['content-type'] ?? '')
		.split(';')[0]
		.trim()
		.toLowerCase();
	if (contentType !== 'application/json')
		return new Refusal(415, 'Content-Type must be application/json');

	const requested = Number(options.maxBodySizeKb ?? DEFAULT_MAX_BODY_KB) || DEFAULT_MAX_BODY_KB;
	const maxKb = Math.min(Math.max(requested, 1), MAX_BODY_KB);
	const tooLarge = new Refusal(413, `Body is larger than ${maxKb} kB`);
	const declaredLength = Number(req.headers['content-length']);
	if (Number.isFinite(declaredLength) && declaredLength > maxKb * 1024) return tooLarge;

	const raw = await rawBytes(ctx, req);
	if (raw instanceof Refusal) return raw;
	return raw.length > maxKb * 1024 ? tooLarge : raw;
}

/**
 * The signature covers the exact bytes Agora sent: n8n keeps them in rawBody. A body
 * re-serialised from parsed JSON would not match, so without rawBody the call fails loudly.
 */
async function rawBytes(ctx: IWebhookFunctions, req: WebhookRequest): Promise<Buffer | Refusal> {
	if (req.rawBody === undefined && typeof req.readRawBody === 'function') {
		try {
			await req.readRawBody();
		} catch (error) {
			// n8n's reader refuses bodies over its own payload limit with a 413 error.
			if ((error as { status?: number }).status === 413)
				return new Refusal(413, 'Body is larger than n8n accepts');
			throw new NodeOperationError(ctx.getNode(), error as Error, {
				message: 'Could not read the request body',
			});
		}
	}
	if (Buffer.isBuffer(req.rawBody)) return req.rawBody;
	if (typeof req.rawBody === 'string') return Buffer.from(req.rawBody, 'utf8');
	throw new NodeOperationError(
		ctx.getNode(),
		'The raw request body is not available, so the notification cannot be read or its signature checked',
		{
			description:
				'n8n normally provides it to webhook nodes; check proxies or middleware in front of n8n.',
		},
	);
}

/** Refused because the credential asks for verification but holds no secret. */
class NoSecret extends Refusal {
	constructor() {
		super(401, NO_SECRET_MESSAGE);
	}
}

/**
 * Verify: checks the signature when the credential has a notification secret (kept a few seconds in
 * shared/secretCache.ts; a mismatch is re-checked against the stored credential). Resolves to whether verified.
 */
async function verifyBody(
	ctx: IWebhookFunctions,
	headers: WebhookRequest['headers'],
	raw: Buffer,
): Promise<boolean | Refusal> {
	const node = ctx.getNode();
	const type = notificationCredentialType(node);
	const credentialId = node.credentials?.[type]?.id ?? undefined;
	const loadKey = async (): Promise<NotificationKey> => {
		const key = notificationKeyOf(type, await ctx.getCredentials(type));
		keepSecret(credentialId, key.secret);
		return key;
	};
	const withoutSecret = (key: NotificationKey) => (key.acceptUnverified ? false : new NoSecret());

	let secret = keptSecret(credentialId);
	const fromMemory = secret !== undefined;
	if (secret === undefined) {
		const key = await loadKey();
		if (key.secret === '') return withoutSecret(key);
		secret = key.secret;
	}
	let result: SignatureCheck = verifyAgoraSignature(raw, headers, secret);
	if (!result.ok && fromMemory) {
		const key = await loadKey();
		if (key.secret === '') return withoutSecret(key);
		result = verifyAgoraSignature(raw, headers, key.secret);
	}
	if (result.ok) return true;
	return result.reason === 'missing'
		? new Unsigned()
		: new Refusal(401, 'Signature does not match the notification secret');
}

/**
 * The console's URL check (channel `test_webhook`) needs a 200 to be enabled, and Agora does not say it is
 * signed: an unsigned one is answered 200 and never starts the workflow. Other unsigned notifications,
 * and a check with a wrong signature, stay refused.
 */
function unsignedHealthCheck(raw: Buffer, refusal: Refusal): Ignored | undefined {
	// Without a secret yet (version 2, set-up not finished) the console's check is answered 200 too.
	if (!(refusal instanceof Unsigned) && !(refusal instanceof NoSecret)) return undefined;
	const parsed = parseNotification(raw.toString('utf8'));
	return parsed.ok && isHealthCheck(parsed.notification)
		? new Ignored('health_check_unsigned')
		: undefined;
}

/**
 * Parse: the envelope fields. n8n itself answers 422 for an application/json body that does not
 * parse, before this runs; this covers everything else (envelope fields, bodies n8n left unparsed).
 */
function parseBody(raw: Buffer): AgoraNotification | Refusal {
	const parsed = parseNotification(raw.toString('utf8'));
	return parsed.ok ? parsed.notification : new Refusal(400, parsed.message);
}

/** Filter: the console's health check, then product, event and labels. */
function filterNotification(
	ctx: IWebhookFunctions,
	notification: AgoraNotification,
	options: TriggerOptions,
): Ignored | undefined {
	if (isHealthCheck(notification)) {
		return options.startOnHealthCheck === true ? undefined : new Ignored('health_check');
	}
	const product = ctx.getNodeParameter('product', 'conversationalAi') as ProductKey | 'both';
	const products: ProductKey[] = product === 'both' ? ['conversationalAi', 'mediaPull'] : [product];
	const key = products.find((p) => PRODUCT_IDS[p] === notification.productId);
	if (key === undefined) return new Ignored('product_not_selected');
	const selected = ctx.getNodeParameter(`${key}Events`, []) as string[];
	if (!isEventSelected(notification.productId, notification.eventType, selected)) {
		return new Ignored(
			`event_not_selected:${eventName(notification.productId, notification.eventType)}`,
		);
	}
	const conditions = (options.labelFilter?.labels ?? []).filter((c) => c.name !== '');
	return labelsMatch(labelsOf(notification), conditions)
		? undefined
		: new Ignored('labels_not_matched');
}

/** Dedupe: a noticeId that already started the workflow starts nothing (see dedupe.ts). */
function dropResend(
	ctx: IWebhookFunctions,
	notification: AgoraNotification,
	options: TriggerOptions,
): Ignored | undefined {
	if (options.ignoreResends === false) return undefined;
	return claimNotice(ctx, notification.noticeId) ? undefined : new Ignored('duplicate');
}

interface Accepted {
	notification: AgoraNotification;
	verified: boolean;
	healthCheck: boolean;
}

/** Runs the steps in order; the first that stops decides the answer. */
export async function receive(
	ctx: IWebhookFunctions,
	req: WebhookRequest,
	options: TriggerOptions,
): Promise<Accepted | Stop> {
	const raw = await readBody(ctx, req, options);
	if (isStop(raw)) return raw;
	const verified = await verifyBody(ctx, req.headers, raw);
	if (verified instanceof Refusal) return unsignedHealthCheck(raw, verified) ?? verified;
	const notification = parseBody(raw);
	if (isStop(notification)) return notification;
	const stop =
		filterNotification(ctx, notification, options) ?? dropResend(ctx, notification, options);
	if (stop !== undefined) return stop;
	return { notification, verified, healthCheck: isHealthCheck(notification) };
}
