/** The canary secrets and the table of Agora operations the secrets suite runs with them. */
import { randomUUID } from 'crypto';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../../sandbox/src';
import { waitFor } from '../../../sandbox/src/helpers';
import type { CredentialData } from '../../lib/harness';
import { seedAgent, seedPlayer } from './common';
import {
	C,
	FULL_START,
	MLLM_START,
	PLAYER_CREATE,
	UPDATE_FIELDS,
	VENDOR_KEYS,
} from './secretScenarioForms';

export { C, VENDOR_KEYS };

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
