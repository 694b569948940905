import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';
import { guideLink } from '../nodes/shared/agoraGuides';

/**
 * What the Agora Trigger (version 2) needs and nothing more: the secret of Agora's message
 * notification service, or the explicit choice to accept notifications without checking them.
 */
export class AgoraNotificationsApi implements ICredentialType {
	name = 'agoraNotificationsApi';

	displayName = 'Agora Notifications API';

	icon: Icon = { light: 'file:../icons/agora.svg', dark: 'file:../icons/agora.dark.svg' };

	documentationUrl =
		'https://github.com/n8n-nodes-agora/n8n-nodes-agora#credential-agora-notifications';

	properties: INodeProperties[] = [
		{
			displayName: 'Verification',
			name: 'verification',
			type: 'options',
			options: [
				{
					name: 'Verify Signatures (Recommended)',
					value: 'signature',
					description:
						'Only notifications signed with the secret start the workflow; any other is refused with 401',
				},
				{
					name: 'Accept Unverified Notifications',
					value: 'none',
					description:
						'Nothing is checked: anyone who knows the webhook URL can start the workflow',
				},
			],
			default: 'signature',
			description: 'Whether the Agora Trigger checks that each notification comes from Agora',
		},
		{
			displayName: 'Notification Secret',
			name: 'notificationSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			displayOptions: { show: { verification: ['signature'] } },
			description:
				'The secret Agora Console shows for the message notification service (your project > Notifications). Agora signs every notification with it.',
			hint: `Set up in Agora Console: ${guideLink('notifications', 'Agora’s notification guide')}`,
		},
		{
			displayName:
				'Notifications are not verified: anyone who knows the webhook URL can start the workflow with any content. Use this only to try the trigger out.',
			name: 'unverifiedNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { verification: ['none'] } },
		},
	];
}
