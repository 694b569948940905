import type { IAuthenticate, Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

import {
	authMethodOf,
	basicOnlyReason,
	hasBasicKeys,
	restAuthorization,
} from '../nodes/shared/token/restToken';
import { guideLink } from '../nodes/shared/agoraGuides';

/** Hosts from Agora's public REST reference; `custom` covers proxies and the local sandbox. */
const AGORA_HOSTS: Array<{ name: string; value: string }> = [
	{ name: 'Global (api.agora.io)', value: 'https://api.agora.io' },
	{ name: 'US West (api-us-west-1.agora.io)', value: 'https://api-us-west-1.agora.io' },
	{ name: 'US East (api-us-east-1.agora.io)', value: 'https://api-us-east-1.agora.io' },
	{ name: 'EU West (api-eu-west-1.agora.io)', value: 'https://api-eu-west-1.agora.io' },
	{ name: 'EU Central (api-eu-central-1.agora.io)', value: 'https://api-eu-central-1.agora.io' },
	{
		name: 'Asia Pacific Southeast (api-ap-southeast-1.agora.io)',
		value: 'https://api-ap-southeast-1.agora.io',
	},
	{
		name: 'Asia Pacific Northeast (api-ap-northeast-1.agora.io)',
		value: 'https://api-ap-northeast-1.agora.io',
	},
	{ name: 'Global, Alternate Domain (api.sd-rtn.com)', value: 'https://api.sd-rtn.com' },
	{ name: 'China East (api-cn-east-1.sd-rtn.com)', value: 'https://api-cn-east-1.sd-rtn.com' },
	{ name: 'China North (api-cn-north-1.sd-rtn.com)', value: 'https://api-cn-north-1.sd-rtn.com' },
	{ name: 'Custom Base URL', value: 'custom' },
];

export class AgoraApi implements ICredentialType {
	name = 'agoraApi';

	displayName = 'Agora API';

	icon: Icon = { light: 'file:../icons/agora.svg', dark: 'file:../icons/agora.dark.svg' };

	documentationUrl = 'https://docs.agora.io/en/conversational-ai/rest-api/restful-authentication';

	properties: INodeProperties[] = [
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'options',
			options: [
				{
					name: 'Basic (Customer ID and Secret)',
					value: 'basic',
					description: 'Works with every Agora REST API the nodes use',
				},
				{
					name: 'Token (App Certificate)',
					value: 'token',
					description:
						'A token signed with the App Certificate per request. Telephony, phone numbers and cloud players require Basic: add the Customer ID and Secret for them.',
				},
			],
			default: 'basic',
			description:
				'How the nodes sign in to Agora’s REST APIs. Token authentication needs no Customer Secret, but only the Conversational AI API accepts it.',
		},
		{
			displayName: 'Customer ID',
			name: 'customerId',
			type: 'string',
			default: '',
			required: true,
			displayOptions: { show: { authentication: ['basic'] } },
			description: 'Customer ID from Agora Console > Developer Toolkit > RESTful API',
		},
		{
			displayName: 'Customer Secret',
			name: 'customerSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			displayOptions: { show: { authentication: ['basic'] } },
			description:
				'Customer Secret that belongs to the Customer ID, sent as HTTP Basic authentication',
		},
		{
			displayName: 'Customer ID',
			name: 'customerId',
			type: 'string',
			default: '',
			displayOptions: { show: { authentication: ['token'] } },
			description:
				'Optional with Token: telephony, phone numbers and cloud players require Basic, and are signed with these when set',
		},
		{
			displayName: 'Customer Secret',
			name: 'customerSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			displayOptions: { show: { authentication: ['token'] } },
			description:
				'Customer Secret that belongs to the Customer ID, for the endpoints that require Basic',
		},
		{
			displayName: 'App ID',
			name: 'appId',
			type: 'string',
			default: '',
			required: true,
			description: 'App ID of the Agora project; it goes into every request path',
			hint: `From Agora Console > Projects. Enable Conversational AI for the project: ${guideLink('enableConversationalAi', 'Agora’s guide')}`,
		},
		{
			displayName: 'Host',
			name: 'host',
			type: 'options',
			options: AGORA_HOSTS,
			default: 'https://api.agora.io',
			description:
				'Agora REST host. Use a regional host to keep traffic in one region, the alternate domain where agora.io is slow to reach, or a custom base URL for a proxy or the local sandbox.',
		},
		{
			displayName: 'Custom Base URL',
			name: 'customBaseUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. http://127.0.0.1:8787',
			required: true,
			displayOptions: { show: { host: ['custom'] } },
			description:
				'Base URL without a trailing path, for example a corporate proxy or the local sandbox',
		},
		{
			displayName: 'App Certificate',
			name: 'appCertificate',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'Primary App Certificate of the project (32 hexadecimal characters). Required for Token authentication; otherwise optional: it lets the node generate channel tokens for agents and cloud players.',
		},
		{
			displayName: 'Notification Secret',
			name: 'notificationSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'Secret of the message notification service (Agora Console > Notifications); an Agora Trigger verifies the signature of every callback with it',
			hint: 'Only for Agora Trigger nodes saved before version 2: newer ones use the Agora Notifications credential',
		},
	];

	/**
	 * HTTP Basic with Customer ID and Secret, or `agora token=` with a token built for the request. A
	 * function rather than n8n's generic block: the generic block's expressions are evaluated for
	 * every request, which measurably slows bulk runs, and cannot build a token.
	 */
	authenticate: IAuthenticate = async (credentials, requestOptions) => {
		// Telephony, phone numbers and cloud players take Basic only: a Token credential with the
		// Customer ID and Secret signs them with Basic.
		const basicOnly =
			basicOnlyReason(requestOptions.url) !== undefined && hasBasicKeys(credentials);
		if (authMethodOf(credentials) === 'basic' || basicOnly) {
			return {
				...requestOptions,
				auth: {
					username: String(credentials.customerId ?? ''),
					password: String(credentials.customerSecret ?? ''),
				},
			};
		}
		const authorization = restAuthorization(credentials, {
			url: requestOptions.url,
			body: requestOptions.body,
		});
		return {
			...requestOptions,
			headers: { ...requestOptions.headers, Authorization: authorization },
		};
	};
}
