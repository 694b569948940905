/**
 * Shared by the agent schema tests, which check the request schemas against Agora's current
 * reference: what it calls invalid is refused with the field path and the rule, what it documents
 * is accepted. They run under zod 3 and zod 4 (jest project "zod4"): every message must read the
 * same under both.
 */
import type { ZodType } from 'zod';
import { describeZodError } from '../../../../nodes/shared/validate';
import { startRequestSchema } from '../../../../nodes/Agora/schemas/agent';

type Body = Record<string, unknown>;

const BARE = { channel: 'room', token: '', agent_rtc_uid: '0', remote_rtc_uids: ['42'] };

function cascade(properties: Body = {}, top: Body = {}): Body {
	return {
		name: 'a1',
		...top,
		properties: {
			...BARE,
			llm: { url: 'https://llm' },
			tts: { vendor: 'microsoft', params: {} },
			...properties,
		},
	};
}

function mllm(properties: Body = {}, mllmFields: Body = {}): Body {
	return {
		name: 'a1',
		properties: { ...BARE, mllm: { enable: true, api_key: 'k', ...mllmFields }, ...properties },
	};
}

/** "field: rule" of the first problem, or undefined when valid. */
function problem(schema: ZodType, body: unknown): string | undefined {
	const result = schema.safeParse(body);
	if (result.success) return undefined;
	const { field, rule } = describeZodError(result.error);
	return `${field}: ${rule}`;
}

const start = (body: unknown) => problem(startRequestSchema, body);
const field = (body: unknown) => start(body)?.split(': ')[0];

export { BARE, cascade, mllm, problem, start, field, type Body };
