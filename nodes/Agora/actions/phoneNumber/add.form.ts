/** The Add form: the number, its provider and label, and its inbound and outbound SIP settings. */
import type { INodeProperties } from 'n8n-workflow';

import { PHONE_NUMBER_PROVIDERS } from '../../schemas/phoneNumber';
import { additionalBodyOptions } from '../../form/additionalBody';
import { guideLink } from '../../../shared/agoraGuides';

const PROVIDER_NAMES: Record<
	(typeof PHONE_NUMBER_PROVIDERS)[number],
	{ name: string; description: string }
> = {
	byo: {
		name: 'Bring Your Own (SIP Trunk)',
		description: 'A number of your own carrier or SIP trunk (byo)',
	},
	twilio: { name: 'Twilio', description: 'A number bought from Twilio (twilio)' },
};

export const addForm: INodeProperties[] = [
	{
		displayName: 'Phone Number',
		name: 'phoneNumber',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. +14155550100',
		description:
			'The number to import, in E.164 format: "+", country code and number (spaces, dashes, dots and brackets are dropped). It must already be yours at your provider.',
	},
	{
		displayName: 'Provider',
		name: 'provider',
		type: 'options',
		options: PHONE_NUMBER_PROVIDERS.map((value) => ({ value, ...PROVIDER_NAMES[value] })),
		default: 'byo',
		description:
			'Where the number comes from. Other providers Agora adds later can be given by expression.',
	},
	{
		displayName: 'Label',
		name: 'label',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Sales hotline',
		description: 'A name that tells the number apart in lists',
	},
	{
		displayName: 'Inbound Calls',
		name: 'inbound',
		type: 'boolean',
		default: true,
		description:
			'Whether the number takes inbound calls (answered by the pipeline linked to it with Update)',
	},
	{
		displayName: 'Outbound Calls',
		name: 'outbound',
		type: 'boolean',
		default: true,
		description: 'Whether Phone Call › Call may use the number as its From Number',
	},
	{
		displayName: 'Inbound SIP Settings',
		name: 'inboundSettings',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		description: 'How calls to this number reach Agora from your SIP trunk (inbound_config)',
		hint: `Set up the trunk at your SIP provider first: ${guideLink('sipTrunk', 'Agora’s SIP trunk guide')}`,
		options: [
			{
				displayName: 'Allowed Addresses',
				name: 'allowedAddresses',
				type: 'string',
				default: '',
				placeholder: 'e.g. 112.126.15.64/27, 203.0.113.10',
				description:
					'IP addresses or CIDR ranges of your SIP trunk that may send calls (allowed_addresses), comma-separated',
			},
		],
	},
	{
		displayName: 'Outbound SIP Settings',
		name: 'outboundSettings',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		description: 'Where Agora sends outbound calls from this number (outbound_config)',
		options: [
			{
				displayName: 'SIP Address',
				name: 'address',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				placeholder: 'e.g. user:password@sip.example.com',
				description:
					'Your SIP trunk’s termination address, with its credentials if it needs them (address). The password part never appears in outputs or errors.',
			},
			{
				displayName: 'Transport',
				name: 'transport',
				type: 'options',
				options: [
					{ name: 'TLS', value: 'tls' },
					{ name: 'TCP', value: 'tcp' },
					{ name: 'UDP', value: 'udp' },
				],
				default: 'tls',
				description: 'Transport protocol to the SIP trunk (transport)',
			},
			{
				displayName: 'Number Prefix',
				name: 'prefix',
				type: 'string',
				default: '',
				placeholder: 'e.g. 6036',
				description: 'Digits your trunk wants before the dialled number (prefix)',
			},
		],
	},
	additionalBodyOptions('the request built from this form'),
];
