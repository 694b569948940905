/**
 * REST authentication. Conversational AI (reference: securitySchemes basicAuth and tokenAuth)
 * takes `Basic base64(customerId:customerSecret)` or `agora token=<RTC token>`; Media Pull
 * ("The RESTful APIs require basic HTTP authentication") takes Basic only.
 */
import type { Clock } from './clock';
import type { DecodedService } from './accessToken2Decoder';
import { checkToken } from './token';
import type { ResolvedOptions } from './types';

export type AuthResult =
	| { ok: true; kind: 'basic' }
	| { ok: true; kind: 'token'; rtc: DecodedService }
	| { ok: false; why: string };

const TOKEN_PREFIX = /^agora token=(.+)$/;

export function basicHeader(opts: ResolvedOptions): string {
	return 'Basic ' + Buffer.from(`${opts.customerId}:${opts.customerSecret}`).toString('base64');
}

export function authenticate(
	header: string | undefined,
	tokenAllowed: boolean,
	opts: ResolvedOptions,
	clock: Clock,
): AuthResult {
	if (!header) return { ok: false, why: 'no Authorization header' };
	if (header === basicHeader(opts)) return { ok: true, kind: 'basic' };
	const m = TOKEN_PREFIX.exec(header);
	if (!m || !tokenAllowed) return { ok: false, why: 'credentials do not match' };
	const r = checkToken(m[1].trim(), opts.appId, opts.appCertificate, clock.nowS());
	return r.ok ? { ok: true, kind: 'token', rtc: r.rtc } : { ok: false, why: r.reason };
}

/**
 * Token authentication of a start request: "The token parameters must match the agent request"
 * (authentication page): the token's channel and uid are those of properties.channel and
 * properties.agent_rtc_uid. A token for uid 0 stands for any uid. Returns what does not match.
 */
export function tokenMismatch(
	rtc: DecodedService,
	channel: string,
	agentUid: string,
): string | undefined {
	if (rtc.channelName !== channel)
		return 'the token was built for another channel than properties.channel';
	if (rtc.uid !== '' && rtc.uid !== '0' && rtc.uid !== agentUid)
		return 'the token was built for another uid than properties.agent_rtc_uid';
	return undefined;
}
