/**
 * The form of node version 1.4: what a user must fill, Instructions and Greeting, the operation's
 * own top-level fields, the mode, then the groups of 1.3 without Presets (Agora Managed credentials
 * in each provider instead) and without on/off switches inside them: adding a setting turns it on.
 */
import type { INodeProperties } from 'n8n-workflow';

import { groupedFields } from '../form/groups';
import { agentConfigGroups, mustFillFields } from './index';
import { pipelineFields, presetField } from './pipeline';
import { promptFields } from './prompt';

/** Switches that only showed their group's settings: left out, FormReader.switchedOn reads them. */
export const OPENED_BY_A_SETTING = [
	'configureTurnDetection',
	'configureInterruption',
	'enableFillerWords',
	'enableAvatar',
	'enableSal',
];

/** Groups 1.4 keeps as 1.3 has them: the description declares them once for both. */
export const GROUPS_KEPT_IN_14 = ['model', 'voice'];

export function conversationFirstFields(
	identity: INodeProperties[],
	advanced: INodeProperties[],
	top: INodeProperties[] = [],
): INodeProperties[] {
	return [
		...mustFillFields(identity),
		...promptFields,
		...top,
		...pipelineFields.filter((field) => field !== presetField),
		...groupedFields(agentConfigGroups(identity, advanced), OPENED_BY_A_SETTING),
	];
}
