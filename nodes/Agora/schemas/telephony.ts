/**
 * Rules of the telephony requests (outbound call, call status, hang-up, call records). A call starts an
 * agent: its `properties` follow the start rules (schemas/agent.ts); `sip` says whom to call from where.
 */
import { startRequestSchema } from './agent';
import {
	anyObject,
	integer,
	nonEmptyText,
	oneOf,
	shape,
	text,
	textWhere,
	withRules,
} from './rules';

/** E.164: "+", a country code that does not start with 0, at most 15 digits in all. */
const E164 = /^\+[1-9]\d{1,14}$/;

export const E164_RULE =
	'must be a phone number in E.164 format: "+", the country code, then the number, at most 15 digits in all (e.g. +14155550123)';

export const isE164 = (value: string): boolean => E164.test(value);

/** A phone number in E.164 format (to_number, from_number, an imported number). */
export const e164Number = () => textWhere(isE164, E164_RULE);

/**
 * Numbers are often copied with separators ("+1 (415) 555-0123"): spaces, dashes, dots and
 * parentheses are dropped, so that what is sent is the E.164 form. Anything else is left for the
 * rule to judge.
 */
export function withoutSeparators(value: string): string {
	return value.replace(/[\s\-.()]/g, '');
}

/** Call types, for call records and their `type` filter. */
const CALL_TYPES = ['inbound', 'outbound'] as const;

const sip = shape({
	to_number: e164Number(),
	from_number: e164Number(),
	rtc_uid: nonEmptyText(),
	// Required, but empty for projects without an App Certificate (as the agent's token).
	rtc_token: text(),
});

const callShape = shape({
	name: nonEmptyText(),
	sip,
	preset: text().nullish(),
	pipeline_id: text().nullish(),
	properties: anyObject(),
});

/**
 * The outbound call request body (POST /v2/projects/{appid}/call). With a pipeline, the reference
 * lets remote_rtc_uids out (an older page lists only channel, token and agent_rtc_uid) and says it
 * should hold the SIP gateway's UID: it is checked as if it did.
 */
export const callRequestSchema = withRules(callShape, (body, report) => {
	const properties = body.pipeline_id?.trim()
		? { remote_rtc_uids: [body.sip.rtc_uid], ...body.properties }
		: body.properties;
	const agent = startRequestSchema.safeParse({
		name: body.name,
		preset: body.preset,
		pipeline_id: body.pipeline_id,
		properties,
	});
	if (agent.success) return;
	for (const issue of agent.error.issues)
		report(issue.path as Array<string | number>, issue.message);
});

/** Query of the call records (GET /v2/projects/{appid}/call). */
export const callRecordsQuerySchema = shape({
	// Either side of the call; records hold E.164 numbers, but the filter itself has no rule.
	number: text().optional(),
	type: oneOf(CALL_TYPES).optional(),
	from_time: integer(
		0,
		undefined,
		'must be a valid date and time (Unix seconds, not negative)',
	).optional(),
	to_time: integer(
		0,
		undefined,
		'must be a valid date and time (Unix seconds, not negative)',
	).optional(),
	limit: integer(1).optional(),
});
