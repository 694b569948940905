/** Start validation of MLLM (realtime model) agents. */
import { agentPath } from '../src/helpers';
import {
	withField,
	mllmMllm,
	mllmBase,
	P,
	sb,
	api,
	useValidationSandbox,
	type Body,
} from './agentValidationFixtures';

useValidationSandbox();

const mllmRejected: [string, string, unknown, string][] = [
	['mllm without api_key', `${P}.mllm.api_key`, undefined, 'properties.mllm.api_key'],
	[
		'mllm input_modalities text only',
		`${P}.mllm.input_modalities`,
		['text'],
		'properties.mllm.input_modalities',
	],
	[
		'mllm eagerness',
		`${P}.mllm.turn_detection`,
		{ mode: 'semantic_vad', semantic_vad_config: { eagerness: 'eager' } },
		'eagerness',
	],
	[
		'mllm sensitivity',
		`${P}.mllm.turn_detection`,
		{ mode: 'server_vad', server_vad_config: { start_of_speech_sensitivity: 'HIGH' } },
		'start_of_speech_sensitivity',
	],
	[
		'mllm end sensitivity',
		`${P}.mllm.turn_detection`,
		{
			mode: 'server_vad',
			server_vad_config: { end_of_speech_sensitivity: 'END_SENSITIVITY_MEDIUM' },
		},
		'end_of_speech_sensitivity',
	],
];

describe('start validation: mllm', () => {
	it.each(mllmRejected)('%s', async (_name, path, value, detail) => {
		const r = await api.post(agentPath(sb, '/join'), withField(path, value, mllmBase()));
		expect(r.status).toBe(400);
		expect(r.data.detail).toContain(detail);
	});

	// Agora's OpenAI GPT-Live page: vendor openai-gpt-live requires api_key and url.
	it('openai-gpt-live needs its url and api_key', async () => {
		const gptLive = (fields: Body) =>
			withField(`${P}.mllm`, { enable: true, vendor: 'openai-gpt-live', ...fields }, mllmBase());
		const ok = await api.post(
			agentPath(sb, '/join'),
			gptLive({ api_key: 'k', url: 'wss://api.openai.com/v1/live' }),
		);
		expect(ok.status).toBe(200);
		const noUrl = await api.post(agentPath(sb, '/join'), gptLive({ api_key: 'k' }));
		expect([noUrl.status, noUrl.data.detail]).toEqual([
			400,
			expect.stringContaining('properties.mllm.url'),
		]);
		const noKey = await api.post(
			agentPath(sb, '/join'),
			gptLive({ url: 'wss://api.openai.com/v1/live' }),
		);
		expect([noKey.status, noKey.data.detail]).toEqual([
			400,
			expect.stringContaining('properties.mllm.api_key'),
		]);
	});

	// Agora's "Call custom tools" guide: mllm.tools takes the same tool definitions as llm.tools.
	it('mllm.tools are checked like llm.tools', async () => {
		const tool = {
			type: 'function',
			function: { name: 'lookUp', parameters: { type: 'object', properties: {} } },
			server: { method: 'GET', url: 'https://tools.test/{{args.id}}' },
		};
		const ok = await api.post(
			agentPath(sb, '/join'),
			withField(`${P}.mllm.tools`, [tool], mllmBase()),
		);
		expect(ok.status).toBe(200);
		const withBody = { ...tool, server: { ...tool.server, body: { a: 1 } } };
		const bad = await api.post(
			agentPath(sb, '/join'),
			withField(`${P}.mllm.tools`, [withBody], mllmBase()),
		);
		expect([bad.status, bad.data.detail]).toEqual([
			400,
			expect.stringContaining('properties.mllm.tools[0].server.body'),
		]);
	});

	// Agora's "Use MCP tools": for an MLLM agent, mcp_servers go under mllm, each name unique.
	it('mllm.mcp_servers are checked like llm.mcp_servers', async () => {
		const server = { name: 'deepwiki', endpoint: 'https://mcp.deepwiki.com/mcp' };
		const twice = await api.post(
			agentPath(sb, '/join'),
			withField(`${P}.mllm.mcp_servers`, [server, server], mllmBase()),
		);
		expect([twice.status, twice.data.detail]).toEqual([
			400,
			expect.stringContaining('properties.mllm.mcp_servers[1].name'),
		]);
	});

	it('mllm enabled: llm and tts are not required', async () => {
		const r = await api.post(agentPath(sb, '/join'), mllmBase());
		expect(r.status).toBe(200);
		expect(sb.agents()[0].mllm).toBe(true);
	});

	it('deprecated advanced_features.enable_mllm also counts as mllm', async () => {
		const b = withField(`${P}.advanced_features`, { enable_mllm: true }, mllmBase());
		delete ((b.properties as Body).mllm as Body).enable;
		const r = await api.post(agentPath(sb, '/join'), b);
		expect(r.status).toBe(200);
		expect(sb.agents()[0].mllm).toBe(true);
	});

	it('mllm present but not enabled still needs llm and tts', async () => {
		const r = await api.post(
			agentPath(sb, '/join'),
			withField(`${P}.mllm.enable`, false, mllmBase()),
		);
		expect(r.status).toBe(400);
		expect(r.data.detail).toContain('properties.tts');
	});

	it.each([
		[
			'server_vad',
			{
				mode: 'server_vad',
				server_vad_config: {
					start_of_speech_sensitivity: 'START_SENSITIVITY_LOW',
					end_of_speech_sensitivity: 'END_SENSITIVITY_HIGH',
					threshold: 0.5,
				},
			},
		],
		['semantic_vad', { mode: 'semantic_vad', semantic_vad_config: { eagerness: 'medium' } }],
		[
			'platform_vad',
			{
				mode: 'platform_vad',
				platform_vad_config: {
					interrupt_duration_ms: 160,
					silence_duration_ms: 640,
					threshold: 0.5,
				},
			},
		],
	])('mllm.turn_detection %s accepted', async (_n, td) => {
		const r = await api.post(
			agentPath(sb, '/join'),
			withField(`${P}.mllm.turn_detection`, td, mllmBase()),
		);
		expect(r.status).toBe(200);
	});

	it.each([
		[
			'vendor azure with output ["audio"]',
			{
				...mllmMllm(),
				vendor: 'azure',
				output_modalities: ['audio'],
				turn_detection: { mode: 'server_vad' },
			},
		],
		[
			'agora_vad',
			{
				...mllmMllm(),
				turn_detection: {
					mode: 'agora_vad',
					agora_vad_config: { interrupt_duration_ms: 160, threshold: 0.5 },
				},
			},
		],
		[
			'a config for another mode (ignored)',
			{ ...mllmMllm(), turn_detection: { mode: 'server_vad', semantic_vad_config: {} } },
		],
		['a future mode', { ...mllmMllm(), turn_detection: { mode: 'magic_vad' } }],
	])('mllm %s accepted', async (_n, mllm) => {
		expect(
			(await api.post(agentPath(sb, '/join'), withField(`${P}.mllm`, mllm, mllmBase()))).status,
		).toBe(200);
	});

	it('asr, llm and tts next to an enabled mllm are ignored, not refused', async () => {
		const b = mllmBase();
		Object.assign(b.properties as Body, { llm: { url: 5 }, tts: 'x', asr: { vendor: 3 } });
		expect((await api.post(agentPath(sb, '/join'), b)).status).toBe(200);
	});

	it('deprecated interrupt_mode append and manual turn detection with mllm: turn_detection has no effect there', async () => {
		const td = { interrupt_mode: 'append', config: { start_of_speech: { mode: 'manual' } } };
		expect(
			(await api.post(agentPath(sb, '/join'), withField(`${P}.turn_detection`, td, mllmBase())))
				.status,
		).toBe(200);
	});

	it('deprecated type server_vad is accepted with mllm', async () => {
		const r = await api.post(
			agentPath(sb, '/join'),
			withField(
				`${P}.turn_detection`,
				{ type: 'server_vad', interrupt_mode: 'interrupt' },
				mllmBase(),
			),
		);
		expect(r.status).toBe(200);
	});
});
