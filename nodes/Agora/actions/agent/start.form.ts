/**
 * The Start form: the agent's identity in the channel, its configuration (agentConfig/, by section:
 * shared with any operation that starts an agent) and Start's own options.
 */
import type { INodeProperties } from 'n8n-workflow';

import { flatAgentConfigFields, groupedAgentConfigFields, identityFields } from '../../agentConfig';
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

export const startForm: INodeProperties[] = [
	...beforeVersion(1.3, [...flatAgentConfigFields(identityFields), optionsField]),
	...fromVersion(
		1.3,
		groupedAgentConfigFields(identityFields, [
			...(optionsField.options as INodeProperties[]),
			requestOptionsField,
		]),
	),
];
