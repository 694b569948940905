/**
 * The agent configuration form, by section, and the request parts it builds. An operation that
 * starts an agent (Agent › Start; a phone call that creates an agent) shows these groups under its
 * own display rule and builds `properties` with `buildAgentProperties`.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { ParameterReader } from '../form/parameters';
import { VENDOR_KEYS_GROUP, vendorKeysFields, vendorKeysOption } from './vendorKeys';
import { groupedFields, type FormGroup } from '../form/groups';
import { llmSpeaksAlone } from '../schemas/agent';
import { presetCategories } from '../../shared/agoraFacts';
import { buildAsr, asrFields } from './asr';
import {
	behaviourFields,
	buildFillerWords,
	buildLabels,
	buildParameters,
	fillerWordsFields,
	labelsField,
	parametersField,
} from './behaviour';
import { cascadeOrOverride, MODE } from './display';
import {
	advancedFeaturesField,
	avatarFields,
	buildExtras,
	encryptionFields,
	extrasFields,
	geofenceFields,
	salFields,
} from './extras';
import { buildIdentity, identityFields, idleTimeoutField, uniquePerItem } from './identity';
import { buildLlm, llmFields } from './llm';
import { hasHttpTools } from './httpTools';
import { hasMcpServers } from './mcp';
import { buildMllm, mllmFields } from './mllm';
import { buildPipelineRef, pipelineFields, presetField } from './pipeline';
import { applyPrompt } from './prompt';
import { compact } from '../form/bodyWriters';
import { FormReader } from '../form/reader';
import { buildInterruption, buildTurnDetection, turnFields, usesManualTurns } from './turns';
import { buildTts, ttsFields } from './tts';
import { RECORD_CONVERSATION_GROUP, recordConversationField } from './recordConversation';

export { identityFields, buildIdentity, uniquePerItem };

/** Everything about how the agent works, without its identity in the channel. */
export const agentConfigFields: INodeProperties[] = [
	...vendorKeysFields,
	...pipelineFields,
	...asrFields,
	...cascadeOrOverride(llmFields, 'overrideLlm'),
	...cascadeOrOverride(ttsFields, 'overrideTts'),
	...mllmFields,
	...turnFields,
	...fillerWordsFields,
	...extrasFields,
	...behaviourFields,
];

/** A field the user must fill before anything runs: shown first in both forms. */
function mustBeFilled(field: INodeProperties): boolean {
	return field.required === true && field.default === '';
}

/**
 * The form before node version 1.3, in the order n8n users expect: Vendor Keys first (under the
 * credential pickers), the fields to fill, the mode and its pipeline choices, the providers, the
 * identity settings with defaults before the turn settings, the deprecated Presets last.
 */
export function flatAgentConfigFields(identity: INodeProperties[]): INodeProperties[] {
	const mustFill = identity.filter(mustBeFilled);
	const identitySettings = identity.filter((field) => !mustFill.includes(field));
	const sections = agentConfigFields.filter(
		(field) => !vendorKeysFields.includes(field) && !pipelineFields.includes(field),
	);
	const turns = sections.indexOf(turnFields[0]);
	return [
		...vendorKeysFields,
		...mustFill,
		...pipelineFields.filter((field) => field !== presetField),
		...sections.slice(0, turns),
		...identitySettings,
		...sections.slice(turns),
		presetField,
	];
}

/** What a user must fill: shown first in every layout. */
export function mustFillFields(identity: INodeProperties[]): INodeProperties[] {
	return identity.filter(mustBeFilled);
}

/**
 * The "Add Option" groups of the grouped layouts (1.3 on). `identity` is the operation's identity
 * group (a field with a default moves into Identity and Security); `advanced` its own options.
 */
export function agentConfigGroups(
	identity: INodeProperties[],
	advanced: INodeProperties[],
): FormGroup[] {
	const mustFill = mustFillFields(identity);
	// Compared by name: an operation may reword its identity fields (copies of the declarations).
	const conversation = identity.filter((field) => field.name === idleTimeoutField.name);
	return [
		{
			name: 'model',
			displayName: 'Model',
			description: 'The LLM the agent thinks with, or the realtime model of Multimodal mode',
			fields: [...cascadeOrOverride(llmFields, 'overrideLlm'), ...mllmFields],
		},
		{
			name: 'voice',
			displayName: 'Voice',
			description: 'How the agent speaks (text-to-speech) and hears (speech recognition)',
			fields: [...cascadeOrOverride(ttsFields, 'overrideTts'), ...asrFields],
		},
		{
			name: RECORD_CONVERSATION_GROUP,
			displayName: 'Conversation',
			description:
				'When the agent takes its turn, how it is interrupted, filler words, idle timeout, recording',
			fields: [...turnFields, ...fillerWordsFields, ...conversation, recordConversationField],
		},
		{
			name: VENDOR_KEYS_GROUP,
			displayName: 'Identity and Security',
			description:
				'The agent’s name, UIDs and tokens, where its keys come from, encryption, region',
			fields: [
				...identity.filter((field) => !mustFill.includes(field) && !conversation.includes(field)),
				vendorKeysOption,
				...encryptionFields,
				...geofenceFields,
				labelsField,
			],
		},
		{
			name: 'options',
			displayName: 'Advanced',
			description:
				'Avatar, voice lock, Agora’s advanced features and parameters, raw JSON, request options',
			fields: [...salFields, ...avatarFields, advancedFeaturesField, parametersField, ...advanced],
		},
	];
}

/**
 * The form of node version 1.3: what a user must fill, the mode and its pipeline choices at the
 * top; the rest in "Add Option" groups, Presets in Advanced.
 */
export function groupedAgentConfigFields(
	identity: INodeProperties[],
	advanced: INodeProperties[],
): INodeProperties[] {
	return [
		...mustFillFields(identity),
		...pipelineFields.filter((field) => field !== presetField),
		...groupedFields(agentConfigGroups(identity, [presetField, ...advanced])),
	];
}

/** Manual turns are signalled over RTM: switch RTM and the RTM data channel on unless set. */
function enableRtmForManualTurns(r: FormReader, properties: IDataObject): void {
	if (!usesManualTurns(properties.turn_detection as IDataObject | undefined)) return;
	const features = r.get<IDataObject>('advancedFeatures', {});
	if (features.enableRtm === undefined) {
		properties.advanced_features = {
			...((properties.advanced_features as IDataObject) ?? {}),
			enable_rtm: true,
		};
	}
	const parameters = (properties.parameters as IDataObject | undefined) ?? {};
	if (parameters.data_channel === undefined)
		properties.parameters = { ...parameters, data_channel: 'rtm' };
}

/**
 * Servers and HTTP tools without Enable Tools are never called, with no error (Agora's MCP guide;
 * llm.tools in the join reference): switch it on unless set.
 */
function enableToolsForMcpServers(r: FormReader, properties: IDataObject): void {
	if (
		!hasMcpServers(properties.llm) &&
		!hasMcpServers(properties.mllm) &&
		!hasHttpTools(properties.llm) &&
		!hasHttpTools(properties.mllm)
	)
		return;
	if (r.get<IDataObject>('advancedFeatures', {}).enableTools !== undefined) return;
	properties.advanced_features = {
		...((properties.advanced_features as IDataObject) ?? {}),
		enable_tools: true,
	};
}

/**
 * The asr, llm, tts, turn and filler members of a cascading (or overridden pipeline) agent. A
 * provider a preset covers gets only what the user typed: nothing at all when that is nothing.
 */
function buildCascade(r: FormReader, mode: string, preset: unknown): IDataObject {
	const byPreset = presetCategories(typeof preset === 'string' ? preset : undefined);
	const asr = buildAsr(r);
	let llm = mode === MODE.cascade || r.get('overrideLlm', false) ? buildLlm(r) : undefined;
	if (byPreset.llm && llm && Object.keys(llm).length === 0) llm = undefined;
	// An LLM that outputs audio alone needs no TTS (Agora's audio output guide): none is sent.
	const ttsWanted = mode === MODE.cascade || r.get('overrideTts', false);
	return compact({
		asr,
		llm,
		tts: ttsWanted && !llmSpeaksAlone(llm) ? buildTts(r, byPreset.tts) : undefined,
		turn_detection: buildTurnDetection(r),
		filler_words: buildFillerWords(r),
	});
}

/**
 * Adds the configuration members to `properties` and returns the body's top-level preset and
 * pipeline_id.
 */
export function buildAgentProperties(
	fn: ParameterReader,
	itemIndex: number,
	properties: IDataObject,
): IDataObject {
	const r = new FormReader(fn, itemIndex);
	const mode = r.get<string>('mode', MODE.cascade);
	const top = buildPipelineRef(r);
	const models = mode === MODE.mllm ? { mllm: buildMllm(r) } : buildCascade(r, mode, top.preset);
	applyPrompt(r, models);
	Object.assign(
		properties,
		compact({
			...models,
			interruption: buildInterruption(r),
			...buildExtras(r),
			parameters: buildParameters(r),
			labels: buildLabels(r),
		}),
	);
	enableRtmForManualTurns(r, properties);
	enableToolsForMcpServers(r, properties);
	return top;
}
