/**
 * Checks AccessToken2 ("007") tokens for the sandbox's token authentication: the test suite's decoder
 * reads them; Agora's further checks (app, expiry, privileges) are here.
 */
import {
	decodeAccessToken2,
	signedWith,
	SERVICE_TYPE,
	type DecodedAccessToken2,
	type DecodedService,
} from './accessToken2Decoder';

export const PRIVILEGE_JOIN_CHANNEL = 1;

export type TokenCheck =
	| { ok: true; token: DecodedAccessToken2; rtc: DecodedService }
	| { ok: false; reason: string };

/**
 * Checks a token for REST authentication: it must be a 007 token of this App ID, signed with the
 * App Certificate, not expired at nowS, and carry the RTC service with the join privilege.
 */
export function checkToken(
	token: string,
	appId: string,
	appCertificate: string,
	nowS: number,
): TokenCheck {
	let t: DecodedAccessToken2;
	try {
		t = decodeAccessToken2(token);
	} catch (e) {
		return { ok: false, reason: `token is not readable (${(e as Error).message})` };
	}
	if (t.appId !== appId) return { ok: false, reason: 'token was built for another App ID' };
	if (!signedWith(token, appCertificate))
		return { ok: false, reason: 'token signature does not match the App Certificate' };
	if (t.issueTs + t.expire <= nowS) return { ok: false, reason: 'token has expired' };
	const rtc = t.services.find((s) => s.type === SERVICE_TYPE.rtc);
	const joinExpire = rtc?.privileges[PRIVILEGE_JOIN_CHANNEL];
	if (!rtc || joinExpire === undefined)
		return { ok: false, reason: 'token carries no RTC join privilege' };
	if (joinExpire !== 0 && t.issueTs + joinExpire <= nowS)
		return { ok: false, reason: 'token join privilege has expired' };
	return { ok: true, token: t, rtc };
}
