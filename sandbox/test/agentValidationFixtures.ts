/** Shared set-up of the start validation tests: the sandbox, and start bodies with one field changed. */
import type { AxiosInstance } from 'axios';
import { startSandbox } from '../src/index';
import type { Sandbox } from '../src/index';
import { agentPath, client, startBody } from '../src/helpers';

let sb: Sandbox;
let api: AxiosInstance;

/** Starts one sandbox for the test file, reset before each test. */
function useValidationSandbox(): void {
	beforeAll(async () => {
		sb = await startSandbox({ startDelayMs: 5, stopDelayMs: 5 });
		api = client(sb);
	});
	afterAll(() => sb.close());
	beforeEach(() => sb.reset());
}

type Body = Record<string, unknown>;

/** Sets (or deletes, with undefined) a dotted path in a fresh valid start body. */
function withField(
	path: string,
	value: unknown,
	base: Body = startBody() as unknown as Body,
): Body {
	const body = JSON.parse(JSON.stringify(base)) as Body;
	const keys = path.split('.');
	let o: Body = body;
	for (const k of keys.slice(0, -1)) {
		if (typeof o[k] !== 'object' || o[k] === null) o[k] = {};
		o = o[k] as Body;
	}
	const last = keys[keys.length - 1];
	if (value === undefined) delete o[last];
	else o[last] = value;
	return body;
}

function mllmMllm(): Body {
	return { enable: true, api_key: 'k', vendor: 'openai' };
}

function mllmBase(): Body {
	const b = startBody() as unknown as Body;
	const p = b.properties as Body;
	delete p.llm;
	delete p.tts;
	p.mllm = { enable: true, api_key: 'k', vendor: 'openai' };
	return b;
}

const P = 'properties';

/** The rejected cases: a start body with one field changed gets a 400 whose detail names the field. */
function describeRejected(
	rejected: [string, string, unknown, string, string][],
	moreTests?: () => void,
): void {
	describe('start validation: rejected (400, detail names the field)', () => {
		it.each(rejected)('%s', async (_name, path, value, reason, detail) => {
			const r = await api.post(agentPath(sb, '/join'), withField(path, value));
			expect(r.status).toBe(400);
			expect(r.data.reason).toBe(reason);
			expect(r.data.detail).toContain(detail);
			expect(sb.agents()).toHaveLength(0);
		});
		moreTests?.();
	});
}

export {
	sb,
	api,
	useValidationSandbox,
	withField,
	mllmMllm,
	mllmBase,
	P,
	describeRejected,
	type Body,
};
