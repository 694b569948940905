/**
 * The Call form: whom to call from which number, where the call and the agent meet (the Start
 * form's identity group, worded for a call), and the agent's configuration, the very field
 * groups of Agent › Start (agentConfig/).
 */
import type { INodeProperties } from 'n8n-workflow';

import { additionalBodyOptions } from '../../form/additionalBody';
import { builds } from '../../form/labels';
import {
	agentConfigFields,
	groupedAgentConfigFields,
	identityFields,
	uniquePerItem,
} from '../../agentConfig';
import { requestOptionsField } from '../../form/requestOptions';
import { beforeVersion, successiveLayouts } from '../../form/versions';
import { conversationFirstFields, GROUPS_KEPT_IN_14 } from '../../agentConfig/layout14';
import { guideLink } from '../../../shared/agoraGuides';
import { waitFields } from './callWait';

const numberFields: INodeProperties[] = [
	{
		displayName: 'To Number',
		name: 'toNumber',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. +14155550123',
		description:
			'The number to call (sip.to_number), in E.164 format: "+", country code and number. Spaces, dashes, dots and brackets are dropped.',
	},
	{
		displayName: 'From Number',
		name: 'fromNumber',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. +14155550100',
		description:
			'The caller ID the callee sees (sip.from_number), in E.164 format: one of your numbers that your SIP trunk or provider lets you call from, usually one imported under Phone Number with outbound calls on',
		hint: `Calls go out through your SIP trunk: ${guideLink('sipTrunk', 'Agora’s SIP trunk guide')}`,
	},
];

/** How the Start form's identity fields read for a call. */
const CALL_WORDING: Record<string, Partial<INodeProperties>> = {
	name: {
		displayName: 'Call Name',
		default: uniquePerItem('call'),
		description:
			'Name of the call session, also the name of the agent it starts; a name in use by a running agent is refused (409)',
		hint: 'The default is unique per execution, node, run of the node (a loop runs it again) and item, and the same when n8n runs the execution again after a worker crash',
	},
	channel: {
		default: uniquePerItem('call'),
		description: 'Channel where the phone line (through Agora’s SIP gateway) and the agent meet',
		hint: 'The default is new per execution, node, run and item, and the same when n8n runs the execution again after a worker crash, so the repeat finds the call instead of dialing again',
	},
	remoteRtcUid: {
		displayName: 'SIP UID',
		default: '100',
		description:
			'UID the SIP gateway joins the channel with (sip.rtc_uid); the agent listens and answers to it. It must differ from the agent UID. Digits only unless String UIDs is on.',
	},
	token: {
		displayName: 'Agent Token',
		description:
			'Token the agent joins the channel with. Empty: a 24-hour token from the credential’s App Certificate, or an empty token for projects without one.',
	},
};

const sipTokenField: INodeProperties = builds('sip.rtc_token', {
	displayName: 'SIP Token',
	name: 'sipRtcToken',
	type: 'string',
	typeOptions: { password: true },
	default: '',
	description:
		'Token the SIP gateway joins the channel with (sip.rtc_token). Empty: a 24-hour token for the SIP UID from the credential’s App Certificate, or an empty token for projects without one.',
});

/** The identity group of Start, reworded, with the SIP token after the agent's token. */
const callIdentityFields: INodeProperties[] = identityFields.flatMap((field) => {
	const worded = { ...field, ...CALL_WORDING[field.name] } as INodeProperties;
	return field.name === 'token' ? [worded, sipTokenField] : [worded];
});

const callOptions = additionalBodyOptions(
	'the request built from this form ({name, sip, pipeline_id, properties})',
);

/** Call's own options, in the Advanced group from 1.3. */
const callAdvanced = [...(callOptions.options as INodeProperties[]), requestOptionsField];

export const callForm: INodeProperties[] = [
	...beforeVersion(1.3, [
		...numberFields,
		...waitFields,
		...callIdentityFields,
		...agentConfigFields,
		callOptions,
	]),
	...successiveLayouts(
		{
			version: 1.3,
			fields: [
				...numberFields,
				...groupedAgentConfigFields(callIdentityFields, [...waitFields, ...callAdvanced]),
			],
		},
		// Wait for the Call to End at the top: the call-as-a-tool's outcome depends on it.
		{
			version: 1.4,
			fields: [
				...numberFields,
				...conversationFirstFields(callIdentityFields, callAdvanced, waitFields),
			],
		},
		GROUPS_KEPT_IN_14,
	),
];
