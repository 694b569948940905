/**
 * Rules of the telephony and phone number requests (schemas/telephony.ts, schemas/phoneNumber.ts),
 * with the reference's own examples as the valid cases. Run with zod 3 and zod 4 (jest.config.js).
 */
import { describeZodError } from '../../../../nodes/shared/validate';
import {
	addPhoneNumberSchema,
	phoneNumberInPath,
	updatePhoneNumberSchema,
} from '../../../../nodes/Agora/schemas/phoneNumber';
import {
	callRecordsQuerySchema,
	callRequestSchema,
	E164_RULE,
	isE164,
	withoutSeparators,
} from '../../../../nodes/Agora/schemas/telephony';

type Schema = { safeParse(value: unknown): { success: boolean; error?: unknown } };

function problems(schema: Schema, value: unknown): string[] {
	const result = schema.safeParse(value);
	return result.success ? [] : describeZodError(result.error as never).all;
}

/** The SDK reference's call with a saved pipeline. */
const pipelineCall = () => ({
	name: 'customer_service',
	sip: {
		to_number: '+19876543210',
		from_number: '+11234567890',
		rtc_uid: '100',
		rtc_token: '<agora_sip_rtc_token>',
	},
	pipeline_id: 'fzufjlweixxxxnlp',
	properties: {
		channel: '<agora_channel>',
		token: '<agora_channel_token>',
		agent_rtc_uid: '111',
		remote_rtc_uids: ['100'],
	},
});

/** The SDK reference's call with the complete agent configuration. */
const fullCall = () => ({
	name: 'customer_service',
	sip: {
		to_number: '+19876543210',
		from_number: '+11234567890',
		rtc_uid: '100',
		rtc_token: '<agora_sip_rtc_token>',
	},
	properties: {
		channel: '<agora_channel>',
		token: '<agora_channel_token>',
		agent_rtc_uid: '111',
		remote_rtc_uids: ['100'],
		idle_timeout: 120,
		llm: {
			url: 'https://api.openai.com/v1/chat/completions',
			api_key: '<your_llm_key>',
			system_messages: [{ role: 'system', content: 'You are a helpful chatbot.' }],
			max_history: 32,
			greeting_message: 'Hello, how can I assist you today?',
			failure_message: 'Please hold on a second.',
			params: { model: 'gpt-4o-mini' },
		},
		tts: {
			vendor: 'microsoft',
			params: {
				key: '<your_tts_api_key>',
				region: 'eastus',
				voice_name: 'en-US-AndrewMultilingualNeural',
			},
		},
		asr: { language: 'en-US' },
	},
});

describe('E.164 numbers', () => {
	test.each([
		'+19876543210',
		'+11234567890',
		'+442071838750',
		'+8613800138000',
		'+12',
		'+123456789012345',
	])('%s is E.164', (n) => {
		expect(isE164(n)).toBe(true);
	});
	test.each([
		'19876543210',
		'+0123456789',
		'+1234567890123456',
		'+1 415 555 0123',
		'+1-415',
		'',
		'+',
		'+1a23',
	])('%s is not', (n) => {
		expect(isE164(n)).toBe(false);
	});
	test('separators people copy from address books are dropped, nothing else', () => {
		expect(withoutSeparators('+1 (415) 555-0123')).toBe('+14155550123');
		expect(withoutSeparators('+44.20.7183.8750')).toBe('+442071838750');
		expect(withoutSeparators('0044 20 x')).toBe('004420x');
	});
});

describe('outbound call request', () => {
	test('the reference examples pass: saved pipeline and complete configuration', () => {
		expect(problems(callRequestSchema, pipelineCall())).toEqual([]);
		expect(problems(callRequestSchema, fullCall())).toEqual([]);
	});

	test('numbers must be E.164, named by their field', () => {
		const body = pipelineCall();
		body.sip.to_number = '4155550123';
		body.sip.from_number = '+0155';
		expect(problems(callRequestSchema, body)).toEqual([
			`sip.to_number: ${E164_RULE}`,
			`sip.from_number: ${E164_RULE}`,
		]);
	});

	test('sip is required with its four members; an empty SIP token is allowed (no App Certificate)', () => {
		expect(problems(callRequestSchema, { ...pipelineCall(), sip: undefined })).toEqual([
			'sip: is required',
		]);
		const body = pipelineCall();
		body.sip.rtc_token = '';
		expect(problems(callRequestSchema, body)).toEqual([]);
		expect(
			problems(callRequestSchema, {
				...body,
				sip: { to_number: '+12025550123', from_number: '+12025550100' },
			}),
		).toEqual(['sip.rtc_uid: is required', 'sip.rtc_token: is required']);
	});

	test('without a pipeline the agent needs an LLM and a TTS, as Agent › Start does', () => {
		const body = fullCall() as { properties: Record<string, unknown> };
		delete body.properties.llm;
		delete body.properties.tts;
		expect(problems(callRequestSchema, body)).toEqual([
			'properties.llm: is required: enter the LLM’s URL, or set it in the Agora Vendor Keys credential with Vendor Keys: From Credential (or use Multimodal mode, a saved pipeline or an LLM preset)',
			'properties.tts: is required: choose a TTS vendor and give its params (or use Multimodal mode, a saved pipeline or a TTS preset)',
		]);
	});

	test('the start rules apply to the call’s agent: integer UIDs, ranges', () => {
		const body = fullCall();
		body.properties.remote_rtc_uids = ['sip-gw'];
		body.properties.idle_timeout = 300000;
		expect(problems(callRequestSchema, body)).toEqual([
			'properties.idle_timeout: must be an integer in [0, 259200]',
		]);
		body.properties.idle_timeout = 30;
		expect(problems(callRequestSchema, body)).toEqual([
			'properties.remote_rtc_uids[0]: must be an integer UID (digits only) unless properties.enable_string_uid is true',
		]);
	});

	test('with a pipeline, remote_rtc_uids may be left out (the SIP gateway is the user)', () => {
		const body = pipelineCall() as { properties: Record<string, unknown> };
		delete body.properties.remote_rtc_uids;
		expect(problems(callRequestSchema, body)).toEqual([]);
		const full = fullCall() as { properties: Record<string, unknown> };
		delete full.properties.remote_rtc_uids;
		expect(problems(callRequestSchema, full)).toEqual(['properties.remote_rtc_uids: is required']);
	});

	test('name and properties are required', () => {
		expect(problems(callRequestSchema, { sip: pipelineCall().sip })).toEqual([
			'name: is required',
			'properties: is required',
		]);
	});
});

describe('call records query', () => {
	test('filters of the reference pass', () => {
		expect(problems(callRecordsQuerySchema, {})).toEqual([]);
		expect(
			problems(callRecordsQuerySchema, {
				number: '+19876543210',
				type: 'outbound',
				from_time: 1,
				to_time: 2,
				limit: 20,
			}),
		).toEqual([]);
	});
	test('type is inbound or outbound; times are Unix seconds', () => {
		expect(
			problems(callRecordsQuerySchema, { type: 'both', from_time: Number.NaN, limit: 0 }),
		).toEqual([
			'type: must be one of inbound, outbound',
			'from_time: must be a valid date and time (Unix seconds, not negative)',
			'limit: must be an integer of at least 1',
		]);
	});
});

describe('phone numbers', () => {
	const add = () => ({
		provider: 'byo',
		phone_number: '+19876543210',
		label: 'Sales Hotline',
		inbound: true,
		outbound: true,
		inbound_config: { allowed_addresses: ['112.126.15.64/27'] },
		outbound_config: { address: 'xxx:xxx@sip.example.com', transport: 'tls' },
	});

	test('the reference’s import example passes; a provider Agora adds later passes too', () => {
		expect(problems(addPhoneNumberSchema, add())).toEqual([]);
		expect(
			problems(addPhoneNumberSchema, {
				...add(),
				provider: 'telnyx',
				inbound: undefined,
				outbound_config: { prefix: '6036' },
			}),
		).toEqual([]);
	});

	test('required members and the E.164 number are named', () => {
		expect(problems(addPhoneNumberSchema, { provider: 'byo', phone_number: '555-0100' })).toEqual([
			`phone_number: ${E164_RULE}`,
			'label: is required',
			'inbound_config: is required',
			'outbound_config: is required',
		]);
		expect(
			problems(addPhoneNumberSchema, {
				...add(),
				inbound_config: { allowed_addresses: '1.2.3.4' },
			}),
		).toEqual(['inbound_config.allowed_addresses: must be an array of strings']);
	});

	test('an update links or clears a pipeline per direction, at least one', () => {
		expect(
			problems(updatePhoneNumberSchema, {
				inbound_config: { pipeline_id: 'xxxxx' },
				outbound_config: { pipeline_id: 'xxxxx' },
			}),
		).toEqual([]);
		expect(problems(updatePhoneNumberSchema, { inbound_config: null })).toEqual([]);
		expect(problems(updatePhoneNumberSchema, {})).toEqual([
			'(body): needs inbound_config or outbound_config (null clears one)',
		]);
		expect(problems(updatePhoneNumberSchema, { outbound_config: 'p1' })).toEqual([
			'outbound_config: must be an object',
		]);
	});

	test('the number in a path is E.164', () => {
		expect(problems(phoneNumberInPath, { phone_number: '+11234567890' })).toEqual([]);
		expect(problems(phoneNumberInPath, { phone_number: '11234567890' })).toEqual([
			`phone_number: ${E164_RULE}`,
		]);
	});
});
