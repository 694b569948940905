/** Agent Start's parameter sets for the fuzzer, and the predicates its mutations ask of a parameter set. */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';
import { alnum, base64Of, httpsUrl, jsonObject, opt, rtcName, text, words } from '../arb';
import { requestOptions, uint32 } from '../spec';

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

export { sosVad, startBase, cascade, hasLlm, llmSpeaksAlone, hasTts, notMllm, noPreset, stringUid };
