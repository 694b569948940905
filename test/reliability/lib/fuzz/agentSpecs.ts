/** Agent operations for the fuzzer: Start's parameter sets and mutations, then the operations on a running agent. */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import {
	alnum,
	atBytes,
	base64Of,
	httpsUrl,
	jsonObject,
	notANumber,
	opt,
	overBytes,
	rtcName,
	text,
	unicode,
	words,
	wrongEnum,
} from './arb';
import { expr } from './engine';
import {
	mutation,
	custom,
	values,
	requestOptions,
	requestOptionMutations,
	idMutations,
	uint32,
	type MutationSpec,
	type OpSpec,
} from './spec';

// ---------------------------------------------------------------- agent start

const sosVad = fc.record(
	{
		interrupt_duration_ms: fc.integer({ min: 120, max: 1200 }),
		speaking_interrupt_duration_ms: fc.integer({ min: 120, max: 1200 }),
		prefix_padding_ms: fc.integer({ min: 0, max: 5000 }),
	},
	{ requiredKeys: [] },
);

const startBase: fc.Arbitrary<IDataObject> = fc
	.record({
		name: text(1, 40),
		channel: rtcName(1, 64),
		stringUid: fc.boolean(),
		remoteUid: uint32,
		agentUid: fc.oneof(fc.constant(0), uint32),
		remoteAccount: rtcName(1, 30),
		agentAccount: rtcName(1, 30),
		token: fc.oneof(fc.constant(''), alnum(10, 60)),
		idleTimeout: opt(fc.integer({ min: 0, max: 86400 })),
		mode: fc.constantFrom('cascade', 'cascade', 'mllm', 'pipeline'),
		preset: opt(alnum(1, 20)),
		pipelineId: alnum(1, 30),
		overrideLlm: fc.boolean(),
		overrideTts: fc.boolean(),
		llmUrl: httpsUrl,
		llmApiKey: opt(alnum(8, 40)),
		llmParams: opt(jsonObject),
		systemMessages: opt(
			fc.array(
				fc.record({ role: fc.constantFrom('system', 'user', 'assistant'), content: text(1, 80) }),
				{ minLength: 1, maxLength: 3 },
			),
		),
		llmOptions: fc.record(
			{
				maxHistory: fc.integer({ min: 1, max: 1024 }),
				greetingDelayMs: fc.integer({ min: 0, max: 5000 }),
				greetingMode: fc.constantFrom('single_every', 'single_first'),
				greetingInterruptable: fc.boolean(),
				greetingMessage: text(1, 100),
				failureMessage: text(1, 100),
				inputModalities: fc.constantFrom('text', 'text,image'),
				outputModalities: fc.constantFrom('text', 'audio', 'text,audio'),
				style: fc.constantFrom('openai', 'gemini', 'anthropic', 'dify'),
				vendor: fc.constantFrom('custom', 'azure', 'anything'),
				headers: fc
					.array(fc.record({ name: alnum(1, 12), value: text(1, 40) }), {
						minLength: 1,
						maxLength: 3,
					})
					.map((entries) => ({ entries })),
				templateVariables: fc
					.array(fc.record({ name: alnum(1, 12), value: text(1, 40) }), {
						minLength: 1,
						maxLength: 3,
					})
					.map((entries) => ({ entries })),
				mcpServers: fc
					.uniqueArray(alnum(1, 48), { minLength: 1, maxLength: 3 })
					.chain((names) =>
						fc.tuple(
							...names.map((name) =>
								fc
									.record(
										{
											name: fc.constant(name),
											// Loopback where nothing listens: the node asks a server with a tool list for its tools, and tests stay on 127.0.0.1.
											endpoint: fc
												.integer({ min: 1, max: 9 })
												.map((n) => `http://127.0.0.1:9/mcp/tools${n}`),
											headers: fc
												.dictionary(alnum(1, 10), alnum(1, 20), { maxKeys: 2 })
												.map((h) => JSON.stringify(h)),
											allowedToolsMode: fc.constantFrom('all', 'list'),
											allowedTools: fc
												.array(alnum(1, 10), { minLength: 1, maxLength: 3 })
												.map((list) => list.join(', ')),
											timeoutMs: fc.integer({ min: 0, max: 60000 }),
											transport: fc.constant('streamable_http'),
										},
										{ requiredKeys: ['name', 'endpoint'] },
									)
									// "Only These Tools" needs at least one name.
									.map((server) =>
										server.allowedToolsMode === 'list' && !server.allowedTools
											? { ...server, allowedTools: 'tool1' }
											: server,
									),
							),
						),
					)
					.map((servers) => ({ servers })),
			},
			{ requiredKeys: [] },
		),
		ttsVendor: fc.constantFrom('microsoft', 'elevenlabs', 'openai', 'some-new-vendor'),
		ttsParams: jsonObject,
		ttsSkipPatterns: opt(fc.subarray(['1', '2', '3', '4', '5'], { minLength: 1 })),
		asr: opt(
			fc.record(
				{
					language: fc.constantFrom('en-US', 'zh-CN', 'ja-JP'),
					vendor: fc.constantFrom('ares', 'deepgram'),
					params: jsonObject,
				},
				{ requiredKeys: [] },
			),
		),
		mllm: fc.record({
			vendor: opt(fc.constantFrom('openai', 'gemini', 'vertexai', 'xai')),
			url: opt(alnum(1, 10).map((h) => `wss://${h}.example.com/realtime`)),
			apiKey: alnum(8, 40),
			params: opt(jsonObject),
			options: fc.record(
				{
					inputModalities: fc.constantFrom('audio', 'audio,text'),
					outputModalities: fc.constant('text,audio'),
					greetingMessage: text(1, 80),
					messages: fc
						.array(
							fc.record({ role: fc.constantFrom('user', 'assistant'), content: alnum(1, 20) }),
							{ minLength: 1, maxLength: 3 },
						)
						.map((m) => JSON.stringify(m)),
				},
				{ requiredKeys: [] },
			),
			turnDetection: fc.oneof(
				fc.constant({ mllmTurnDetectionMode: 'notSet' }),
				fc.record({
					// agora_vad, and platform_vad as older workflows saved it (sent as agora_vad).
					mllmTurnDetectionMode: fc.constantFrom('agora_vad', 'platform_vad'),
					mllmPlatformVadConfig: fc.record(
						{
							interrupt_duration_ms: fc.integer({ min: 0, max: 5000 }),
							prefix_padding_ms: fc.integer({ min: 0, max: 5000 }),
							silence_duration_ms: fc.integer({ min: 0, max: 5000 }),
							threshold: fc.integer({ min: 1, max: 99 }).map((n) => n / 100),
						},
						{ requiredKeys: [] },
					),
				}),
				fc.record({
					mllmTurnDetectionMode: fc.constant('server_vad'),
					mllmServerVadConfig: fc.record(
						{
							prefix_padding_ms: fc.integer({ min: 0, max: 5000 }),
							silence_duration_ms: fc.integer({ min: 0, max: 5000 }),
							idle_timeout_ms: fc.integer({ min: 0, max: 60000 }),
							start_of_speech_sensitivity: fc.constantFrom(
								'START_SENSITIVITY_HIGH',
								'START_SENSITIVITY_LOW',
							),
							end_of_speech_sensitivity: fc.constantFrom(
								'END_SENSITIVITY_HIGH',
								'END_SENSITIVITY_LOW',
							),
						},
						{ requiredKeys: [] },
					),
				}),
				fc.record({
					mllmTurnDetectionMode: fc.constant('semantic_vad'),
					mllmSemanticEagerness: fc.constantFrom('auto', 'low', 'medium', 'high'),
				}),
			),
		}),
		turnDetection: opt(
			fc.record({
				speechThreshold: fc.integer({ min: 1, max: 99 }).map((n) => n / 100),
				startOfSpeechMode: fc.constantFrom('notSet', 'vad', 'keywords', 'disabled'),
				startOfSpeechVad: sosVad,
				startOfSpeechKeywords: fc.array(alnum(1, 10), { maxLength: 5 }).map((k) => k.join(', ')),
				startOfSpeechKeywordsConfig: fc.record(
					{
						interrupt_duration_ms: fc.integer({ min: 120, max: 1200 }),
						prefix_padding_ms: fc.integer({ min: 0, max: 5000 }),
					},
					{ requiredKeys: [] },
				),
				startOfSpeechDisabledStrategy: fc.constantFrom('append', 'ignore'),
				endOfSpeechMode: fc.constantFrom('notSet', 'vad', 'semantic'),
				endOfSpeechVad: fc.record(
					{ silence_duration_ms: fc.integer({ min: 120, max: 2000 }) },
					{ requiredKeys: [] },
				),
				endOfSpeechSemantic: fc.record(
					{
						silence_duration_ms: fc.integer({ min: 120, max: 2000 }),
						max_wait_ms: fc.oneof(fc.constant(-1), fc.integer({ min: 500, max: 10000 })),
						pause_state_enabled: fc.boolean(),
					},
					{ requiredKeys: [] },
				),
			}),
		),
		interruption: opt(
			fc.record({
				interruptionEnable: fc.boolean(),
				interruptionMode: fc.constantFrom('start_of_speech', 'keywords'),
				interruptionKeywords: fc
					.array(alnum(1, 10), { minLength: 1, maxLength: 128 })
					.map((k) => k.join('\n')),
				interruptionDisabledStrategy: fc.constantFrom('append', 'ignore'),
			}),
		),
		filler: opt(
			fc.record({
				fillerResponseWaitMs: fc.integer({ min: 100, max: 10000 }),
				phrases: fc.array(fc.oneof(text(1, 40), fc.constant(words(50))), {
					minLength: 1,
					maxLength: 100,
				}),
				fillerSelectionRule: fc.constantFrom('shuffle', 'round_robin'),
			}),
		),
		sal: opt(
			fc.oneof(
				fc.record({ salMode: fc.constant('locking') }),
				fc.record({
					salMode: fc.constantFrom('locking', 'recognition'),
					salSampleName: alnum(1, 12).filter((n) => n !== 'unknown'),
					salSampleUrl: httpsUrl.map((u) => `${u}/voice.pcm`),
				}),
			),
		),
		avatar: opt(
			fc.record({
				avatarVendor: fc.constantFrom('akool', 'liveavatar', 'anam', 'generic'),
				avatarParams: jsonObject,
			}),
		),
		geofence: opt(
			fc.oneof(
				fc.record({
					geofenceArea: fc.constantFrom('NORTH_AMERICA', 'EUROPE', 'ASIA', 'INDIA', 'JAPAN'),
				}),
				fc.record({
					geofenceArea: fc.constant('GLOBAL'),
					geofenceExcludeArea: fc.constantFrom(
						'notSet',
						'NORTH_AMERICA',
						'EUROPE',
						'ASIA',
						'INDIA',
						'JAPAN',
					),
				}),
			),
		),
		encryption: opt(
			fc.oneof(
				fc.record({
					encryptionMode: fc.constantFrom('1', '2', '3', '4', '5', '6'),
					encryptionKey: fc.oneof(fc.constant(''), alnum(1, 64)),
				}),
				fc.record({
					encryptionMode: fc.constantFrom('7', '8'),
					encryptionKey: alnum(32, 32),
					encryptionSalt: base64Of(32),
				}),
			),
		),
		advancedFeatures: opt(
			fc.record({ enableRtm: fc.boolean(), enableTools: fc.boolean() }, { requiredKeys: [] }),
		),
		agentParameters: opt(
			fc
				.record(
					{
						silenceTimeoutMs: fc.integer({ min: 0, max: 60000 }),
						silenceAction: fc.constantFrom('speak', 'think'),
						silenceContent: text(1, 60),
						gracefulEnabled: fc.boolean(),
						gracefulTimeoutSeconds: fc.integer({ min: 0, max: 120 }),
						dataChannel: fc.constantFrom('rtm', 'datastream'),
						enableMetrics: fc.boolean(),
						enableErrorMessage: fc.boolean(),
						audioScenario: fc.constantFrom('default', 'chorus', 'aiserver'),
					},
					{ requiredKeys: [] },
				)
				// A silence reminder needs its prompt.
				.map((o) =>
					(o.silenceTimeoutMs ?? 0) > 0 && o.silenceContent === undefined
						? { ...o, silenceContent: 'Still there?' }
						: o,
				),
		),
		labels: opt(
			fc
				.array(fc.record({ name: alnum(1, 12), value: text(1, 40) }), {
					minLength: 1,
					maxLength: 4,
				})
				.map((entries) => ({ entries })),
		),
		additionalBody: opt(
			fc.constantFrom(
				'{}',
				'{"custom_extension": {"a": 1}}',
				'{"properties": {"labels": {"from_json": "yes"}}}',
			),
		),
		ifNameInUse: opt(fc.constantFrom('fail', 'returnExisting')),
		requestOptions,
	})
	.map((r) => {
		const p: IDataObject = {
			resource: 'agent',
			operation: 'start',
			name: r.name,
			channel: r.channel,
			enableStringUid: r.stringUid,
			remoteRtcUid: r.stringUid ? r.remoteAccount : String(r.remoteUid),
			agentRtcUid: r.stringUid ? r.agentAccount : String(r.agentUid),
			token: r.token,
			mode: r.mode,
		};
		if (r.idleTimeout !== undefined) p.idleTimeout = r.idleTimeout;
		if (r.preset !== undefined) p.preset = r.preset;
		const llm = () => {
			p.llmUrl = r.llmUrl;
			if (r.llmApiKey) p.llmApiKey = r.llmApiKey;
			if (r.llmParams) p.llmParams = r.llmParams;
			if (r.systemMessages) p.llmSystemMessages = { messages: r.systemMessages };
			p.llmOptions = r.llmOptions;
		};
		const tts = () => {
			p.ttsVendor = r.ttsVendor;
			p.ttsParams = r.ttsParams;
			if (r.ttsSkipPatterns) p.ttsSkipPatterns = r.ttsSkipPatterns;
		};
		if (r.mode === 'mllm') {
			if (r.mllm.vendor) p.mllmVendor = r.mllm.vendor;
			if (r.mllm.url) p.mllmUrl = r.mllm.url;
			p.mllmApiKey = r.mllm.apiKey;
			// Vertex AI authenticates with ADC credentials in a project and region (Agora's Vertex AI page).
			if (r.mllm.vendor === 'vertexai')
				Object.assign(p, {
					mllmAdcCredentials: r.mllm.apiKey,
					mllmProjectId: 'my-project',
					mllmLocation: 'us-central1',
				});
			if (r.mllm.params) p.mllmParams = r.mllm.params;
			p.mllmOptions = r.mllm.options;
			Object.assign(p, r.mllm.turnDetection);
		} else {
			if (r.mode === 'cascade') {
				llm();
				tts();
			} else {
				p.pipelineId = r.pipelineId;
				p.overrideLlm = r.overrideLlm;
				p.overrideTts = r.overrideTts;
				if (r.overrideLlm) llm();
				if (r.overrideTts) tts();
			}
			if (r.asr) p.asr = r.asr;
			if (r.turnDetection) Object.assign(p, { configureTurnDetection: true, ...r.turnDetection });
			if (r.filler) {
				p.enableFillerWords = true;
				p.fillerResponseWaitMs = r.filler.fillerResponseWaitMs;
				p.fillerPhrases = { phrases: r.filler.phrases.map((t) => ({ text: t })) };
				p.fillerSelectionRule = r.filler.fillerSelectionRule;
			}
		}
		if (r.interruption) Object.assign(p, { configureInterruption: true, ...r.interruption });
		if (r.sal) Object.assign(p, { enableSal: true, ...r.sal });
		if (r.avatar) Object.assign(p, { enableAvatar: true, ...r.avatar });
		if (r.geofence) Object.assign(p, r.geofence);
		if (r.encryption) Object.assign(p, r.encryption);
		if (r.advancedFeatures) p.advancedFeatures = r.advancedFeatures;
		if (r.agentParameters) p.agentParameters = r.agentParameters;
		if (r.labels) p.labels = r.labels;
		const options: IDataObject = {};
		if (r.additionalBody) options.additionalBody = r.additionalBody;
		if (r.ifNameInUse) options.ifNameInUse = r.ifNameInUse;
		if (Object.keys(options).length) p.options = options;
		if (r.requestOptions) p.requestOptions = r.requestOptions;
		return p;
	});

const cascade = (p: IDataObject) => p.mode === 'cascade';
const hasLlm = (p: IDataObject) =>
	p.mode === 'cascade' || (p.mode === 'pipeline' && p.overrideLlm === true);
// An LLM with audio output alone gets no TTS (Agora's audio output guide): its TTS fields are not sent.
const llmSpeaksAlone = (p: IDataObject) =>
	(p.llmOptions as IDataObject | undefined)?.outputModalities === 'audio';
const hasTts = (p: IDataObject) =>
	!llmSpeaksAlone(p) && (p.mode === 'cascade' || (p.mode === 'pipeline' && p.overrideTts === true));
const notMllm = (p: IDataObject) => p.mode !== 'mllm';
const noPreset = (p: IDataObject) => p.preset === undefined;
const stringUid = (p: IDataObject) => p.enableStringUid === true;

const startMutations: MutationSpec[] = [
	mutation('name blank', /^name$/, true, 'name', values(expr(''), expr('   '))),
	mutation(
		'name very long or unusual (no rule)',
		/^name$/,
		false,
		'name',
		fc.oneof(values('x'.repeat(10000), 'a\u0000b', '\u202egnirts'), unicode(1, 200)),
	),
	mutation(
		'channel blank',
		/properties\.channel/,
		true,
		'channel',
		values(expr(''), expr('  \t ')),
	),
	mutation(
		'channel unicode or long (RTC naming rules)',
		/properties\.(channel|token)/,
		false,
		'channel',
		fc.oneof(unicode(1, 30), overBytes(64)),
	),
	mutation(
		'remote uid blank',
		/remote_rtc_uids/,
		true,
		'remoteRtcUid',
		values(expr(''), expr(' ')),
	),
	mutation(
		'remote uid not digits',
		/remote_rtc_uids/,
		true,
		'remoteRtcUid',
		values('12a', '-5', '1.5', '1e3', '٣'),
		{ when: (p) => !stringUid(p) },
	),
	mutation(
		'agent uid not digits',
		/agent_rtc_uid/,
		true,
		'agentRtcUid',
		values('abc', '-1', '0x10', ' 7 7'),
		{ when: (p) => !stringUid(p) },
	),
	mutation(
		'agent uid beyond uint32',
		/agent_rtc_uid|properties\.token/,
		false,
		'agentRtcUid',
		values('4294967296', '99999999999999999999'),
		{ when: (p) => !stringUid(p) },
	),
	mutation(
		'string uid unicode',
		/agent_rtc_uid|remote_rtc_uids|properties\.token/,
		false,
		'agentRtcUid',
		unicode(1, 20),
		{ when: stringUid },
	),
	mutation(
		'idle timeout out of range',
		/idle_timeout/,
		true,
		'idleTimeout',
		fc.oneof(
			values(-1, 1.5, -0.5),
			notANumber.filter((v) => v.value !== null && v.value !== ''),
		),
	),
	mutation(
		'idle timeout above 72 hours',
		/idle_timeout/,
		true,
		'idleTimeout',
		values(259201, 1e9, 2 ** 31),
	),
	mutation(
		'token wrong type',
		/properties\.token/,
		false,
		'token',
		values(expr(12345), expr({ t: 1 })),
	),
	// LLM
	mutation('LLM URL blank', /properties\.llm\.url/, true, 'llmUrl', values(expr(''), expr('   ')), {
		when: (p) => cascade(p) && noPreset(p) && !llmSpeaksAlone(p),
	}),
	mutation(
		'max history not whole',
		/max_history/,
		true,
		'llmOptions.maxHistory',
		values(2.5, 0.5),
		{ when: hasLlm },
	),
	mutation(
		'max history as text',
		/max_history/,
		false,
		'llmOptions.maxHistory',
		values(expr('32'), expr('abc')),
		{ when: hasLlm },
	),
	mutation(
		'greeting delay not whole',
		/greeting_configs\.delay_ms/,
		true,
		'llmOptions.greetingDelayMs',
		values(100.5),
		{ when: hasLlm },
	),
	mutation(
		'greeting mode empty',
		/greeting_configs\.mode/,
		true,
		'llmOptions.greetingMode',
		values(expr('')),
		{ when: hasLlm },
	),
	mutation(
		'input modalities unknown',
		/input_modalities/,
		true,
		'llmOptions.inputModalities',
		values(expr('image'), expr('audio'), expr('text,text'), expr(['image'])),
		{ when: hasLlm },
	),
	mutation(
		'output modalities unknown',
		/output_modalities/,
		true,
		'llmOptions.outputModalities',
		values(expr('image'), expr('audio,video')),
		{ when: hasLlm },
	),
	mutation(
		'LLM params bad JSON',
		/llm\.params/,
		true,
		'llmParams',
		values('{', '[1,2]', '"text"', '{"a":}', 'null'),
		{ when: hasLlm },
	),
	mutation('TTS params blank', /tts\.params/, true, 'ttsParams', values(expr(''), expr('{}')), {
		when: (p) => cascade(p) && noPreset(p),
	}),
	mutation('TTS params bad JSON', /tts\.params/, true, 'ttsParams', values('{', '[]', '42'), {
		when: hasTts,
	}),
	mutation('TTS vendor blank', /tts\.vendor/, true, 'ttsVendor', values(expr(''), expr('  ')), {
		when: (p) => cascade(p) && noPreset(p),
	}),
	mutation(
		'skip patterns out of range',
		/skip_patterns/,
		true,
		'ttsSkipPatterns',
		values(expr(['0']), expr(['6']), expr(['x']), expr([1.5])),
		{ when: hasTts },
	),
	mutation(
		'MCP server name invalid',
		/mcp_servers\[\d+\]\.name/,
		true,
		'llmOptions.mcpServers',
		values(
			{ servers: [{ name: 'bad name!', endpoint: 'https://m.example.com' }] },
			{ servers: [{ name: 'a'.repeat(49), endpoint: 'https://m.example.com' }] },
			{
				servers: [
					{ name: 'tools', endpoint: 'https://a.example.com' },
					{ name: 'tools', endpoint: 'https://b.example.com' },
				],
			},
			{ servers: [{ name: 'ünï', endpoint: 'https://m.example.com' }] },
		),
		{ when: hasLlm },
	),
	mutation(
		'MCP server endpoint blank',
		/mcp_servers\[\d+\]\.endpoint/,
		true,
		'llmOptions.mcpServers',
		values({ servers: [{ name: 'tools', endpoint: '' }] }),
		{ when: hasLlm },
	),
	mutation(
		'MCP headers bad',
		/mcp_servers\[\d+\]\.headers/,
		true,
		'llmOptions.mcpServers',
		values({ servers: [{ name: 'tools', endpoint: 'https://m.example.com', headers: '{bad' }] }),
		{ when: hasLlm },
	),
	mutation(
		'MCP tool list empty',
		/mcp_servers\[\d+\]\.allowed_tools/,
		true,
		'llmOptions.mcpServers',
		values({
			servers: [
				{
					name: 'tools',
					endpoint: 'https://m.example.com',
					allowedToolsMode: 'list',
					allowedTools: ' , ',
				},
			],
		}),
		{ when: hasLlm },
	),
	// Turn detection, interruption, filler words
	mutation(
		'speech threshold out of (0, 1)',
		/speech_threshold/,
		true,
		'speechThreshold',
		values(0, 1, -0.1, 1.5),
		{ when: (p) => p.configureTurnDetection === true },
	),
	mutation(
		'start of speech VAD not whole',
		/start_of_speech\.vad_config/,
		true,
		'startOfSpeechVad',
		values({ interrupt_duration_ms: 500.5 }, { prefix_padding_ms: 0.5 }),
		{ when: (p) => p.configureTurnDetection === true && p.startOfSpeechMode === 'vad' },
	),
	mutation(
		'end of speech semantic wait below -1 or not whole',
		/end_of_speech\.semantic_config/,
		true,
		'endOfSpeechSemantic',
		values({ max_wait_ms: -2 }, { max_wait_ms: 100.5 }, { silence_duration_ms: 1.5 }),
		{ when: (p) => p.configureTurnDetection === true && p.endOfSpeechMode === 'semantic' },
	),
	mutation(
		'end of speech VAD not whole',
		/end_of_speech\.vad_config\.silence_duration_ms/,
		true,
		'endOfSpeechVad',
		values({ silence_duration_ms: 119.5 }),
		{ when: (p) => p.configureTurnDetection === true && p.endOfSpeechMode === 'vad' },
	),
	mutation(
		'interruption keywords over 128',
		/trigger_keywords/,
		true,
		'interruptionKeywords',
		fc
			.integer({ min: 129, max: 300 })
			.map((n) => Array.from({ length: n }, (_, i) => `k${i}`).join(',')),
		{
			when: (p) =>
				p.configureInterruption === true &&
				p.interruptionEnable === true &&
				p.interruptionMode === 'keywords',
		},
	),
	mutation(
		'filler wait not whole',
		/response_wait_ms/,
		true,
		'fillerResponseWaitMs',
		values(99.5, 0.5),
		{ when: (p) => p.enableFillerWords === true },
	),
	mutation(
		'filler phrases over 100',
		/phrases/,
		true,
		'fillerPhrases',
		fc
			.integer({ min: 101, max: 150 })
			.map((n) => ({ phrases: Array.from({ length: n }, (_, i) => ({ text: `p${i}` })) })),
		{ when: (p) => p.enableFillerWords === true },
	),
	mutation(
		'filler phrase over 50 words',
		/phrases/,
		true,
		'fillerPhrases',
		values({ phrases: [{ text: words(51) }] }, { phrases: [{ text: 'ok' }, { text: words(80) }] }),
		{ when: (p) => p.enableFillerWords === true },
	),
	mutation(
		'filler phrases missing',
		/phrases/,
		true,
		'fillerPhrases',
		values({}, { phrases: [{ text: '  ' }] }),
		{ when: (p) => p.enableFillerWords === true },
	),
	// SAL, avatar, geofence, encryption, parameters
	custom(
		'manual turns on the RTC data stream',
		/parameters\.data_channel|advanced_features\.enable_rtm/,
		true,
		'endOfSpeechMode',
		fc.constant((p: IDataObject) => {
			p.configureTurnDetection = true;
			p.endOfSpeechMode = 'manual';
			p.agentParameters = {
				...((p.agentParameters as IDataObject | undefined) ?? {}),
				dataChannel: 'datastream',
			};
		}),
		cascade,
	),
	mutation(
		'SAL voiceprint named unknown',
		/sal\.sample_urls/,
		true,
		'salSampleName',
		values('unknown'),
		{ when: (p) => p.enableSal === true && p.salSampleUrl !== undefined },
	),
	mutation(
		'SAL voiceprint URL missing',
		/sal\.sample_urls/,
		true,
		'salSampleUrl',
		values(expr(''), expr(' ')),
		{ when: (p) => p.enableSal === true && p.salSampleName !== undefined },
	),
	mutation(
		'avatar params blank',
		/avatar\.params/,
		true,
		'avatarParams',
		values(expr(''), expr('{}')),
		{ when: (p) => p.enableAvatar === true },
	),
	mutation('avatar params bad JSON', /avatar\.params/, true, 'avatarParams', values('{x', '[1]'), {
		when: (p) => p.enableAvatar === true,
	}),
	mutation(
		'avatar vendor not a string',
		/avatar\.vendor/,
		true,
		'avatarVendor',
		wrongEnum.filter((v) => v.value !== null && typeof v.value !== 'string'),
		{ when: (p) => p.enableAvatar === true },
	),
	mutation(
		'geofence area unknown',
		/geofence\.area/,
		true,
		'geofenceArea',
		values(expr('MARS'), expr('global')),
	),
	mutation(
		'encryption salt missing',
		/rtc\.encryption_salt/,
		true,
		'encryptionSalt',
		values(expr(''), expr('   ')),
		{ when: (p) => p.encryptionMode === '7' || p.encryptionMode === '8' },
	),
	mutation(
		'encryption mode unknown',
		/rtc\.encryption_mode/,
		true,
		'encryptionMode',
		values(expr('9'), expr('0'), expr('abc'), expr(7.5)),
	),
	mutation(
		'silence reminder without prompt',
		/silence_config\.content/,
		true,
		'agentParameters',
		fc
			.integer({ min: 1, max: 60000 })
			.map((ms) => ({ silenceTimeoutMs: ms, silenceContent: '  ' })),
	),
	mutation(
		'silence timeout out of range',
		/silence_config\.timeout_ms/,
		true,
		'agentParameters',
		values(
			{ silenceTimeoutMs: 60001, silenceContent: 'x' },
			{ silenceTimeoutMs: -1 },
			{ silenceTimeoutMs: 1.5, silenceContent: 'x' },
		),
	),
	mutation(
		'graceful timeout not whole',
		/graceful_timeout_seconds/,
		true,
		'agentParameters',
		values({ gracefulEnabled: true, gracefulTimeoutSeconds: 2.5 }),
	),
	mutation(
		'data channel unknown',
		/data_channel/,
		true,
		'agentParameters.dataChannel',
		values(expr('pigeon'), expr('RTM')),
	),
	mutation(
		'audio scenario unknown',
		/audio_scenario/,
		true,
		'agentParameters.audioScenario',
		values(expr('karaoke')),
	),
	// MLLM
	mutation('MLLM key blank', /mllm\.api_key/, true, 'mllmApiKey', values(expr(''), expr('   ')), {
		when: (p) => p.mode === 'mllm' && noPreset(p),
	}),
	mutation(
		'MLLM vendor beyond the list (passed through)',
		/mllm\.vendor/,
		false,
		'mllmVendor',
		values(expr('azure'), expr('a-new-vendor')),
		{ when: (p) => p.mode === 'mllm' },
	),
	mutation(
		'MLLM output modalities other than text+audio or audio',
		/mllm\.output_modalities/,
		true,
		'mllmOptions.outputModalities',
		values(expr('text'), expr('audio,text,video')),
		{ when: (p) => p.mode === 'mllm' },
	),
	mutation(
		'MLLM input modalities unknown',
		/mllm\.input_modalities/,
		true,
		'mllmOptions.inputModalities',
		values(expr('text'), expr('video')),
		{ when: (p) => p.mode === 'mllm' },
	),
	mutation(
		'MLLM messages not an array of objects',
		/mllm\.messages/,
		true,
		'mllmOptions.messages',
		values('{"role":"user"}', '[1,2]', '[', '"x"'),
		{ when: (p) => p.mode === 'mllm' },
	),
	mutation(
		'MLLM Agora VAD not whole',
		/(agora|platform)_vad_config/,
		true,
		'mllmPlatformVadConfig',
		values({ interrupt_duration_ms: 1.5 }, { silence_duration_ms: 1.5 }),
		{
			when: (p) =>
				p.mllmTurnDetectionMode === 'agora_vad' || p.mllmTurnDetectionMode === 'platform_vad',
		},
	),
	// Exclusive and cross-field rules, through Additional Body (JSON)
	// Agora ignores asr, llm and tts beside an enabled mllm: not an error.
	mutation(
		'MLLM with an LLM too',
		/properties\.(llm|asr|tts)/,
		false,
		'options.additionalBody',
		values(
			'{"properties": {"llm": {"url": "https://llm.example.com"}}}',
			'{"properties": {"tts": {"vendor": "x", "params": {"a": 1}}}}',
		),
		{ when: (p) => p.mode === 'mllm' },
	),
	// An enabled mllm replaces asr, llm and tts (Agora ignores them): not an error.
	mutation(
		'cascade with MLLM switched on too',
		/properties\.(llm|asr|tts|mllm)/,
		false,
		'options.additionalBody',
		values(
			'{"properties": {"mllm": {"enable": true, "api_key": "k"}}}',
			'{"properties": {"advanced_features": {"enable_mllm": true}, "mllm": {"api_key": "k"}}}',
		),
		{ when: cascade },
	),
	mutation(
		'two subscribed users',
		/remote_rtc_uids/,
		true,
		'options.additionalBody',
		values(
			'{"properties": {"remote_rtc_uids": ["1", "2"]}}',
			'{"properties": {"remote_rtc_uids": []}}',
		),
	),
	mutation(
		'exclude area without GLOBAL',
		/geofence\.exclude_area/,
		true,
		'options.additionalBody',
		values('{"properties": {"geofence": {"area": "EUROPE", "exclude_area": "ASIA"}}}'),
	),
	// The deprecated type works in cascade and MLLM modes alike.
	mutation(
		'deprecated turn detection server VAD without MLLM',
		/turn_detection\.type/,
		false,
		'options.additionalBody',
		values('{"properties": {"turn_detection": {"type": "server_vad"}}}'),
		{ when: notMllm },
	),
	mutation(
		'wrong types through the JSON body',
		/properties\.(enable_string_uid|idle_timeout|labels|channel)|^name$/,
		true,
		'options.additionalBody',
		values(
			'{"properties": {"enable_string_uid": "yes"}}',
			'{"properties": {"idle_timeout": "30"}}',
			'{"properties": {"labels": ["a"]}}',
			'{"name": 42}',
			'{"properties": {"channel": ["a"]}}',
		),
	),
	mutation(
		'additional body bad JSON',
		/additionalBody/,
		true,
		'options.additionalBody',
		values('{', '[]', '"x"', '{"a": }'),
	),
	// Modes
	mutation(
		'saved pipeline without an ID',
		/pipeline_id|pipelineId/,
		true,
		'pipelineId',
		values(expr(''), expr('   ')),
		{ when: (p) => p.mode === 'pipeline' },
	),
	...requestOptionMutations,
];

// ---------------------------------------------------------------- agent operations on a running agent

const agentIdBase = (operation: string, extra: fc.Arbitrary<IDataObject> = fc.constant({})) =>
	fc.tuple(extra, requestOptions).map(([e, ro]) => ({
		resource: 'agent',
		operation,
		agentId: '@@agent',
		...e,
		...(ro ? { requestOptions: ro } : {}),
	}));

const stopSpec: OpSpec = {
	key: 'agent.stop',
	needs: 'freshAgent',
	base: agentIdBase(
		'stop',
		opt(fc.record({ ignoreNotFound: fc.boolean() })).map((o) => (o ? { options: o } : {})),
	),
	mutations: [
		...idMutations(),
		mutation(
			'ignoreNotFound as text',
			/ignoreNotFound/,
			false,
			'options.ignoreNotFound',
			values(expr('true'), expr(1)),
		),
		...requestOptionMutations,
	],
};

const updateFields = fc
	.record(
		{
			token: alnum(10, 80),
			llmParams: jsonObject,
			mllmParams: jsonObject,
			systemMessages: fc
				.array(fc.record({ role: fc.constantFrom('system', 'user'), content: text(1, 60) }), {
					minLength: 1,
					maxLength: 3,
				})
				.map((messages) => ({ messages })),
		},
		{ requiredKeys: [] },
	)
	.filter((f) => Object.keys(f).length > 0);

const updateSpec: OpSpec = {
	key: 'agent.update',
	needs: 'agent',
	base: agentIdBase(
		'update',
		updateFields.map((updateFields) => ({ updateFields })),
	),
	mutations: [
		...idMutations(),
		mutation('nothing to update', /^properties$/, true, 'updateFields', values({})),
		mutation(
			'LLM params bad JSON',
			/properties\.llm\.params/,
			true,
			'updateFields.llmParams',
			values('{', '[1]', '"s"', '{"a":1,}'),
		),
		mutation(
			'MLLM params bad JSON',
			/properties\.mllm\.params/,
			true,
			'updateFields.mllmParams',
			values('{', '[]', 'true'),
		),
		mutation(
			'token wrong type',
			/properties\.token/,
			false,
			'updateFields.token',
			values(expr(42), expr(null), expr('')),
		),
		mutation(
			'system message content unusual',
			/system_messages/,
			false,
			'updateFields.systemMessages',
			fc
				.oneof(unicode(0, 30), fc.constant('x'.repeat(20000)))
				.map((content) => ({ messages: [{ role: 'system', content }] })),
		),
		...requestOptionMutations,
	],
};

const speakSpec: OpSpec = {
	key: 'agent.speak',
	needs: 'agent',
	base: agentIdBase(
		'speak',
		fc.record(
			{
				text: fc.oneof(text(1, 200), fc.constantFrom(...atBytes(512))),
				priority: fc.constantFrom('INTERRUPT', 'APPEND', 'IGNORE'),
				interruptable: fc.boolean(),
			},
			{ requiredKeys: ['text'] },
		),
	),
	mutations: [
		...idMutations(),
		mutation('text blank', /^text$/, true, 'text', values(expr(''))),
		mutation('text over 512 bytes', /^text$/, true, 'text', overBytes(512)),
		mutation(
			'text unusual but within 512 bytes',
			/^text$/,
			false,
			'text',
			fc.oneof(unicode(1, 100), fc.constantFrom('   ', '\n', '\u0000', '{{ $json }}')),
		),
		mutation(
			'priority unknown',
			/^priority$/,
			true,
			'priority',
			values(expr('LOUD'), expr('interrupt'), expr(1)),
		),
		mutation(
			'interruptable not a boolean',
			/^interruptable$/,
			true,
			'interruptable',
			values(expr('yes'), expr(1), expr('false')),
		),
		...requestOptionMutations,
	],
};

const interruptSpec: OpSpec = {
	key: 'agent.interrupt',
	needs: 'agent',
	base: agentIdBase('interrupt'),
	mutations: [...idMutations(), ...requestOptionMutations],
};
const getSpec: OpSpec = {
	key: 'agent.get',
	needs: 'agent',
	base: agentIdBase('get'),
	mutations: [...idMutations(), ...requestOptionMutations],
};
const historySpec: OpSpec = {
	key: 'agent.getHistory',
	needs: 'agent',
	base: agentIdBase(
		'getHistory',
		opt(fc.constantFrom('whole', 'split')).map((output) => (output ? { output } : {})),
	),
	mutations: [
		...idMutations(),
		mutation('output unknown', /^output$/, false, 'output', values(expr('xml'))),
		...requestOptionMutations,
	],
};

const agentListSpec: OpSpec = {
	key: 'agent.getMany',
	needs: 'agent',
	base: fc
		.record({
			returnAll: fc.boolean(),
			limit: fc.integer({ min: 1, max: 200 }),
			filters: fc.record(
				{
					channel: fc.oneof(rtcName(1, 20), fc.constant('room1')),
					fromTime: fc
						.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01') })
						.map((d) => d.toISOString()),
					toTime: fc
						.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01') })
						.map((d) => d.toISOString()),
					state: fc.constantFrom(
						'any',
						'IDLE',
						'STARTING',
						'RUNNING',
						'STOPPING',
						'STOPPED',
						'RECOVERING',
						'FAILED',
					),
				},
				{ requiredKeys: [] },
			),
			options: fc.record({ pageSize: fc.integer({ min: 1, max: 1000 }) }, { requiredKeys: [] }),
			requestOptions,
		})
		.map((r) => {
			const p: IDataObject = {
				resource: 'agent',
				operation: 'getAll',
				returnAll: r.returnAll,
				filters: r.filters,
				options: r.options,
			};
			if (!r.returnAll) p.limit = r.limit;
			if (r.requestOptions) p.requestOptions = r.requestOptions;
			return p;
		}),
	mutations: [
		mutation(
			'limit out of range',
			/^limit$/,
			false,
			'limit',
			values(expr(0), expr(-5), expr(2.5), expr('ten')),
			{ when: (p) => p.returnAll === false },
		),
		mutation(
			'page size out of range',
			/pageSize|limit/,
			true,
			'options.pageSize',
			values(expr(0), expr(1001), expr(2.5), expr('abc'), expr(-1)),
		),
		mutation(
			'state unknown',
			/^state$/,
			true,
			'filters.state',
			values(expr('DANCING'), expr('running'), expr(2)),
		),
		mutation(
			'date unreadable',
			/^(fromTime|toTime)$/,
			true,
			'filters.fromTime',
			values(expr('yesterday-ish'), expr('2024-13-45'), expr(-1000)),
		),
		mutation(
			'channel unusual',
			/channel/,
			false,
			'filters.channel',
			fc.oneof(unicode(1, 20), fc.constant('x'.repeat(3000)), fc.constant('a&b=c')),
		),
		...requestOptionMutations,
	],
};

export {
	sosVad,
	startBase,
	cascade,
	hasLlm,
	llmSpeaksAlone,
	hasTts,
	notMllm,
	noPreset,
	stringUid,
	startMutations,
	agentIdBase,
	stopSpec,
	updateFields,
	updateSpec,
	speakSpec,
	interruptSpec,
	getSpec,
	historySpec,
	agentListSpec,
};
