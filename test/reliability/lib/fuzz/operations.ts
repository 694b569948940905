/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not part of the published package: test or dev code run by plain Node */
/**
 * What the fuzzer generates per operation: a valid parameter set and its mutations, each naming the
 * field its error must name; @@ placeholders are resolved when a batch is built.
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import {
	alnum,
	atBytes,
	base64Of,
	deletePath,
	httpsUrl,
	jsonObject,
	notANumber,
	opt,
	overBytes,
	rtcName,
	setPath,
	text,
	unicode,
	words,
	wrongEnum,
} from './arb';
import { expr } from './engine';

export interface MutationSpec {
	name: string;
	/** The field the NodeOperationError must name (its description's "API field: <field>"). */
	field: RegExp;
	/** Breaks a rule of the spec: the node must refuse it with no request sent. */
	invalid: boolean;
	/** Touches an id: a 404 or "not found" is a fair outcome. */
	id?: boolean;
	/** Only for parameter sets where the mutated field is in use. */
	when?: (p: IDataObject) => boolean;
	/** The parameter it changes: two mutations of one parameter never go into one case. */
	path: string;
	apply: fc.Arbitrary<(p: IDataObject) => void>;
}

export interface OpSpec {
	key: string;
	needs?: 'agent' | 'freshAgent' | 'player' | 'freshPlayer';
	base: fc.Arbitrary<IDataObject>;
	mutations: MutationSpec[];
}

function mutation(
	name: string,
	field: RegExp,
	invalid: boolean,
	path: string,
	values: fc.Arbitrary<unknown>,
	extra: Partial<Pick<MutationSpec, 'id' | 'when'>> & { also?: (p: IDataObject) => void } = {},
): MutationSpec {
	return {
		name,
		field,
		invalid,
		id: extra.id,
		when: extra.when,
		path,
		apply: values.map((value) => (p: IDataObject) => {
			extra.also?.(p);
			setPath(p, path, value);
		}),
	};
}
const custom = (
	name: string,
	field: RegExp,
	invalid: boolean,
	path: string,
	apply: fc.Arbitrary<(p: IDataObject) => void>,
	when?: (p: IDataObject) => boolean,
): MutationSpec => ({ name, field, invalid, when, path, apply });
const values = (...list: unknown[]) => fc.constantFrom(...list);

// ---------------------------------------------------------------- shared: request options

const requestOptions = opt(
	fc.record(
		{
			concurrency: fc.integer({ min: 1, max: 100 }),
			maxRetries: fc.integer({ min: 0, max: 10 }),
			timeoutMs: fc.integer({ min: 5000, max: 60000 }),
		},
		{ requiredKeys: [] },
	),
);
const requestOptionMutations: MutationSpec[] = [
	// A negative time-out hangs the execution and "abc" fails every attempt (see the report): both
	// kept, but rare, so that a run stays short until they are refused up front.
	mutation(
		'requestOptions.timeoutMs odd',
		/requestOptions|timeoutMs/,
		false,
		'requestOptions.timeoutMs',
		fc.oneof(
			{ weight: 16, arbitrary: values(expr(0), expr(999), expr(null), expr('5000')) },
			{ weight: 2, arbitrary: values(expr('abc')) },
			{ weight: 1, arbitrary: values(expr(-1)) },
		),
	),
	mutation('requestOptions.concurrency odd', /requestOptions|concurrency/, false, 'requestOptions.concurrency', values(expr(0), expr(-3), expr('x'), expr(1e9), expr(2.5))),
	mutation('requestOptions.maxRetries odd', /requestOptions|maxRetries/, false, 'requestOptions.maxRetries', values(expr(-1), expr('x'), expr(11), expr(1.5), expr('2'))),
];

// ---------------------------------------------------------------- agent ids

const idMutations = (field = /^agentId$/): MutationSpec[] => [
	mutation('agentId blank', field, true, 'agentId', values(expr(''), expr('   '), expr(null))),
	mutation('agentId unknown', field, false, 'agentId', fc.oneof(alnum(1, 40), unicode(1, 20), values('../../x', 'a/b?c#d', '%2e%2e', 'x'.repeat(5000))), { id: true }),
	mutation('agentId wrong type', field, false, 'agentId', values(expr(12345), expr({ id: 'x' }), expr(['a'])), { id: true }),
];

// ---------------------------------------------------------------- agent start

const uint32 = fc.integer({ min: 0, max: 4294967295 });
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
		systemMessages: opt(fc.array(fc.record({ role: fc.constantFrom('system', 'user', 'assistant'), content: text(1, 80) }), { minLength: 1, maxLength: 3 })),
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
				headers: fc.array(fc.record({ name: alnum(1, 12), value: text(1, 40) }), { minLength: 1, maxLength: 3 }).map((entries) => ({ entries })),
				templateVariables: fc.array(fc.record({ name: alnum(1, 12), value: text(1, 40) }), { minLength: 1, maxLength: 3 }).map((entries) => ({ entries })),
				mcpServers: fc
					.uniqueArray(alnum(1, 48), { minLength: 1, maxLength: 3 })
					.chain((names) =>
						fc.tuple(
							...names.map((name) =>
								fc.record(
									{
										name: fc.constant(name),
										endpoint: httpsUrl,
										headers: fc.dictionary(alnum(1, 10), alnum(1, 20), { maxKeys: 2 }).map((h) => JSON.stringify(h)),
										allowedToolsMode: fc.constantFrom('all', 'list'),
										allowedTools: fc.array(alnum(1, 10), { minLength: 1, maxLength: 3 }).map((list) => list.join(', ')),
										timeoutMs: fc.integer({ min: 0, max: 60000 }),
										transport: fc.constant('streamable_http'),
									},
									{ requiredKeys: ['name', 'endpoint'] },
								)
								// "Only These Tools" needs at least one name.
								.map((server) => (server.allowedToolsMode === 'list' && !server.allowedTools ? { ...server, allowedTools: 'tool1' } : server)),
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
		asr: opt(fc.record({ language: fc.constantFrom('en-US', 'zh-CN', 'ja-JP'), vendor: fc.constantFrom('ares', 'deepgram'), params: jsonObject }, { requiredKeys: [] })),
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
					messages: fc.array(fc.record({ role: fc.constantFrom('user', 'assistant'), content: alnum(1, 20) }), { minLength: 1, maxLength: 3 }).map((m) => JSON.stringify(m)),
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
							start_of_speech_sensitivity: fc.constantFrom('START_SENSITIVITY_HIGH', 'START_SENSITIVITY_LOW'),
							end_of_speech_sensitivity: fc.constantFrom('END_SENSITIVITY_HIGH', 'END_SENSITIVITY_LOW'),
						},
						{ requiredKeys: [] },
					),
				}),
				fc.record({ mllmTurnDetectionMode: fc.constant('semantic_vad'), mllmSemanticEagerness: fc.constantFrom('auto', 'low', 'medium', 'high') }),
			),
		}),
		turnDetection: opt(
			fc.record({
				speechThreshold: fc.integer({ min: 1, max: 99 }).map((n) => n / 100),
				startOfSpeechMode: fc.constantFrom('notSet', 'vad', 'keywords', 'disabled'),
				startOfSpeechVad: sosVad,
				startOfSpeechKeywords: fc.array(alnum(1, 10), { maxLength: 5 }).map((k) => k.join(', ')),
				startOfSpeechKeywordsConfig: fc.record(
					{ interrupt_duration_ms: fc.integer({ min: 120, max: 1200 }), prefix_padding_ms: fc.integer({ min: 0, max: 5000 }) },
					{ requiredKeys: [] },
				),
				startOfSpeechDisabledStrategy: fc.constantFrom('append', 'ignore'),
				endOfSpeechMode: fc.constantFrom('notSet', 'vad', 'semantic'),
				endOfSpeechVad: fc.record({ silence_duration_ms: fc.integer({ min: 120, max: 2000 }) }, { requiredKeys: [] }),
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
				interruptionKeywords: fc.array(alnum(1, 10), { minLength: 1, maxLength: 128 }).map((k) => k.join('\n')),
				interruptionDisabledStrategy: fc.constantFrom('append', 'ignore'),
			}),
		),
		filler: opt(
			fc.record({
				fillerResponseWaitMs: fc.integer({ min: 100, max: 10000 }),
				phrases: fc.array(fc.oneof(text(1, 40), fc.constant(words(50))), { minLength: 1, maxLength: 100 }),
				fillerSelectionRule: fc.constantFrom('shuffle', 'round_robin'),
			}),
		),
		sal: opt(
			fc.oneof(
				fc.record({ salMode: fc.constant('locking') }),
				fc.record({ salMode: fc.constantFrom('locking', 'recognition'), salSampleName: alnum(1, 12).filter((n) => n !== 'unknown'), salSampleUrl: httpsUrl.map((u) => `${u}/voice.pcm`) }),
			),
		),
		avatar: opt(fc.record({ avatarVendor: fc.constantFrom('akool', 'liveavatar', 'anam', 'generic'), avatarParams: jsonObject })),
		geofence: opt(
			fc.oneof(
				fc.record({ geofenceArea: fc.constantFrom('NORTH_AMERICA', 'EUROPE', 'ASIA', 'INDIA', 'JAPAN') }),
				fc.record({ geofenceArea: fc.constant('GLOBAL'), geofenceExcludeArea: fc.constantFrom('notSet', 'NORTH_AMERICA', 'EUROPE', 'ASIA', 'INDIA', 'JAPAN') }),
			),
		),
		encryption: opt(
			fc.oneof(
				fc.record({ encryptionMode: fc.constantFrom('1', '2', '3', '4', '5', '6'), encryptionKey: fc.oneof(fc.constant(''), alnum(1, 64)) }),
				fc.record({ encryptionMode: fc.constantFrom('7', '8'), encryptionKey: alnum(32, 32), encryptionSalt: base64Of(32) }),
			),
		),
		advancedFeatures: opt(fc.record({ enableRtm: fc.boolean(), enableTools: fc.boolean() }, { requiredKeys: [] })),
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
				.map((o) => ((o.silenceTimeoutMs ?? 0) > 0 && o.silenceContent === undefined ? { ...o, silenceContent: 'Still there?' } : o)),
		),
		labels: opt(fc.array(fc.record({ name: alnum(1, 12), value: text(1, 40) }), { minLength: 1, maxLength: 4 }).map((entries) => ({ entries }))),
		additionalBody: opt(fc.constantFrom('{}', '{"custom_extension": {"a": 1}}', '{"properties": {"labels": {"from_json": "yes"}}}')),
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
			if (r.mllm.vendor === 'vertexai') Object.assign(p, { mllmAdcCredentials: r.mllm.apiKey, mllmProjectId: 'my-project', mllmLocation: 'us-central1' });
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
const hasLlm = (p: IDataObject) => p.mode === 'cascade' || (p.mode === 'pipeline' && p.overrideLlm === true);
// An LLM with audio output alone gets no TTS (Agora's audio output guide): its TTS fields are not sent.
const llmSpeaksAlone = (p: IDataObject) => (p.llmOptions as IDataObject | undefined)?.outputModalities === 'audio';
const hasTts = (p: IDataObject) => !llmSpeaksAlone(p) && (p.mode === 'cascade' || (p.mode === 'pipeline' && p.overrideTts === true));
const notMllm = (p: IDataObject) => p.mode !== 'mllm';
const noPreset = (p: IDataObject) => p.preset === undefined;
const stringUid = (p: IDataObject) => p.enableStringUid === true;

const startMutations: MutationSpec[] = [
	mutation('name blank', /^name$/, true, 'name', values(expr(''), expr('   '))),
	mutation('name very long or unusual (no rule)', /^name$/, false, 'name', fc.oneof(values('x'.repeat(10000), 'a\u0000b', '\u202egnirts'), unicode(1, 200))),
	mutation('channel blank', /properties\.channel/, true, 'channel', values(expr(''), expr('  \t '))),
	mutation('channel unicode or long (RTC naming rules)', /properties\.(channel|token)/, false, 'channel', fc.oneof(unicode(1, 30), overBytes(64))),
	mutation('remote uid blank', /remote_rtc_uids/, true, 'remoteRtcUid', values(expr(''), expr(' '))),
	mutation('remote uid not digits', /remote_rtc_uids/, true, 'remoteRtcUid', values('12a', '-5', '1.5', '1e3', '٣'), { when: (p) => !stringUid(p) }),
	mutation('agent uid not digits', /agent_rtc_uid/, true, 'agentRtcUid', values('abc', '-1', '0x10', ' 7 7'), { when: (p) => !stringUid(p) }),
	mutation('agent uid beyond uint32', /agent_rtc_uid|properties\.token/, false, 'agentRtcUid', values('4294967296', '99999999999999999999'), { when: (p) => !stringUid(p) }),
	mutation('string uid unicode', /agent_rtc_uid|remote_rtc_uids|properties\.token/, false, 'agentRtcUid', unicode(1, 20), { when: stringUid }),
	mutation('idle timeout out of range', /idle_timeout/, true, 'idleTimeout', fc.oneof(values(-1, 1.5, -0.5), notANumber.filter((v) => v.value !== null && v.value !== ''))),
	mutation('idle timeout above 72 hours', /idle_timeout/, true, 'idleTimeout', values(259201, 1e9, 2 ** 31)),
	mutation('token wrong type', /properties\.token/, false, 'token', values(expr(12345), expr({ t: 1 }))),
	// LLM
	mutation('LLM URL blank', /properties\.llm\.url/, true, 'llmUrl', values(expr(''), expr('   ')), { when: (p) => cascade(p) && noPreset(p) && !llmSpeaksAlone(p) }),
	mutation('max history not whole', /max_history/, true, 'llmOptions.maxHistory', values(2.5, 0.5), { when: hasLlm }),
	mutation('max history as text', /max_history/, false, 'llmOptions.maxHistory', values(expr('32'), expr('abc')), { when: hasLlm }),
	mutation('greeting delay not whole', /greeting_configs\.delay_ms/, true, 'llmOptions.greetingDelayMs', values(100.5), { when: hasLlm }),
	mutation('greeting mode empty', /greeting_configs\.mode/, true, 'llmOptions.greetingMode', values(expr('')), { when: hasLlm }),
	mutation('input modalities unknown', /input_modalities/, true, 'llmOptions.inputModalities', values(expr('image'), expr('audio'), expr('text,text'), expr(['image'])), { when: hasLlm }),
	mutation('output modalities unknown', /output_modalities/, true, 'llmOptions.outputModalities', values(expr('image'), expr('audio,video')), { when: hasLlm }),
	mutation('LLM params bad JSON', /llm\.params/, true, 'llmParams', values('{', '[1,2]', '"text"', '{"a":}', 'null'), { when: hasLlm }),
	mutation('TTS params blank', /tts\.params/, true, 'ttsParams', values(expr(''), expr('{}')), { when: (p) => cascade(p) && noPreset(p) }),
	mutation('TTS params bad JSON', /tts\.params/, true, 'ttsParams', values('{', '[]', '42'), { when: hasTts }),
	mutation('TTS vendor blank', /tts\.vendor/, true, 'ttsVendor', values(expr(''), expr('  ')), { when: (p) => cascade(p) && noPreset(p) }),
	mutation('skip patterns out of range', /skip_patterns/, true, 'ttsSkipPatterns', values(expr(['0']), expr(['6']), expr(['x']), expr([1.5])), { when: hasTts }),
	mutation('MCP server name invalid', /mcp_servers\[\d+\]\.name/, true, 'llmOptions.mcpServers', values({ servers: [{ name: 'bad name!', endpoint: 'https://m.example.com' }] }, { servers: [{ name: 'a'.repeat(49), endpoint: 'https://m.example.com' }] }, { servers: [{ name: 'tools', endpoint: 'https://a.example.com' }, { name: 'tools', endpoint: 'https://b.example.com' }] }, { servers: [{ name: 'ünï', endpoint: 'https://m.example.com' }] }), { when: hasLlm }),
	mutation('MCP server endpoint blank', /mcp_servers\[\d+\]\.endpoint/, true, 'llmOptions.mcpServers', values({ servers: [{ name: 'tools', endpoint: '' }] }), { when: hasLlm }),
	mutation('MCP headers bad', /mcp_servers\[\d+\]\.headers/, true, 'llmOptions.mcpServers', values({ servers: [{ name: 'tools', endpoint: 'https://m.example.com', headers: '{bad' }] }), { when: hasLlm }),
	mutation('MCP tool list empty', /mcp_servers\[\d+\]\.allowed_tools/, true, 'llmOptions.mcpServers', values({ servers: [{ name: 'tools', endpoint: 'https://m.example.com', allowedToolsMode: 'list', allowedTools: ' , ' }] }), { when: hasLlm }),
	// Turn detection, interruption, filler words
	mutation('speech threshold out of (0, 1)', /speech_threshold/, true, 'speechThreshold', values(0, 1, -0.1, 1.5), { when: (p) => p.configureTurnDetection === true }),
	mutation('start of speech VAD not whole', /start_of_speech\.vad_config/, true, 'startOfSpeechVad', values({ interrupt_duration_ms: 500.5 }, { prefix_padding_ms: 0.5 }), { when: (p) => p.configureTurnDetection === true && p.startOfSpeechMode === 'vad' }),
	mutation('end of speech semantic wait below -1 or not whole', /end_of_speech\.semantic_config/, true, 'endOfSpeechSemantic', values({ max_wait_ms: -2 }, { max_wait_ms: 100.5 }, { silence_duration_ms: 1.5 }), { when: (p) => p.configureTurnDetection === true && p.endOfSpeechMode === 'semantic' }),
	mutation('end of speech VAD not whole', /end_of_speech\.vad_config\.silence_duration_ms/, true, 'endOfSpeechVad', values({ silence_duration_ms: 119.5 }), { when: (p) => p.configureTurnDetection === true && p.endOfSpeechMode === 'vad' }),
	mutation('interruption keywords over 128', /trigger_keywords/, true, 'interruptionKeywords', fc.integer({ min: 129, max: 300 }).map((n) => Array.from({ length: n }, (_, i) => `k${i}`).join(',')), { when: (p) => p.configureInterruption === true && p.interruptionEnable === true && p.interruptionMode === 'keywords' }),
	mutation('filler wait not whole', /response_wait_ms/, true, 'fillerResponseWaitMs', values(99.5, 0.5), { when: (p) => p.enableFillerWords === true }),
	mutation('filler phrases over 100', /phrases/, true, 'fillerPhrases', fc.integer({ min: 101, max: 150 }).map((n) => ({ phrases: Array.from({ length: n }, (_, i) => ({ text: `p${i}` })) })), { when: (p) => p.enableFillerWords === true }),
	mutation('filler phrase over 50 words', /phrases/, true, 'fillerPhrases', values({ phrases: [{ text: words(51) }] }, { phrases: [{ text: 'ok' }, { text: words(80) }] }), { when: (p) => p.enableFillerWords === true }),
	mutation('filler phrases missing', /phrases/, true, 'fillerPhrases', values({}, { phrases: [{ text: '  ' }] }), { when: (p) => p.enableFillerWords === true }),
	// SAL, avatar, geofence, encryption, parameters
	custom('manual turns on the RTC data stream', /parameters\.data_channel|advanced_features\.enable_rtm/, true, 'endOfSpeechMode', fc.constant((p: IDataObject) => {
		p.configureTurnDetection = true;
		p.endOfSpeechMode = 'manual';
		p.agentParameters = { ...((p.agentParameters as IDataObject | undefined) ?? {}), dataChannel: 'datastream' };
	}), cascade),
	mutation('SAL voiceprint named unknown', /sal\.sample_urls/, true, 'salSampleName', values('unknown'), { when: (p) => p.enableSal === true && p.salSampleUrl !== undefined }),
	mutation('SAL voiceprint URL missing', /sal\.sample_urls/, true, 'salSampleUrl', values(expr(''), expr(' ')), { when: (p) => p.enableSal === true && p.salSampleName !== undefined }),
	mutation('avatar params blank', /avatar\.params/, true, 'avatarParams', values(expr(''), expr('{}')), { when: (p) => p.enableAvatar === true }),
	mutation('avatar params bad JSON', /avatar\.params/, true, 'avatarParams', values('{x', '[1]'), { when: (p) => p.enableAvatar === true }),
	mutation('avatar vendor not a string', /avatar\.vendor/, true, 'avatarVendor', wrongEnum.filter((v) => v.value !== null && typeof v.value !== 'string'), { when: (p) => p.enableAvatar === true }),
	mutation('geofence area unknown', /geofence\.area/, true, 'geofenceArea', values(expr('MARS'), expr('global'))),
	mutation('encryption salt missing', /rtc\.encryption_salt/, true, 'encryptionSalt', values(expr(''), expr('   ')), { when: (p) => p.encryptionMode === '7' || p.encryptionMode === '8' }),
	mutation('encryption mode unknown', /rtc\.encryption_mode/, true, 'encryptionMode', values(expr('9'), expr('0'), expr('abc'), expr(7.5))),
	mutation('silence reminder without prompt', /silence_config\.content/, true, 'agentParameters', fc.integer({ min: 1, max: 60000 }).map((ms) => ({ silenceTimeoutMs: ms, silenceContent: '  ' }))),
	mutation('silence timeout out of range', /silence_config\.timeout_ms/, true, 'agentParameters', values({ silenceTimeoutMs: 60001, silenceContent: 'x' }, { silenceTimeoutMs: -1 }, { silenceTimeoutMs: 1.5, silenceContent: 'x' })),
	mutation('graceful timeout not whole', /graceful_timeout_seconds/, true, 'agentParameters', values({ gracefulEnabled: true, gracefulTimeoutSeconds: 2.5 })),
	mutation('data channel unknown', /data_channel/, true, 'agentParameters.dataChannel', values(expr('pigeon'), expr('RTM'))),
	mutation('audio scenario unknown', /audio_scenario/, true, 'agentParameters.audioScenario', values(expr('karaoke'))),
	// MLLM
	mutation('MLLM key blank', /mllm\.api_key/, true, 'mllmApiKey', values(expr(''), expr('   ')), { when: (p) => p.mode === 'mllm' && noPreset(p) }),
	mutation('MLLM vendor beyond the list (passed through)', /mllm\.vendor/, false, 'mllmVendor', values(expr('azure'), expr('a-new-vendor')), { when: (p) => p.mode === 'mllm' }),
	mutation('MLLM output modalities other than text+audio or audio', /mllm\.output_modalities/, true, 'mllmOptions.outputModalities', values(expr('text'), expr('audio,text,video')), { when: (p) => p.mode === 'mllm' }),
	mutation('MLLM input modalities unknown', /mllm\.input_modalities/, true, 'mllmOptions.inputModalities', values(expr('text'), expr('video')), { when: (p) => p.mode === 'mllm' }),
	mutation('MLLM messages not an array of objects', /mllm\.messages/, true, 'mllmOptions.messages', values('{"role":"user"}', '[1,2]', '[', '"x"'), { when: (p) => p.mode === 'mllm' }),
	mutation('MLLM Agora VAD not whole', /(agora|platform)_vad_config/, true, 'mllmPlatformVadConfig', values({ interrupt_duration_ms: 1.5 }, { silence_duration_ms: 1.5 }), { when: (p) => p.mllmTurnDetectionMode === 'agora_vad' || p.mllmTurnDetectionMode === 'platform_vad' }),
	// Exclusive and cross-field rules, through Additional Body (JSON)
	// Agora ignores asr, llm and tts beside an enabled mllm: not an error.
	mutation('MLLM with an LLM too', /properties\.(llm|asr|tts)/, false, 'options.additionalBody', values('{"properties": {"llm": {"url": "https://llm.example.com"}}}', '{"properties": {"tts": {"vendor": "x", "params": {"a": 1}}}}'), { when: (p) => p.mode === 'mllm' }),
	// An enabled mllm replaces asr, llm and tts (Agora ignores them): not an error.
	mutation('cascade with MLLM switched on too', /properties\.(llm|asr|tts|mllm)/, false, 'options.additionalBody', values('{"properties": {"mllm": {"enable": true, "api_key": "k"}}}', '{"properties": {"advanced_features": {"enable_mllm": true}, "mllm": {"api_key": "k"}}}'), { when: cascade }),
	mutation('two subscribed users', /remote_rtc_uids/, true, 'options.additionalBody', values('{"properties": {"remote_rtc_uids": ["1", "2"]}}', '{"properties": {"remote_rtc_uids": []}}')),
	mutation('exclude area without GLOBAL', /geofence\.exclude_area/, true, 'options.additionalBody', values('{"properties": {"geofence": {"area": "EUROPE", "exclude_area": "ASIA"}}}')),
	// The deprecated type works in cascade and MLLM modes alike.
	mutation('deprecated turn detection server VAD without MLLM', /turn_detection\.type/, false, 'options.additionalBody', values('{"properties": {"turn_detection": {"type": "server_vad"}}}'), { when: notMllm }),
	mutation('wrong types through the JSON body', /properties\.(enable_string_uid|idle_timeout|labels|channel)|^name$/, true, 'options.additionalBody', values('{"properties": {"enable_string_uid": "yes"}}', '{"properties": {"idle_timeout": "30"}}', '{"properties": {"labels": ["a"]}}', '{"name": 42}', '{"properties": {"channel": ["a"]}}')),
	mutation('additional body bad JSON', /additionalBody/, true, 'options.additionalBody', values('{', '[]', '"x"', '{"a": }')),
	// Modes
	mutation('saved pipeline without an ID', /pipeline_id|pipelineId/, true, 'pipelineId', values(expr(''), expr('   ')), { when: (p) => p.mode === 'pipeline' }),
	...requestOptionMutations,
];

// ---------------------------------------------------------------- agent operations on a running agent

const agentIdBase = (operation: string, extra: fc.Arbitrary<IDataObject> = fc.constant({})) =>
	fc.tuple(extra, requestOptions).map(([e, ro]) => ({ resource: 'agent', operation, agentId: '@@agent', ...e, ...(ro ? { requestOptions: ro } : {}) }));

const stopSpec: OpSpec = {
	key: 'agent.stop',
	needs: 'freshAgent',
	base: agentIdBase('stop', opt(fc.record({ ignoreNotFound: fc.boolean() })).map((o) => (o ? { options: o } : {}))),
	mutations: [...idMutations(), mutation('ignoreNotFound as text', /ignoreNotFound/, false, 'options.ignoreNotFound', values(expr('true'), expr(1))), ...requestOptionMutations],
};

const updateFields = fc
	.record(
		{
			token: alnum(10, 80),
			llmParams: jsonObject,
			mllmParams: jsonObject,
			systemMessages: fc.array(fc.record({ role: fc.constantFrom('system', 'user'), content: text(1, 60) }), { minLength: 1, maxLength: 3 }).map((messages) => ({ messages })),
		},
		{ requiredKeys: [] },
	)
	.filter((f) => Object.keys(f).length > 0);

const updateSpec: OpSpec = {
	key: 'agent.update',
	needs: 'agent',
	base: agentIdBase('update', updateFields.map((updateFields) => ({ updateFields }))),
	mutations: [
		...idMutations(),
		mutation('nothing to update', /^properties$/, true, 'updateFields', values({})),
		mutation('LLM params bad JSON', /properties\.llm\.params/, true, 'updateFields.llmParams', values('{', '[1]', '"s"', '{"a":1,}')),
		mutation('MLLM params bad JSON', /properties\.mllm\.params/, true, 'updateFields.mllmParams', values('{', '[]', 'true')),
		mutation('token wrong type', /properties\.token/, false, 'updateFields.token', values(expr(42), expr(null), expr(''))),
		mutation('system message content unusual', /system_messages/, false, 'updateFields.systemMessages', fc.oneof(unicode(0, 30), fc.constant('x'.repeat(20000))).map((content) => ({ messages: [{ role: 'system', content }] }))),
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
		mutation('text unusual but within 512 bytes', /^text$/, false, 'text', fc.oneof(unicode(1, 100), fc.constantFrom('   ', '\n', '\u0000', '{{ $json }}'))),
		mutation('priority unknown', /^priority$/, true, 'priority', values(expr('LOUD'), expr('interrupt'), expr(1))),
		mutation('interruptable not a boolean', /^interruptable$/, true, 'interruptable', values(expr('yes'), expr(1), expr('false'))),
		...requestOptionMutations,
	],
};

const interruptSpec: OpSpec = { key: 'agent.interrupt', needs: 'agent', base: agentIdBase('interrupt'), mutations: [...idMutations(), ...requestOptionMutations] };
const getSpec: OpSpec = { key: 'agent.get', needs: 'agent', base: agentIdBase('get'), mutations: [...idMutations(), ...requestOptionMutations] };
const historySpec: OpSpec = {
	key: 'agent.getHistory',
	needs: 'agent',
	base: agentIdBase('getHistory', opt(fc.constantFrom('whole', 'split')).map((output) => (output ? { output } : {}))),
	mutations: [...idMutations(), mutation('output unknown', /^output$/, false, 'output', values(expr('xml'))), ...requestOptionMutations],
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
					fromTime: fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01') }).map((d) => d.toISOString()),
					toTime: fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01') }).map((d) => d.toISOString()),
					state: fc.constantFrom('any', 'IDLE', 'STARTING', 'RUNNING', 'STOPPING', 'STOPPED', 'RECOVERING', 'FAILED'),
				},
				{ requiredKeys: [] },
			),
			options: fc.record({ pageSize: fc.integer({ min: 1, max: 1000 }) }, { requiredKeys: [] }),
			requestOptions,
		})
		.map((r) => {
			const p: IDataObject = { resource: 'agent', operation: 'getAll', returnAll: r.returnAll, filters: r.filters, options: r.options };
			if (!r.returnAll) p.limit = r.limit;
			if (r.requestOptions) p.requestOptions = r.requestOptions;
			return p;
		}),
	mutations: [
		mutation('limit out of range', /^limit$/, false, 'limit', values(expr(0), expr(-5), expr(2.5), expr('ten')), { when: (p) => p.returnAll === false }),
		mutation('page size out of range', /pageSize|limit/, true, 'options.pageSize', values(expr(0), expr(1001), expr(2.5), expr('abc'), expr(-1))),
		mutation('state unknown', /^state$/, true, 'filters.state', values(expr('DANCING'), expr('running'), expr(2))),
		mutation('date unreadable', /^(fromTime|toTime)$/, true, 'filters.fromTime', values(expr('yesterday-ish'), expr('2024-13-45'), expr(-1000))),
		mutation('channel unusual', /channel/, false, 'filters.channel', fc.oneof(unicode(1, 20), fc.constant('x'.repeat(3000)), fc.constant('a&b=c'))),
		...requestOptionMutations,
	],
};

// ---------------------------------------------------------------- cloud players

const REGIONS = ['na', 'eu', 'ap', 'cn'];
const streamUrl = fc
	.tuple(fc.constantFrom('rtmp', 'http', 'https', 'RTMP'), alnum(1, 20), fc.array(alnum(1, 10), { maxLength: 4 }))
	.map(([scheme, host, path]) => `${scheme}://${host.toLowerCase()}.example.com/${path.join('/')}`);

const createBase: fc.Arbitrary<IDataObject> = fc
	.record({
		region: fc.constantFrom(...REGIONS),
		streamUrl: fc.oneof(streamUrl, fc.constant(`rtmp://h.example.com/${'p'.repeat(1024 - 'rtmp://h.example.com/'.length)}`)),
		channelName: fc.oneof(rtcName(1, 64), fc.constant('c'.repeat(64))),
		identityType: fc.constantFrom('uid', 'account'),
		uid: fc.oneof(uint32, fc.constantFrom(0, 4294967295)),
		account: fc.oneof(rtcName(1, 255), fc.constant('a'.repeat(255))),
		additionalFields: fc.record(
			{
				idleTimeout: fc.integer({ min: 5, max: 600 }),
				name: fc.constant('@@unique'),
				streamIp: fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 })).map((a) => a.join('.')),
				playTs: fc.oneof(fc.constant(0), fc.integer({ min: -86000, max: 250 }).map((d) => `@@now:${d}`)),
				token: alnum(10, 80),
			},
			{ requiredKeys: [] },
		),
		encryption: opt(
			fc.oneof(
				fc.record({ encryptMode: fc.constantFrom('aes-128-xts', 'aes-256-xts', 'aes-128-ecb', 'sm4-128-ecb', 'aes-128-gcm', 'aes-256-gcm'), encryptKey: alnum(1, 64) }),
				fc.record({ encryptMode: fc.constantFrom('aes-128-gcm2', 'aes-256-gcm2'), encryptKey: alnum(32, 32), encryptKdfSalt: base64Of(32) }),
			),
		),
		onDemandOptions: fc.record(
			{ dataStream: fc.boolean(), repeatTime: fc.oneof(fc.constant(-1), fc.integer({ min: 1, max: 100 })), seekPosition: fc.oneof(fc.integer({ min: 0, max: 7200 }), fc.double({ min: 0, max: 100, noNaN: true })) },
			{ requiredKeys: [] },
		),
		audioOptions: fc.record({ profile: fc.integer({ min: 0, max: 5 }) }, { requiredKeys: [] }),
		videoOptions: fc.record(
			{
				width: fc.integer({ min: 66, max: 1920 }),
				height: fc.integer({ min: 66, max: 1080 }),
				widthHeightAdaption: fc.boolean(),
				frameRate: fc.integer({ min: 1, max: 30 }),
				bitrate: fc.integer({ min: 1, max: 10000 }),
				codec: fc.constantFrom('H.264', 'VP9'),
				fillMode: fc.constantFrom('fit', 'fill'),
			},
			{ requiredKeys: [] },
		),
		options: opt(fc.record({ onNameConflict: fc.constantFrom('fail', 'returnExisting') })),
		requestOptions,
	})
	.map((r) => {
		const p: IDataObject = {
			resource: 'cloudPlayer',
			operation: 'create',
			region: r.region,
			streamUrl: r.streamUrl,
			channelName: r.channelName,
			identityType: r.identityType,
			additionalFields: r.additionalFields,
			onDemandOptions: r.onDemandOptions,
			audioOptions: r.audioOptions,
			videoOptions: r.videoOptions,
		};
		if (r.identityType === 'uid') p.uid = r.uid;
		else p.account = r.account;
		if (r.encryption) Object.assign(p, { encryption: true, ...r.encryption });
		if (r.options) p.options = r.options;
		if (r.requestOptions) p.requestOptions = r.requestOptions;
		return p;
	});

const byUid = (p: IDataObject) => p.identityType === 'uid';
const encrypted = (p: IDataObject) => p.encryption === true;
const gcm2 = (p: IDataObject) => encrypted(p) && String(p.encryptMode).endsWith('gcm2');

const createMutations: MutationSpec[] = [
	mutation('region unknown', /^region$/, true, 'region', values(expr('us'), expr('NA'), expr(''), expr(1))),
	mutation('stream URL blank', /player\.streamUrl/, true, 'streamUrl', values(expr(''), expr('   '))),
	mutation('stream URL not rtmp/http(s)', /player\.streamUrl/, true, 'streamUrl', values('ftp://h.example.com/a', 'rtsp://h.example.com/a', 'h.example.com/live', 'https://', '//h.example.com/x', 'javascript:alert(1)')),
	mutation('stream URL over 1024 bytes', /player\.streamUrl/, true, 'streamUrl', overBytes(1024 - 'rtmp://h.example.com/'.length).map((tail) => `rtmp://h.example.com/${tail}`)),
	mutation('stream URL not a URL', /player\.streamUrl/, true, 'streamUrl', values('http://ho st.example.com/x', 'https://[::1/x', 'rtmp://exa mple.com', 'http://a b')),
	mutation('stream URL with unusual path', /player\.streamUrl/, false, 'streamUrl', values('https://h.example.com/a b', 'https://h.example.com/中文.png', 'rtmp://h.example.com/live?x=1#y')),
	mutation('channel blank', /player\.channelName/, true, 'channelName', values(expr(''))),
	mutation('channel over 64 bytes', /player\.channelName/, true, 'channelName', overBytes(64)),
	mutation('channel with a disallowed character', /player\.channelName/, true, 'channelName', fc.tuple(rtcName(0, 10), fc.constantFrom('"', "'", '*', '/', '\\', '`', '中', 'é', '\n', '\t', '😀')).map(([a, b]) => a + b)),
	mutation('uid out of range', /player\.uid/, true, 'uid', values(-1, 4294967296, 1.5, expr('abc'), expr(NaN)), { when: byUid }),
	mutation('uid as numeric text', /player\.uid/, false, 'uid', values(expr('42'), expr(' 7 ')), { when: byUid }),
	mutation('account blank', /player\.account/, true, 'account', values(expr('')), { when: (p) => !byUid(p) }),
	mutation('account over 255 bytes', /player\.account/, true, 'account', overBytes(255), { when: (p) => !byUid(p) }),
	mutation('account with a disallowed character', /player\.account/, true, 'account', values('a"b', 'ü', 'x/y', 'tab\t'), { when: (p) => !byUid(p) }),
	mutation('idle timeout not a number', /player\.idleTimeout/, true, 'additionalFields.idleTimeout', values(expr('abc'), expr(true))),
	mutation('idle timeout outside 5..600 (Agora clamps it)', /player\.idleTimeout/, false, 'additionalFields.idleTimeout', values(4, 601, 0)),
	mutation('name invalid', /player\.name/, true, 'additionalFields.name', fc.oneof(overBytes(64), values('a b', 'ä', 'a.b', 'x/y'))),
	mutation('stream IP invalid', /^streamIp$/, true, 'additionalFields.streamIp', values('256.1.1.1', '1.2.3', 'abc', '::1', '01.2.3.4.5', '1.2.3.4.')),
	mutation('play time out of range', /player\.playTs/, true, 'additionalFields.playTs', values('@@now:400', '@@now:-86500', 1.5, -1)),
	mutation('encryption salt missing', /player\.encryptKdfSalt/, true, 'encryptKdfSalt', values(expr(''), expr('0')), { when: gcm2 }),
	mutation('encryption key blank', /player\.encryptKey/, true, 'encryptKey', values(expr('')), { when: encrypted }),
	// An expression in the mode makes n8n show (and require) the salt field, as in the editor.
	mutation('encryption mode unknown', /player\.encryptMode/, true, 'encryptMode', values(expr('rot13'), expr('AES-128-XTS')), {
		when: encrypted,
		also: (p) => {
			p.encryptKdfSalt ??= 'c2FsdHNhbHRzYWx0c2FsdA==';
		},
	}),
	mutation('repeat time invalid', /player\.repeatTime/, true, 'onDemandOptions.repeatTime', values(0, -2, 1.5, expr('x'))),
	mutation('seek position negative', /player\.seekPosition/, true, 'onDemandOptions.seekPosition', values(-1, -0.5, expr('x'))),
	mutation('audio profile out of range', /player\.audioOptions\.[Pp]rofile/, true, 'audioOptions.profile', values(expr(6), expr(-1), expr(2.5))),
	mutation('video width out of range', /player\.videoOptions\.width/, true, 'videoOptions.width', values(65, 1921, 100.5)),
	mutation('video height out of range', /player\.videoOptions\.height/, true, 'videoOptions.height', values(65, 1081)),
	mutation('frame rate out of range', /player\.videoOptions\.frameRate/, true, 'videoOptions.frameRate', values(0, 31, -1)),
	mutation('bitrate out of range', /player\.videoOptions\.bitrate/, true, 'videoOptions.bitrate', values(0, 10001)),
	mutation('codec beyond the list (Agora encodes H.264)', /player\.videoOptions\.codec/, false, 'videoOptions.codec', values(expr('AV1'), expr('h264'))),
	mutation('fill mode unknown', /player\.videoOptions\.fillMode/, true, 'videoOptions.fillMode', values(expr('stretch'))),
	mutation('data stream not a boolean', /player\.dataStreamOptions\.enable/, true, 'onDemandOptions.dataStream', values(expr('yes'), expr(1))),
	...requestOptionMutations,
];

/**
 * Player ids. Unknown ids with non-Latin-1 characters only go to Get (a list search): the sandbox
 * echoes a path id into its X-Resource-ID header, which Node refuses for such characters (a 500 of
 * the sandbox, not a finding about the node).
 */
const playerIdMutations = (unicodeIds: boolean): MutationSpec[] => [
	mutation('player id blank or malformed', /^id$/, true, 'playerId', values(expr(''), expr('  '), expr('a b'), expr('x/y'), expr('q?x'), expr('h#1'))),
	mutation(
		'player id unknown',
		/^id$/,
		false,
		'playerId',
		fc.oneof(alnum(1, 36), unicodeIds ? unicode(1, 10) : alnum(1, 3), fc.constant('00000000-0000-4000-8000-000000000000'), fc.constant('x'.repeat(4000))),
		{ id: true },
	),
];
const regionMutation = mutation('region unknown', /^region$/, true, 'region', values(expr('us'), expr(''), expr('EU')));

const deleteSpec: OpSpec = {
	key: 'cloudPlayer.delete',
	needs: 'freshPlayer',
	base: fc
		.tuple(opt(fc.boolean()), requestOptions)
		.map(([notFoundIsDeleted, ro]) => ({
			resource: 'cloudPlayer',
			operation: 'delete',
			playerId: '@@player',
			region: '@@region',
			...(notFoundIsDeleted === undefined ? {} : { options: { notFoundIsDeleted } }),
			...(ro ? { requestOptions: ro } : {}),
		})),
	mutations: [...playerIdMutations(false), regionMutation, mutation('another region', /^region$/, false, 'region', values('eu', 'ap', 'cn', 'na'), { id: true }), ...requestOptionMutations],
};

const getPlayerSpec: OpSpec = {
	key: 'cloudPlayer.get',
	needs: 'player',
	base: fc
		.tuple(fc.boolean(), requestOptions)
		.map(([withChannel, ro]) => ({
			resource: 'cloudPlayer',
			operation: 'get',
			playerId: '@@player',
			...(withChannel ? { channelName: '@@channel' } : {}),
			...(ro ? { requestOptions: ro } : {}),
		})),
	mutations: [
		...playerIdMutations(true),
		mutation('channel invalid', /^channelName$/, true, 'channelName', fc.oneof(overBytes(64), values('a"b', '中文', 'x/y'))),
		mutation('another channel', /^channelName$/, false, 'channelName', rtcName(1, 30), { id: true }),
		...requestOptionMutations,
	],
};

const listPlayersSpec: OpSpec = {
	key: 'cloudPlayer.getMany',
	needs: 'player',
	base: fc
		.record({
			returnAll: fc.boolean(),
			limit: fc.integer({ min: 1, max: 1000 }),
			channelName: opt(fc.oneof(rtcName(1, 64), fc.constant('@@channel'))),
			pageSize: opt(fc.integer({ min: 1, max: 500 })),
			requestOptions,
		})
		.map((r) => {
			const p: IDataObject = { resource: 'cloudPlayer', operation: 'getMany', returnAll: r.returnAll };
			if (!r.returnAll) p.limit = r.limit;
			if (r.channelName !== undefined) p.filters = { channelName: r.channelName };
			if (r.pageSize !== undefined) p.options = { pageSize: r.pageSize };
			if (r.requestOptions) p.requestOptions = r.requestOptions;
			return p;
		}),
	mutations: [
		mutation('limit out of range', /^limit$/, true, 'limit', values(expr(0), expr(-1), expr(2.5), expr('x')), { when: (p) => p.returnAll === false }),
		mutation('page size out of range', /^pageSize$/, true, 'options.pageSize', values(expr(0), expr(501), expr(2.5), expr('x'), expr(-3))),
		mutation('channel invalid', /^channelName$/, true, 'filters.channelName', fc.oneof(overBytes(64), values('a"b', '中文', "it's", 'a eq b"'))),
		...requestOptionMutations,
	],
};

const updatePlayerSpec: OpSpec = {
	key: 'cloudPlayer.update',
	// Its own player: an explicit sequence raises the floor of that player's later sequences.
	needs: 'freshPlayer',
	base: fc
		.record({
			fields: fc
				.record(
					{
						isPause: fc.boolean(),
						seekPosition: fc.oneof(fc.integer({ min: 0, max: 7200 }), fc.double({ min: 0, max: 100, noNaN: true })),
						streamUrl,
						volume: fc.integer({ min: 0, max: 200 }),
					},
					{ requiredKeys: [] },
				)
				.filter((f) => Object.keys(f).length > 0),
			sequence: opt(fc.integer({ min: 0, max: 1e12 })),
			requestOptions,
		})
		.map((r) => ({
			resource: 'cloudPlayer',
			operation: 'update',
			playerId: '@@player',
			region: '@@region',
			updateFields: r.fields,
			...(r.sequence === undefined ? {} : { options: { sequence: r.sequence } }),
			...(r.requestOptions ? { requestOptions: r.requestOptions } : {}),
		})),
	mutations: [
		...playerIdMutations(false),
		regionMutation,
		mutation('nothing to update', /^player$/, true, 'updateFields', values({})),
		mutation('volume out of range', /player\.audioOptions\.volume/, true, 'updateFields.volume', values(201, -1, 1.5, expr('loud'))),
		mutation('seek position negative', /player\.seekPosition/, true, 'updateFields.seekPosition', values(-1, expr('x'))),
		mutation('stream URL invalid', /player\.streamUrl/, true, 'updateFields.streamUrl', fc.oneof(values(expr(''), 'ftp://x.example.com/a', 'http://ho st/x'), overBytes(1024).map((t) => `rtmp://h.example.com/${t}`))),
		mutation('pause not a boolean', /player\.isPause/, true, 'updateFields.isPause', values(expr('yes'), expr(0))),
		mutation('sequence invalid', /^sequence$/, true, 'options.sequence', values(-1, 1.5, expr('x'), expr(Number.MAX_SAFE_INTEGER + 2))),
		mutation('sequence very large', /^sequence$/, false, 'options.sequence', values(1e15, 2 ** 52, 2 ** 52 + 1, 9007199254740991, 1e16)),
		...requestOptionMutations,
	],
};

// ---------------------------------------------------------------- token

const tokenSpec: OpSpec = {
	key: 'token.generate',
	base: fc
		.record({
			channelName: fc.oneof(rtcName(1, 64), fc.constant('c'.repeat(64))),
			identityType: fc.constantFrom('uid', 'account'),
			uid: fc.oneof(uint32, fc.constantFrom(0, 4294967295)),
			account: rtcName(1, 255),
			role: fc.constantFrom('publisher', 'subscriber'),
			tokenType: fc.constantFrom('rtc', 'rtcRtm'),
			rtmUserId: opt(alnum(1, 64)),
			tokenExpiry: fc.oneof(fc.integer({ min: 1, max: 86400 }), fc.constantFrom(1, 86400)),
			privilegeExpiry: fc.oneof(fc.integer({ min: 0, max: 86400 }), fc.constantFrom(0, 86400)),
		})
		.map((r) => {
			const p: IDataObject = {
				resource: 'token',
				operation: 'generate',
				channelName: r.channelName,
				identityType: r.identityType,
				role: r.role,
				tokenType: r.tokenType,
				tokenExpiry: r.tokenExpiry,
				privilegeExpiry: r.privilegeExpiry,
			};
			if (r.identityType === 'uid') p.uid = r.uid;
			else p.account = r.account;
			if (r.tokenType === 'rtcRtm' && r.rtmUserId) p.rtmUserId = r.rtmUserId;
			return p;
		}),
	mutations: [
		mutation('channel blank', /^channelName$/, true, 'channelName', values(expr(''))),
		mutation('channel over 64 bytes', /^channelName$/, true, 'channelName', overBytes(64)),
		mutation('channel with a disallowed character', /^channelName$/, true, 'channelName', values('a"b', '中', 'x/y', '\n')),
		mutation('uid out of range', /^uid$/, true, 'uid', values(-1, 4294967296, 1.5, expr('x')), { when: (p) => p.identityType === 'uid' }),
		mutation('account invalid', /^account$/, true, 'account', fc.oneof(overBytes(255), values(expr(''), 'ü', 'a"b')), { when: (p) => p.identityType === 'account' }),
		mutation('token expiry out of range', /^tokenExpiry$/, true, 'tokenExpiry', values(0, 86401, -1, 2.5, expr('x'))),
		mutation('privilege expiry out of range', /^privilegeExpiry$/, true, 'privilegeExpiry', values(-1, 86401, 0.5)),
		mutation('RTM user id over 64 bytes', /^rtmUserId$/, true, 'rtmUserId', overBytes(64), { when: (p) => p.tokenType === 'rtcRtm' }),
		mutation('role unknown', /^role$/, true, 'role', values(expr('admin'), expr(''))),
		mutation('identity type unknown', /^identityType$/, true, 'identityType', values(expr('email')), {
			also: (p) => {
				p.account ??= 'acct';
			},
		}),
		mutation('token type unknown', /^tokenType$/, true, 'tokenType', values(expr('rtm'))),
	],
};

export const OPERATIONS: OpSpec[] = [
	{ key: 'agent.start', base: startBase, mutations: startMutations },
	stopSpec,
	updateSpec,
	speakSpec,
	interruptSpec,
	getSpec,
	agentListSpec,
	historySpec,
	{ key: 'cloudPlayer.create', base: createBase, mutations: createMutations },
	deleteSpec,
	getPlayerSpec,
	listPlayersSpec,
	updatePlayerSpec,
	tokenSpec,
];

export interface FuzzCase {
	params: IDataObject;
	mutations: Array<Pick<MutationSpec, 'name' | 'field' | 'invalid' | 'id'>>;
}

/** FUZZ_SKIP: a pattern of mutation names to leave out (to look past a known finding while developing). */
const SKIP = process.env.FUZZ_SKIP ? new RegExp(process.env.FUZZ_SKIP) : undefined;

/** A case: a valid parameter set, and (three times in four) one to three mutations that apply to it. */
export function caseArbitrary(spec: OpSpec): fc.Arbitrary<FuzzCase> {
	return spec.base.chain((base) => {
		const applicable = spec.mutations.filter((m) => (!m.when || m.when(base)) && !(SKIP && SKIP.test(m.name)));
		const chosen =
			applicable.length === 0
				? fc.constant<MutationSpec[]>([])
				: fc.oneof({ weight: 1, arbitrary: fc.constant<MutationSpec[]>([]) }, { weight: 3, arbitrary: fc.shuffledSubarray(applicable, { minLength: 1, maxLength: Math.min(3, applicable.length) }) });
		return chosen.chain((picked) => {
			// One mutation per parameter (a later one would overwrite an earlier one).
			const mutations = picked.filter(
				(m, i) => !picked.slice(0, i).some((o) => o.path === m.path || o.path.startsWith(`${m.path}.`) || m.path.startsWith(`${o.path}.`)),
			);
			return (
			(mutations.length ? fc.tuple(...mutations.map((m) => m.apply)) : fc.constant([] as Array<(p: IDataObject) => void>)).map((fns) => {
				const params = structuredClone(base);
				for (const fn of fns) fn(params);
				return { params, mutations: mutations.map(({ name, field, invalid, id }) => ({ name, field, invalid, id })) };
			})
			);
		});
	});
}

export { deletePath };
