import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

/**
 * The key the Agora Agent LLM Trigger expects: Agora's engine sends the agent's `llm.api_key` as
 * `Authorization: Bearer <key>` on every LLM request.
 */
export class AgoraAgentLlmApi implements ICredentialType {
	name = 'agoraAgentLlmApi';

	displayName = 'Agora Agent LLM API';

	icon: Icon = { light: 'file:../icons/agora.svg', dark: 'file:../icons/agora.dark.svg' };

	documentationUrl =
		'https://github.com/n8n-nodes-agora/n8n-nodes-agora#n8n-inside-the-conversation';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'A long random key. Give the same key as the LLM API Key of Agent › Start; requests without it are refused with 401.',
		},
	];
}
