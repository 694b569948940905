/**
 * API path -> the field as the form labels it ("LLM Options › Max History"). Labels are read from
 * the node's own description, so they cannot drift from the form: the table below only says which
 * parameter builds an API member whose name the form does not follow.
 */
import type { INode, INodeProperties, INodePropertyCollection } from 'n8n-workflow';

import { setFieldNamer } from '../../../shared/validate';

/** API members (indices left out) whose parameter is not their camel-cased name. */
const PARAMETER_OF: Record<string, string> = {
	name: 'name',
	preset: 'preset',
	pipeline_id: 'pipelineId',
	'properties.channel': 'channel',
	'properties.token': 'token',
	'properties.agent_rtc_uid': 'agentRtcUid',
	'properties.remote_rtc_uids': 'remoteRtcUid',
	'properties.enable_string_uid': 'enableStringUid',
	'properties.idle_timeout': 'idleTimeout',
	'properties.llm': 'llmUrl',
	'properties.llm.url': 'llmUrl',
	'properties.llm.api_key': 'llmApiKey',
	'properties.llm.system_messages': 'llmSystemMessages',
	'properties.llm.params': 'llmParams',
	'properties.llm.credential_mode': 'llmOptions.credentialMode',
	'properties.llm.greeting_message': 'llmOptions.greetingMessage',
	'properties.llm.greeting_audio_url': 'llmOptions.greetingAudioUrl',
	'properties.llm.greeting_configs.audio_download_timeout_ms': 'llmOptions.greetingAudioTimeoutMs',
	'properties.llm.greeting_configs.audio_pcm_sample_rate': 'llmOptions.greetingAudioPcmSampleRate',
	'properties.llm.greeting_configs.delay_ms': 'llmOptions.greetingDelayMs',
	'properties.llm.greeting_configs.interruptable': 'llmOptions.greetingInterruptable',
	'properties.llm.greeting_configs.mode': 'llmOptions.greetingMode',
	'properties.llm.greeting_configs': 'llmOptions',
	'properties.tts': 'ttsVendor',
	'properties.tts.vendor': 'ttsVendor',
	'properties.tts.params': 'ttsParams',
	'properties.tts.url': 'ttsUrl',
	'properties.tts.headers': 'ttsHeaders',
	'properties.tts.credential_mode': 'ttsCredentialMode',
	'properties.mllm': 'mllmVendor',
	'properties.mllm.vendor': 'mllmVendor',
	'properties.mllm.url': 'mllmUrl',
	'properties.mllm.api_key': 'mllmApiKey',
	'properties.mllm.params': 'mllmParams',
	'properties.mllm.adc_credentials_string': 'mllmAdcCredentials',
	'properties.mllm.project_id': 'mllmProjectId',
	'properties.mllm.location': 'mllmLocation',
	'properties.mllm.messages': 'mllmOptions.messages',
	'properties.asr': 'asr',
	'properties.filler_words': 'enableFillerWords',
	'properties.filler_words.trigger.fixed_time_config.response_wait_ms': 'fillerResponseWaitMs',
	'properties.filler_words.content.static_config.phrases': 'fillerPhrases',
	'properties.filler_words.content.static_config.selection_rule': 'fillerSelectionRule',
	'properties.parameters': 'agentParameters',
	'properties.parameters.data_channel': 'agentParameters.dataChannel',
	'properties.parameters.enable_error_message': 'agentParameters.enableErrorMessage',
	'properties.parameters.enable_metrics': 'agentParameters.enableMetrics',
	'properties.parameters.silence_config': 'agentParameters',
	'properties.turn_detection': 'configureTurnDetection',
	'properties.turn_detection.config.start_of_speech': 'startOfSpeechMode',
	'properties.turn_detection.config.start_of_speech.mode': 'startOfSpeechMode',
	'properties.turn_detection.config.end_of_speech': 'endOfSpeechMode',
	'properties.turn_detection.config.end_of_speech.mode': 'endOfSpeechMode',
	'properties.interruption': 'configureInterruption',
	'properties.avatar': 'enableAvatar',
	'properties.avatar.vendor': 'avatarVendor',
	'properties.sal': 'enableSal',
	'properties.sal.sal_mode': 'salMode',
	'properties.sal.sample_urls': 'salSampleUrl',
	'properties.geofence': 'geofenceArea',
	'properties.geofence.area': 'geofenceArea',
	'properties.geofence.exclude_area': 'geofenceExcludeArea',
	'properties.rtc': 'encryptionMode',
	'properties.rtc.encryption_key': 'encryptionKey',
	'properties.rtc.encryption_salt': 'encryptionSalt',
	'properties.rtc.encryption_mode': 'encryptionMode',
	'properties.advanced_features': 'advancedFeatures',
	'properties.agent_rtm_uid': 'advancedFeatures.agentRtmUid',
	'properties.labels': 'labels',
	'sip.to_number': 'toNumber',
	'sip.from_number': 'fromNumber',
	'sip.rtc_token': 'sipRtcToken',
};

/** Where an error lands when no form field builds the member: only Additional Body can set it. */
const ADDITIONAL_BODY = 'options.additionalBody';

let form: INodeProperties[] = [];

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function shownFor(property: INodeProperties, node: INode): boolean {
	const show = property.displayOptions?.show ?? {};
	return ['resource', 'operation'].every((key) => {
		const allowed = show[key] as unknown[] | undefined;
		return !allowed || allowed.includes(node.parameters?.[key]);
	});
}

function children(property: INodeProperties): INodeProperties[] {
	if (property.type === 'collection') return (property.options ?? []) as INodeProperties[];
	if (property.type === 'fixedCollection') return ((property.options ?? []) as INodePropertyCollection[]).flatMap((group) => group.values);
	return [];
}

/** "LLM Options › Max History" for `llmOptions.maxHistory` on this node's operation, if the form has it. */
export function labelOfParameter(node: INode, parameterPath: string, properties: INodeProperties[] = form): string | undefined {
	const [head, ...rest] = parameterPath.split('.');
	const top = properties.find((property) => property.name === head && shownFor(property, node));
	if (!top) return undefined;
	const labels = [top.displayName];
	let current = top;
	for (const part of rest) {
		const next = children(current).find((child) => child.name === part);
		if (!next) return undefined;
		labels.push(next.displayName);
		current = next;
	}
	return labels.join(' › ');
}

/**
 * Looks for the API member `name`: a member of a section (properties.llm) as `llmName` or inside
 * the section's collections (llmOptions), any other as a field or collection option of that name.
 */
function findByName(node: INode, name: string, section?: string): string | undefined {
	const key = camel(name);
	const candidates = section ? [section + key.charAt(0).toUpperCase() + key.slice(1)] : [key, name];
	const collections = form.filter(
		(property) => children(property).length > 0 && shownFor(property, node) && (!section || property.name.startsWith(section)),
	);
	for (const collection of collections) candidates.push(`${collection.name}.${key}`, `${collection.name}.${name}`);
	for (const candidate of candidates) {
		const label = labelOfParameter(node, candidate);
		if (label) return label;
	}
	return undefined;
}

/**
 * The form's label for an API path (or a parameter path) of this node's operation: the table,
 * then the parameter of that name, then the nearest enclosing member; Additional Body otherwise.
 */
export function formLabel(node: INode, field: string): string | undefined {
	const segments = field.replace(/\[\d+\]/g, '').split('.');
	for (let length = segments.length; length > 0; length--) {
		const path = segments.slice(0, length).join('.');
		const mapped = PARAMETER_OF[path];
		const label = (mapped && labelOfParameter(node, mapped)) || labelOfParameter(node, path);
		if (label) return label;
		const last = segments[length - 1];
		const section = segments[0] === 'properties' && length > 2 ? segments[1] : undefined;
		const found = findByName(node, last, section);
		if (found) return found;
	}
	return labelOfParameter(node, ADDITIONAL_BODY) ?? labelOfParameter(node, 'additionalFields');
}

/** Makes validation errors of this node name fields by the labels of `properties`. */
export function useFormLabels(properties: INodeProperties[]): void {
	form = properties;
	setFieldNamer(formLabel);
}

export const parameterTable = PARAMETER_OF;
