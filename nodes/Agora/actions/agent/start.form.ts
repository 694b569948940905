/**
 * The Start form: the agent's identity in the channel, its configuration (agentConfig/, by section:
 * shared with any operation that starts an agent) and Start's own options.
 */
import type { INodeProperties } from 'n8n-workflow';

import { flatAgentConfigFields, groupedAgentConfigFields, identityFields } from '../../agentConfig';
import { additionalBodyField } from '../../form/additionalBody';
import { requestOptionsField } from '../../form/requestOptions';
import { beforeVersion, successiveLayouts } from '../../form/versions';
import { conversationFirstFields, GROUPS_KEPT_IN_14 } from '../../agentConfig/layout14';

const optionsField: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		additionalBodyField(
			'the request built from this form (e.g. the deprecated turn_detection form, vendor blocks)',
		),
		{
			displayName: 'If Name Is In Use',
			name: 'ifNameInUse',
			description: 'What to do when an agent of this name already runs in the channel',
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

/** Start's own options, in the Advanced group from 1.3. */
const startAdvanced = [...(optionsField.options as INodeProperties[]), requestOptionsField];

export const startForm: INodeProperties[] = [
	...beforeVersion(1.3, [...flatAgentConfigFields(identityFields), optionsField]),
	...successiveLayouts(
		{ version: 1.3, fields: groupedAgentConfigFields(identityFields, startAdvanced) },
		{ version: 1.4, fields: conversationFirstFields(identityFields, startAdvanced) },
		GROUPS_KEPT_IN_14,
	),
];
