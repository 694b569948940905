/** The agent start schema: llm, asr, tts and avatar. Runs under zod 3 and zod 4 (jest.config.js, SCHEMA_TESTS). */
import { cascade, start } from './agentBodies';

describe('start: llm, asr, tts, avatar', () => {
	test.each([
		[{ max_history: 1 }, undefined],
		[{ max_history: 4096 }, undefined],
		[{ max_history: 1.5 }, 'properties.llm.max_history: must be an integer'],
		[{ credential_mode: 'managed' }, undefined],
		[{ credential_mode: 'shared' }, 'properties.llm.credential_mode: must be one of managed, byok'],
		[{ vendor: 'xai', style: 'a-new-style' }, undefined],
		[
			{ greeting_configs: { mode: 'single_first', delay_ms: 8000, interruptable: false } },
			undefined,
		],
		[
			{ greeting_configs: { audio_download_timeout_ms: 200, audio_pcm_sample_rate: 24000 } },
			undefined,
		],
		[
			{ greeting_configs: { audio_download_timeout_ms: 199 } },
			'properties.llm.greeting_configs.audio_download_timeout_ms: must be an integer in [200, 10000]',
		],
		[{ greeting_audio_url: 'https://cdn.example.com/hi.mp3', greeting_message: 'Hi' }, undefined],
		[
			{ greeting_audio_url: 'https://cdn.example.com/hi.mp3' },
			'properties.llm.greeting_message: is required with greeting_audio_url (it is the fallback when the recording cannot be played)',
		],
		[
			{ greeting_audio_url: 'ftp://x/hi.mp3', greeting_message: 'Hi' },
			'properties.llm.greeting_audio_url: must be an http:// or https:// URL of at most 2048 bytes',
		],
		[
			{ greeting_audio_url: '', greeting_message: 'Hi' },
			'properties.llm.greeting_audio_url: must be an http:// or https:// URL of at most 2048 bytes',
		],
		[
			{ greeting_audio_url: `https://x.example/${'a'.repeat(2040)}`, greeting_message: 'Hi' },
			'properties.llm.greeting_audio_url: must be an http:// or https:// URL of at most 2048 bytes',
		],
		[{ input_modalities: ['text', 'image'], output_modalities: ['audio'] }, undefined],
		[
			{ input_modalities: ['image'] },
			'properties.llm.input_modalities: must be one of ["text"], ["text","image"]',
		],
		[
			{ output_modalities: ['text', 'image'] },
			'properties.llm.output_modalities: must be one of ["text"], ["audio"], ["text","audio"]',
		],
		[
			{
				system_messages: [
					{ role: 'system', content: 'x' },
					{ role: 'user', content: [{ type: 'text' }] },
				],
			},
			undefined,
		],
		[
			{ system_messages: ['be nice'] },
			'properties.llm.system_messages[0]: must be an object (role and content)',
		],
		[{ template_variables: { user_name: 'John' } }, undefined],
		[
			{
				mcp_servers: [
					{
						name: 'a'.repeat(48),
						endpoint: 'e',
						transport: 'streamable_http',
						allowed_tools: ['*'],
					},
				],
			},
			undefined,
		],
		[
			{ mcp_servers: [{ name: 'a'.repeat(49), endpoint: 'e' }] },
			'properties.llm.mcp_servers[0].name: must be 1 to 48 characters, English letters and digits only',
		],
		[
			{
				mcp_servers: [
					{ name: 'a', endpoint: 'e' },
					{ name: 'a', endpoint: 'f' },
				],
			},
			'properties.llm.mcp_servers[1].name: must be unique among the MCP servers',
		],
		[{ mcp_servers: [{ name: 'a' }] }, 'properties.llm.mcp_servers[0].endpoint: is required'],
	])('llm %j', (llm, expected) => {
		expect(start(cascade({ llm: { url: 'u', ...llm } }))).toBe(expected);
	});

	test('asr and tts: vendors grow (any string); credential_mode managed or byok; skip patterns 1..5', () => {
		expect(start(cascade({ asr: { language: 'en-US' } }))).toBeUndefined();
		expect(
			start(
				cascade({
					asr: { vendor: 'a-new-asr', credential_mode: 'managed', params: { model: 'nova-3' } },
				}),
			),
		).toBeUndefined();
		expect(
			start(
				cascade({
					tts: {
						vendor: 'a-new-tts',
						credential_mode: 'managed',
						params: {},
						skip_patterns: [1, 5],
					},
				}),
			),
		).toBeUndefined();
		expect(start(cascade({ tts: { vendor: 'x', params: {}, skip_patterns: [6] } }))).toBe(
			'properties.tts.skip_patterns[0]: must be an integer in [1, 5]',
		);
		expect(start(cascade({ asr: { params: 'x' } }))).toBe(
			'properties.asr.params: must be a JSON object',
		);
		const generic = {
			vendor: 'generic_http',
			url: 'https://tts.example.com/v1/audio/speech',
			headers: { Authorization: 'Bearer k' },
			params: { model: 'tts-1' },
		};
		expect(start(cascade({ tts: generic }))).toBeUndefined();
		expect(start(cascade({ tts: { ...generic, url: undefined } }))).toBe(
			'properties.tts.url: is required when vendor is generic_http',
		);
		expect(start(cascade({ tts: { ...generic, headers: undefined } }))).toBe(
			'properties.tts.headers: is required when vendor is generic_http',
		);
	});

	test('avatar: any vendor (heygen included); vendor and params required when enabled', () => {
		expect(
			start(cascade({ avatar: { enable: true, vendor: 'heygen', params: { avatar_id: '' } } })),
		).toBeUndefined();
		expect(start(cascade({ avatar: { enable: true, params: {} } }))).toBe(
			'properties.avatar.vendor: is required when enable is true',
		);
		expect(start(cascade({ avatar: { enable: true, vendor: 'akool' } }))).toBe(
			'properties.avatar.params: is required when enable is true',
		);
		expect(start(cascade({ avatar: { enable: false } }))).toBeUndefined();
	});
});
