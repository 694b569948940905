import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

/**
 * Keys an Agora agent sends to its vendors (LLM, TTS, ASR, realtime model, avatar), kept where n8n
 * keeps every credential: encrypted at rest, out of the workflow JSON and out of the copies n8n
 * makes of a failed node's parameters. The Agora node fills a key its form leaves empty from here.
 */
export class AgoraVendorKeysApi implements ICredentialType {
	name = 'agoraVendorKeysApi';

	displayName = 'Agora Vendor Keys API';

	icon: Icon = { light: 'file:../icons/agora.svg', dark: 'file:../icons/agora.dark.svg' };

	documentationUrl =
		'https://github.com/n8n-nodes-agora/n8n-nodes-agora#credential-agora-vendor-keys';

	properties: INodeProperties[] = [
		{
			displayName:
				'The Agora node uses these values when its Vendor Keys option is “From Credential”: a value typed into the node wins; an empty one (or a member left out of a JSON field) is filled from here.',
			name: 'notice',
			type: 'notice',
			default: '',
		},
		{
			displayName: 'LLM URL',
			name: 'llmUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://api.openai.com/v1/chat/completions',
			description:
				'Chat-completion endpoint (properties.llm.url) used when the node’s LLM URL is empty: your LLM provider’s URL (see its API docs) or your own service’s',
		},
		{
			displayName: 'LLM Vendor',
			name: 'llmVendor',
			type: 'string',
			default: '',
			placeholder: 'e.g. openai',
			description:
				'Sent as properties.llm.vendor when the node sets none, e.g. openai, azure, custom',
		},
		{
			displayName: 'LLM Request Style',
			name: 'llmStyle',
			type: 'string',
			default: '',
			placeholder: 'e.g. openai',
			description:
				'Sent as properties.llm.style when the node sets none: openai (default), anthropic, gemini or dify',
		},
		{
			displayName: 'TTS Vendor',
			name: 'ttsVendor',
			type: 'string',
			default: '',
			placeholder: 'e.g. microsoft',
			description:
				'Sent as properties.tts.vendor when the node’s request has none, e.g. microsoft, elevenlabs, openai',
		},
		{
			displayName: 'LLM API Key',
			name: 'llmApiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'Sent as the LLM’s api_key (properties.llm.api_key)',
		},
		{
			displayName: 'LLM Header Values (JSON)',
			name: 'llmSecretHeaders',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			placeholder: 'e.g. {"X-Tenant-Key": "…"}',
			description:
				'Headers sent to the LLM (properties.llm.headers), as a JSON object of names and values',
		},
		{
			displayName: 'MCP Server Bearer Token',
			name: 'mcpBearerToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'Sent as "Authorization: Bearer …" to every MCP server whose headers leave Authorization empty, e.g. the token of n8n’s MCP Server Trigger',
		},
		{
			displayName: 'MCP Server Header Values (JSON)',
			name: 'mcpSecretHeaders',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			placeholder: 'e.g. {"weather": {"Authorization": "Bearer …"}}',
			description:
				'Headers per MCP server, by the server’s name (properties.llm.mcp_servers[].headers)',
		},
		{
			displayName: 'Tool Header Values (JSON)',
			name: 'toolSecretHeaders',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			placeholder: 'e.g. {"lookup_order": {"X-Webhook-Secret": "…"}}',
			description:
				'Headers per HTTP tool, by the tool’s name (properties.llm.tools[].server.headers), e.g. the Header Auth secret of an n8n Webhook',
		},
		{
			displayName: 'Filler Words LLM API Key',
			name: 'fillerLlmApiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'Sent as the API key of the LLM that generates filler words (properties.filler_words.content.generated_config.llm_provider.api_key)',
		},
		{
			displayName: 'MLLM API Key',
			name: 'mllmApiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'Sent as the realtime model’s api_key (properties.mllm.api_key)',
		},
		{
			displayName: 'Vertex AI ADC Credentials',
			name: 'mllmAdcSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'Base64 Google Application Default Credentials, sent as properties.mllm.adc_credentials_string when the realtime model is on Vertex AI',
		},
		{
			displayName: 'TTS Params Secrets (JSON)',
			name: 'ttsSecretParams',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			placeholder: 'e.g. {"key": "…"}',
			description:
				'Members merged into the TTS params (properties.tts.params), named as the TTS vendor names them: key, api_key, access_key and secret_key, …',
		},
		{
			displayName: 'TTS Header Values (JSON)',
			name: 'ttsSecretHeaders',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			placeholder: 'e.g. {"Authorization": "Bearer …"}',
			description: 'Headers of the Generic HTTP TTS vendor (properties.tts.headers)',
		},
		{
			displayName: 'ASR Params Secrets (JSON)',
			name: 'asrSecretParams',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			placeholder: 'e.g. {"api_key": "…"}',
			description: 'Members merged into the speech recognition params (properties.asr.params)',
		},
		{
			displayName: 'Avatar Params Secrets (JSON)',
			name: 'avatarSecretParams',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			placeholder: 'e.g. {"api_key": "…"}',
			description: 'Members merged into the avatar params (properties.avatar.params)',
		},
		{
			displayName: 'Media Encryption Key',
			name: 'encryptionSecretKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'Key of the built-in media encryption (properties.rtc.encryption_key), used when the node chooses an encryption mode',
		},
		{
			displayName: 'Media Encryption Salt',
			name: 'encryptionSaltSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'Base64 salt of the GCM2 encryption modes (properties.rtc.encryption_salt)',
		},
	];
}
