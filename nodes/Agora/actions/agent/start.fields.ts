/**
 * The Start form: the agent's identity in the channel, its configuration (agentConfig/, by section:
 * shared with any operation that starts an agent) and Start's own options.
 */
import type { INodeProperties } from 'n8n-workflow';

import { agentConfigFields, groupedAgentConfigFields, identityFields } from '../../agentConfig';
import { requestOptionsField } from '../../form/requestOptions';
import { beforeVersion, fromVersion } from '../../form/versions';

const optionsField: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Additional Body (JSON)',
			name: 'additionalBody',
			type: 'json',
			default: '{}',
			description:
				'Deep-merged over the request built from this form, for any field of Agora’s reference the form lacks (e.g. the deprecated turn_detection form, vendor blocks). Checked like the rest.',
		},
		{
			displayName: 'If Name Is In Use',
			name: 'ifNameInUse',
			type: 'options',
			options: [
				{ name: 'Fail', value: 'fail', description: 'Report the 409 conflict as an error' },
				{
					name: 'Return Existing Agent',
					value: 'returnExisting',
					description:
						'Output the live agent of that name in this channel instead (starting or running)',
				},
			],
			default: 'fail',
		},
	],
};

/**
 * The order n8n users expect: Vendor Keys first (under the credential pickers), the required fields,
 * the choice that shapes the form, providers, settings with defaults, deprecated Presets last.
 * Only names are listed, so other changes to the groups keep their place.
 */
const FIRST = [
	'vendorKeys',
	'channel',
	'remoteRtcUid',
	'mode',
	'pipelineId',
	'overrideLlm',
	'overrideTts',
];
const BEFORE_TURNS = ['name', 'agentRtcUid', 'enableStringUid', 'token', 'idleTimeout'];
const LAST = ['preset'];

function inFormOrder(fields: INodeProperties[]): INodeProperties[] {
	const named = (names: string[]) =>
		names.flatMap((name) => fields.filter((field) => field.name === name));
	const moved = new Set([...FIRST, ...BEFORE_TURNS, ...LAST]);
	const rest = fields.filter((field) => !moved.has(field.name));
	const turns = rest.findIndex((field) => field.name === 'configureTurnDetection');
	const at = turns === -1 ? rest.length : turns;
	return [
		...named(FIRST),
		...rest.slice(0, at),
		...named(BEFORE_TURNS),
		...rest.slice(at),
		...named(LAST),
	];
}

export const startFields: INodeProperties[] = [
	...beforeVersion(1.3, [...inFormOrder([...identityFields, ...agentConfigFields]), optionsField]),
	...fromVersion(
		1.3,
		groupedAgentConfigFields(identityFields, [
			...(optionsField.options as INodeProperties[]),
			requestOptionsField,
		]),
	),
];
