/**
 * Rules of the phone number requests (import, update, and the number in the paths). Numbers belong to
 * the account, not to a project: their paths carry no App ID.
 */
import { e164Number } from './telephony';
import { flag, nonEmptyText, openChoice, shape, stringList, text, withRules } from './rules';

/** Providers the reference lists (byo: bring your own SIP trunk); the list may grow. */
export const PHONE_NUMBER_PROVIDERS = ['byo', 'twilio'] as const;

/** The import request body (POST /v2/phone-numbers). */
export const addPhoneNumberSchema = shape({
	provider: openChoice(),
	phone_number: e164Number(),
	label: nonEmptyText(),
	inbound: flag().nullish(),
	outbound: flag().nullish(),
	inbound_config: shape({ allowed_addresses: stringList().nullish() }),
	outbound_config: shape({
		address: text().nullish(),
		transport: text().nullish(),
		prefix: text().nullish(),
	}),
});

const pipelineLink = shape({ pipeline_id: text().nullish() });

/** The update request body (PATCH /v2/phone-numbers/{phone_number}): null clears a configuration. */
export const updatePhoneNumberSchema = withRules(
	shape({ inbound_config: pipelineLink.nullish(), outbound_config: pipelineLink.nullish() }),
	(body, report) => {
		if (body.inbound_config === undefined && body.outbound_config === undefined) {
			report([], 'needs inbound_config or outbound_config (null clears one)');
		}
	},
);

/** The number that names an imported phone number in a path. */
export const phoneNumberInPath = shape({ phone_number: e164Number() });
