/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not part of the published package: test or dev code run by plain Node */
/** The canary secrets and the table of Agora operations the secrets suite runs with them. */
import { randomUUID } from 'crypto';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../../sandbox/src';
import { waitFor } from '../../../sandbox/src/helpers';
import type { CredentialData } from '../../lib/harness';
import { seedAgent, seedPlayer } from './common';

export const C = {
	customerSecret: 'CNRYcustomerSecret01',
	appCertificate: 'ca7a2c0de5ec4e7dead0beef0badf00d',
	notificationSecret: 'CNRYnotifySecret03',
	llmApiKey: 'CNRYllmApiKey04',
	mllmApiKey: 'CNRYmllmApiKey05',
	ttsParamsKey: 'CNRYttsParamsKey06',
	asrParamsKey: 'CNRYasrParamsKey07',
	llmHeaderValue: 'CNRYllmHeaderValue08',
	mcpHeaderValue: 'CNRYmcpHeaderValue09',
	agentToken: 'CNRYagentChannelToken10',
	agentEncryptionKey: 'CNRYagentEncryptionKey11',
	agentEncryptionSalt: Buffer.from('CNRYagentEncryptionSalt12'.padEnd(32, '#')).toString('base64'),
	updateToken: 'CNRYupdateToken13',
	llmParamsKey: 'CNRYllmParamsApiKey14',
	mllmParamsKey: 'CNRYmllmParamsKey15',
	playerToken: 'CNRYplayerToken16',
	playerEncryptKey: 'CNRYplayerEncryptKey17',
	playerKdfSalt: 'CNRYplayerKdfSalt18',
	avatarParamsKey: 'CNRYavatarParamsKey19',
	// The Agora Vendor Keys credential's fields.
	vkLlmApiKey: 'CNRYvkLlmApiKey20',
	vkLlmHeaderValue: 'CNRYvkLlmHeaderValue21',
	vkMcpHeaderValue: 'CNRYvkMcpHeaderValue22',
	vkMllmApiKey: 'CNRYvkMllmApiKey23',
	vkTtsParamsKey: 'CNRYvkTtsParamsKey24',
	vkTtsHeaderValue: 'CNRYvkTtsHeaderValue25',
	vkAsrParamsKey: 'CNRYvkAsrParamsKey26',
	vkAvatarParamsKey: 'CNRYvkAvatarParamsKey27',
	vkEncryptionKey: 'CNRYvkEncryptionKey28',
	vkEncryptionSalt: Buffer.from('CNRYvkEncryptionSalt29'.padEnd(32, '#')).toString('base64'),
} as const;

/** The Agora Vendor Keys credential, every field a canary. */
export const VENDOR_KEYS: CredentialData = {
	llmApiKey: C.vkLlmApiKey,
	llmSecretHeaders: JSON.stringify({ 'X-Vendor-Key': C.vkLlmHeaderValue }),
	mcpSecretHeaders: JSON.stringify({ tools1: { Authorization: `Bearer ${C.vkMcpHeaderValue}` } }),
	mllmApiKey: C.vkMllmApiKey,
	ttsSecretParams: JSON.stringify({ key: C.vkTtsParamsKey }),
	ttsSecretHeaders: JSON.stringify({ Authorization: `Bearer ${C.vkTtsHeaderValue}` }),
	asrSecretParams: JSON.stringify({ api_key: C.vkAsrParamsKey }),
	avatarSecretParams: JSON.stringify({ api_key: C.vkAvatarParamsKey }),
	encryptionSecretKey: C.vkEncryptionKey,
	encryptionSaltSecret: C.vkEncryptionSalt,
};

const FULL_START: INodeParameters = {
	resource: 'agent',
	operation: 'start',
	channel: 'room1',
	remoteRtcUid: '2002',
	agentRtcUid: '1001',
	token: C.agentToken,
	llmUrl: 'https://llm.example.com/v1/chat/completions',
	llmApiKey: C.llmApiKey,
	llmParams: JSON.stringify({ model: 'gpt-4o-mini', api_key: C.llmParamsKey }),
	llmOptions: {
		headers: { entries: [{ name: 'X-Tenant-Key', value: C.llmHeaderValue }] },
		mcpServers: {
			servers: [
				{
					name: 'tools1',
					endpoint: 'https://mcp.example.com/mcp',
					headers: JSON.stringify({ Authorization: `Bearer ${C.mcpHeaderValue}` }),
				},
			],
		},
	},
	asr: {
		language: 'en-US',
		vendor: 'deepgram',
		params: JSON.stringify({ api_key: C.asrParamsKey }),
	},
	ttsVendor: 'elevenlabs',
	ttsParams: JSON.stringify({ key: C.ttsParamsKey, voice_id: 'v1' }),
	encryptionMode: '8',
	encryptionKey: C.agentEncryptionKey,
	encryptionSalt: C.agentEncryptionSalt,
	enableAvatar: true,
	avatarVendor: 'akool',
	avatarParams: JSON.stringify({ api_key: C.avatarParamsKey }),
	advancedFeatures: { enableTools: true },
	labels: { entries: [{ name: 'ticket', value: 'T-1' }] },
};

const MLLM_START: INodeParameters = {
	resource: 'agent',
	operation: 'start',
	channel: 'room1',
	remoteRtcUid: '2002',
	agentRtcUid: '1001',
	mode: 'mllm',
	mllmVendor: 'openai',
	mllmUrl: 'wss://realtime.example.com/v1',
	mllmApiKey: C.mllmApiKey,
	mllmParams: JSON.stringify({ model: 'gpt-4o-realtime', api_key: C.mllmParamsKey }),
};

const PLAYER_CREATE: INodeParameters = {
	resource: 'cloudPlayer',
	operation: 'create',
	region: 'na',
	streamUrl: 'rtmp://media.example.com/live/secret-suite',
	channelName: 'room1',
	identityType: 'uid',
	uid: 555,
	additionalFields: { token: C.playerToken },
	encryption: true,
	encryptMode: 'aes-128-gcm2',
	encryptKey: C.playerEncryptKey,
	encryptKdfSalt: C.playerKdfSalt,
};

const UPDATE_FIELDS = {
	token: C.updateToken,
	llmParams: JSON.stringify({ model: 'gpt-4o', api_key: C.llmParamsKey }),
	mllmParams: JSON.stringify({ api_key: C.mllmParamsKey }),
};

export type Backend = 'sandbox' | 'echo';
export interface Scenario {
	label: string;
	params: (ctx: IDataObject) => INodeParameters;
	backend?: Backend;
	/** Prepares the sandbox; returns values the parameters use (agent id, player id). */
	setup?: (sb: Sandbox) => Promise<IDataObject>;
	/** Expected outcome, to be sure the scenario exercises what it says. */
	expect: 'success' | 'error';
	/** The Agora Vendor Keys credential the node reads (Vendor Keys: From Credential). */
	vendorKeys?: CredentialData;
}

const unknownAgent = '0123456789ABCDEF0123456789ABCDEF';
const unknownPlayer = '00000000-0000-4000-8000-000000000000';
const withAgent = async (sb: Sandbox) => {
	const agentId = await seedAgent(sb, { channel: 'room1' });
	// Agora keeps an agent's history only while it runs: wait until the sandbox has started it.
	await waitFor(() => sb.agents().find((agent) => agent.agentId === agentId)?.status === 'RUNNING');
	return { agentId };
};
const withPlayer = async (sb: Sandbox) => ({
	playerId: await seedPlayer(sb, { channelName: 'room1', uid: 999 }),
});

const agentOps: Array<[string, INodeParameters]> = [
	['stop', {}],
	['update', { updateFields: UPDATE_FIELDS }],
	['speak', { text: 'Hello there' }],
	['interrupt', {}],
	['get', {}],
	['getHistory', {}],
];

/** Start forms whose key fields are all empty: every key comes from the Vendor Keys credential. */
function vendorKeyScenarios(): Scenario[] {
	const keyless: INodeParameters = {
		...FULL_START,
		vendorKeys: 'credential',
		llmApiKey: '',
		llmOptions: { mcpServers: (FULL_START.llmOptions as INodeParameters).mcpServers },
		asr: { language: 'en-US', vendor: 'deepgram', params: JSON.stringify({ model: 'nova-3' }) },
		ttsVendor: 'generic_http',
		ttsUrl: 'https://tts.example.com/v1/audio/speech',
		ttsParams: JSON.stringify({ key: '', voice: 'alloy' }),
		encryptionKey: '',
		encryptionSalt: '',
		avatarParams: JSON.stringify({ avatar_id: 'a1' }),
	};
	const keylessMllm: INodeParameters = { ...MLLM_START, vendorKeys: 'credential', mllmApiKey: '' };
	return [
		{
			label: 'agent.start keys from credential',
			vendorKeys: VENDOR_KEYS,
			params: () => ({ ...keyless, name: `vk-${randomUUID()}` }),
			expect: 'success',
		},
		{
			label: 'agent.start MLLM key from credential',
			vendorKeys: VENDOR_KEYS,
			params: () => ({ ...keylessMllm, name: `vm-${randomUUID()}` }),
			expect: 'success',
		},
		{
			label: 'agent.start keys from credential, echo server',
			backend: 'echo',
			vendorKeys: VENDOR_KEYS,
			params: () => ({ ...keyless, name: 'echo' }),
			expect: 'error',
		},
		{
			label: 'agent.start MLLM key from credential, echo server',
			backend: 'echo',
			vendorKeys: VENDOR_KEYS,
			params: () => ({ ...keylessMllm, name: 'echo' }),
			expect: 'error',
		},
		{
			label: 'agent.start keys from credential, 409 name in use',
			vendorKeys: VENDOR_KEYS,
			setup: async (sb) => {
				await seedAgent(sb, { name: 'taken-by-vk', channel: 'room1' });
				return {};
			},
			params: () => ({ ...keyless, name: 'taken-by-vk' }),
			expect: 'error',
		},
		{
			label: 'agent.start keys from credential, invalid form',
			vendorKeys: VENDOR_KEYS,
			params: () => ({ ...keyless, name: `vi-${randomUUID()}`, llmOptions: { maxHistory: 1.5 } }),
			expect: 'error',
		},
		{
			label: 'agent.start keys from a malformed credential',
			vendorKeys: { ...VENDOR_KEYS, asrSecretParams: `{"api_key": "${C.vkAsrParamsKey}"` },
			params: () => ({ ...keyless, name: `vb-${randomUUID()}` }),
			expect: 'error',
		},
	];
}

export const SCENARIOS: Scenario[] = [
	// Agent start
	{
		label: 'agent.start success (every secret field)',
		params: () => ({ ...FULL_START, name: `s-${randomUUID()}` }),
		expect: 'success',
	},
	{
		label: 'agent.start success, token generated',
		params: () => ({ ...FULL_START, token: '', name: `s-${randomUUID()}` }),
		expect: 'success',
	},
	{
		label: 'agent.start MLLM success',
		params: () => ({ ...MLLM_START, name: `m-${randomUUID()}` }),
		expect: 'success',
	},
	{
		label: 'agent.start 409 name in use',
		setup: async (sb) => {
			await seedAgent(sb, { name: 'taken-name', channel: 'room1' });
			return {};
		},
		params: () => ({ ...FULL_START, name: 'taken-name' }),
		expect: 'error',
	},
	{
		label: 'agent.start 500 every time',
		setup: async (sb) => {
			sb.injectFault({ method: 'POST', pathIncludes: '/join', kind: '500', count: 20 });
			return {};
		},
		params: () => ({ ...FULL_START, name: `f-${randomUUID()}` }),
		expect: 'error',
	},
	{
		label: 'agent.start dropped every time',
		setup: async (sb) => {
			sb.injectFault({ method: 'POST', pathIncludes: '/join', kind: 'drop', count: 20 });
			return {};
		},
		params: () => ({ ...MLLM_START, name: `d-${randomUUID()}` }),
		expect: 'error',
	},
	{
		label: 'agent.start invalid (max history 1.5)',
		params: () => ({
			...FULL_START,
			name: `v-${randomUUID()}`,
			llmOptions: { ...(FULL_START.llmOptions as IDataObject), maxHistory: 1.5 },
		}),
		expect: 'error',
	},
	{
		label: 'agent.start invalid (bad additional body JSON)',
		params: () => ({
			...FULL_START,
			name: `j-${randomUUID()}`,
			options: { additionalBody: `{"properties": {"token": "${C.agentToken}"` },
		}),
		expect: 'error',
	},
	{
		label: 'agent.start echo server',
		backend: 'echo',
		params: () => ({ ...FULL_START, name: 'echo' }),
		expect: 'error',
	},
	{
		label: 'agent.start MLLM echo server',
		backend: 'echo',
		params: () => ({ ...MLLM_START, name: 'echo' }),
		expect: 'error',
	},
	// Agent start with every key from the Agora Vendor Keys credential
	...vendorKeyScenarios(),
	// Agent operations on a running agent, an unknown one, and the echo server
	...agentOps.flatMap(([operation, extra]): Scenario[] => [
		{
			label: `agent.${operation} success`,
			setup: withAgent,
			params: (ctx) => ({ resource: 'agent', operation, agentId: ctx.agentId as string, ...extra }),
			expect: 'success',
		},
		{
			label: `agent.${operation} unknown agent (404)`,
			params: () => ({ resource: 'agent', operation, agentId: unknownAgent, ...extra }),
			expect: 'error',
		},
		{
			label: `agent.${operation} echo server`,
			backend: 'echo',
			params: () => ({ resource: 'agent', operation, agentId: unknownAgent, ...extra }),
			expect: 'error',
		},
	]),
	{
		label: 'agent.update 500 every time',
		setup: async (sb) => {
			const ctx = await withAgent(sb);
			sb.injectFault({ method: 'POST', pathIncludes: '/update', kind: '500', count: 20 });
			return ctx;
		},
		params: (ctx) => ({
			resource: 'agent',
			operation: 'update',
			agentId: ctx.agentId as string,
			updateFields: UPDATE_FIELDS,
		}),
		expect: 'error',
	},
	{
		label: 'agent.update invalid (bad LLM params JSON)',
		params: () => ({
			resource: 'agent',
			operation: 'update',
			agentId: unknownAgent,
			updateFields: { ...UPDATE_FIELDS, llmParams: `{"api_key": "${C.llmParamsKey}"` },
		}),
		expect: 'error',
	},
	{
		label: 'agent.getMany success',
		setup: withAgent,
		params: () => ({ resource: 'agent', operation: 'getAll', returnAll: true }),
		expect: 'success',
	},
	{
		label: 'agent.getMany 503 every time',
		setup: async (sb) => {
			sb.injectFault({
				method: 'GET',
				pathIncludes: '/agents',
				kind: '503',
				count: 20,
				retryAfterSeconds: 0,
			});
			return {};
		},
		params: () => ({ resource: 'agent', operation: 'getAll', returnAll: true }),
		expect: 'error',
	},
	{
		label: 'agent.getMany echo server',
		backend: 'echo',
		params: () => ({ resource: 'agent', operation: 'getAll', returnAll: true }),
		expect: 'error',
	},
	// Cloud players
	{
		label: 'cloudPlayer.create success (token, key, salt)',
		params: () => ({ ...PLAYER_CREATE, uid: 1000 + Math.floor(Math.random() * 1e6) }),
		expect: 'success',
	},
	{
		label: 'cloudPlayer.create success, token generated',
		params: () => ({ ...PLAYER_CREATE, additionalFields: { name: `g${Date.now()}` }, uid: 4242 }),
		expect: 'success',
	},
	{
		label: 'cloudPlayer.create 409 name in use',
		setup: async (sb) => {
			await seedPlayer(sb, { name: 'taken', channelName: 'room1', uid: 1 });
			return {};
		},
		params: () => ({ ...PLAYER_CREATE, additionalFields: { token: C.playerToken, name: 'taken' } }),
		expect: 'error',
	},
	{
		label: 'cloudPlayer.create 500',
		setup: async (sb) => {
			sb.injectFault({ method: 'POST', pathIncludes: '/players', kind: '500' });
			return {};
		},
		params: () => PLAYER_CREATE,
		expect: 'error',
	},
	{
		label: 'cloudPlayer.create lost answer, unknown state',
		setup: async (sb) => {
			sb.injectFault({ method: 'POST', pathIncludes: '/players', kind: 'drop' });
			return {};
		},
		params: () => ({ ...PLAYER_CREATE, uid: 31337 }),
		expect: 'error',
	},
	{
		label: 'cloudPlayer.create invalid (audio profile 9)',
		params: () => ({
			...PLAYER_CREATE,
			additionalFields: { token: C.playerToken },
			audioOptions: { profile: 9 },
		}),
		expect: 'error',
	},
	{
		label: 'cloudPlayer.create echo server',
		backend: 'echo',
		params: () => PLAYER_CREATE,
		expect: 'error',
	},
	...(
		[
			['delete', {}],
			['get', { channelName: 'room1' }],
			[
				'update',
				{ updateFields: { streamUrl: 'rtmp://media.example.com/live/other', volume: 120 } },
			],
		] as Array<[string, INodeParameters]>
	).flatMap(([operation, extra]): Scenario[] => [
		{
			label: `cloudPlayer.${operation} success`,
			setup: withPlayer,
			params: (ctx) => ({
				resource: 'cloudPlayer',
				operation,
				playerId: ctx.playerId as string,
				region: 'na',
				...extra,
			}),
			expect: 'success',
		},
		{
			label: `cloudPlayer.${operation} unknown player`,
			params: () => ({
				resource: 'cloudPlayer',
				operation,
				playerId: unknownPlayer,
				region: 'na',
				...extra,
			}),
			expect: 'error',
		},
		{
			label: `cloudPlayer.${operation} echo server`,
			backend: 'echo',
			params: () => ({
				resource: 'cloudPlayer',
				operation,
				playerId: unknownPlayer,
				region: 'na',
				...extra,
			}),
			expect: 'error',
		},
	]),
	{
		label: 'cloudPlayer.getMany success',
		setup: withPlayer,
		params: () => ({ resource: 'cloudPlayer', operation: 'getMany', returnAll: true }),
		expect: 'success',
	},
	{
		label: 'cloudPlayer.getMany 500 every time',
		setup: async (sb) => {
			sb.injectFault({ method: 'GET', pathIncludes: '/players', kind: '500', count: 20 });
			return {};
		},
		params: () => ({ resource: 'cloudPlayer', operation: 'getMany', returnAll: true }),
		expect: 'error',
	},
	{
		label: 'cloudPlayer.getMany echo server',
		backend: 'echo',
		params: () => ({ resource: 'cloudPlayer', operation: 'getMany', returnAll: true }),
		expect: 'error',
	},
	// Token: the output is a token by design; the App Certificate must not appear.
	{
		label: 'token.generate success',
		params: () => ({
			resource: 'token',
			operation: 'generate',
			channelName: 'room1',
			uid: 7,
			tokenType: 'rtcRtm',
		}),
		expect: 'success',
	},
	{
		label: 'token.generate invalid (channel too long)',
		params: () => ({
			resource: 'token',
			operation: 'generate',
			channelName: 'x'.repeat(65),
			uid: 7,
		}),
		expect: 'error',
	},
];
