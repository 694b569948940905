/**
 * The Start form: the agent's identity in the channel, its configuration (config/, by section:
 * shared with any operation that starts an agent) and Start's own options.
 */
import type { INodeProperties } from 'n8n-workflow';

import { agentConfigFields, identityFields } from '../common/agentConfig';

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
				'Deep-merged over the request built from this form, for any field of Agora’s reference the form lacks (e.g. the deprecated turn_detection form, vendor-specific blocks). The result is checked like the rest.',
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
					description: 'Output the live agent of that name in this channel instead (starting or running)',
				},
			],
			default: 'fail',
		},
	],
};

export const startFields: INodeProperties[] = [...identityFields, ...agentConfigFields, optionsField];
