/**
 * Vendor keys from the Agora Vendor Keys credential through n8n's engine: empty form keys are filled,
 * typed keys win, a malformed credential stops the item before sending, item data is never changed.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentialTestFunctions,
	IDataObject,
	INodeParameters,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { AgoraVendorKeysApi } from '../../../../credentials/AgoraVendorKeysApi.credentials';
import { Agora } from '../../../../nodes/Agora/Agora.node';
import type { Sandbox } from '../../../../sandbox/src';
import { agoraWorkflow, runWorkflow, type CredentialData } from '../../../lib/harness';
import { useSandbox } from '../../../lib/sandbox';

let sb: Sandbox;
let credential: CredentialData;
const agora = new Agora();

useSandbox({ startDelayMs: 5, stopDelayMs: 5 }, (started) => ({ sb, credential } = started), {
	timing: {},
});

const SALT = Buffer.from('vendor-keys-test-salt'.padEnd(32, '#')).toString('base64');
const VENDOR_KEYS: ICredentialDataDecryptedObject = {
	llmApiKey: 'cred-llm-key',
	llmSecretHeaders: JSON.stringify({ 'X-Tenant-Key': 'cred-llm-header' }),
	mcpSecretHeaders: JSON.stringify({ tools1: { Authorization: 'Bearer cred-mcp' } }),
	mllmApiKey: 'cred-mllm-key',
	ttsSecretParams: JSON.stringify({ key: 'cred-tts-key' }),
	asrSecretParams: JSON.stringify({ api_key: 'cred-asr-key' }),
	avatarSecretParams: JSON.stringify({ api_key: 'cred-avatar-key' }),
	encryptionSecretKey: 'cred-encryption-key',
	encryptionSaltSecret: SALT,
};

const CASCADE: INodeParameters = {
	resource: 'agent',
	operation: 'start',
	vendorKeys: 'credential',
	channel: 'room1',
	remoteRtcUid: '2002',
	agentRtcUid: '1001',
	llmUrl: 'https://llm.example.com/v1/chat/completions',
	llmOptions: {
		headers: { entries: [{ name: 'X-Trace', value: 'form-trace' }] },
		mcpServers: { servers: [{ name: 'tools1', endpoint: 'https://mcp.example.com/mcp' }] },
	},
	asr: { vendor: 'deepgram', params: JSON.stringify({ model: 'nova-3' }) },
	ttsVendor: 'elevenlabs',
	ttsParams: JSON.stringify({ key: '', voice_id: 'v1' }),
	encryptionMode: '8',
	enableAvatar: true,
	avatarVendor: 'akool',
	avatarParams: JSON.stringify({ avatar_id: 'a1' }),
	advancedFeatures: { enableTools: true },
};

async function start(
	parameters: INodeParameters,
	keys: ICredentialDataDecryptedObject | undefined = VENDOR_KEYS,
	items: IDataObject[] = [{}],
) {
	const others: Record<string, ICredentialDataDecryptedObject> = keys
		? { agoraVendorKeysApi: keys }
		: {};
	return await runWorkflow(
		agoraWorkflow({ name: `k-${Math.random().toString(36).slice(2)}`, ...parameters }, items),
		credential,
		others,
	);
}

/** The properties of the start request the sandbox received. */
function sentProperties(): IDataObject {
	const join = sb.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/join'));
	expect(join).toHaveLength(1);
	return (join[0].body as IDataObject).properties as IDataObject;
}

describe('From Credential', () => {
	it('fills every key the form leaves empty, where the request has the block', async () => {
		const result = await start(CASCADE);
		expect(result.error('Agora')).toBeUndefined();
		const p = sentProperties();
		expect(p.llm).toMatchObject({
			api_key: 'cred-llm-key',
			headers: { 'X-Trace': 'form-trace', 'X-Tenant-Key': 'cred-llm-header' },
		});
		expect((p.llm as IDataObject).mcp_servers).toEqual([
			expect.objectContaining({ name: 'tools1', headers: { Authorization: 'Bearer cred-mcp' } }),
		]);
		expect(p.tts).toMatchObject({ params: { key: 'cred-tts-key', voice_id: 'v1' } });
		expect(p.asr).toMatchObject({
			vendor: 'deepgram',
			params: { model: 'nova-3', api_key: 'cred-asr-key' },
		});
		expect(p.avatar).toMatchObject({ params: { avatar_id: 'a1', api_key: 'cred-avatar-key' } });
		expect(p.rtc).toEqual({
			encryption_mode: 8,
			encryption_key: 'cred-encryption-key',
			encryption_salt: SALT,
		});
		expect(p.mllm).toBeUndefined();
	});

	it('a key typed into the form wins over the credential', async () => {
		const result = await start({
			...CASCADE,
			llmApiKey: 'form-llm-key',
			ttsParams: JSON.stringify({ key: 'form-tts-key' }),
			encryptionKey: 'form-encryption-key',
			llmOptions: { headers: { entries: [{ name: 'X-Tenant-Key', value: 'form-header' }] } },
		});
		expect(result.error('Agora')).toBeUndefined();
		const p = sentProperties();
		expect(p.llm).toMatchObject({
			api_key: 'form-llm-key',
			headers: { 'X-Tenant-Key': 'form-header' },
		});
		expect((p.tts as IDataObject).params).toEqual({ key: 'form-tts-key' });
		expect((p.rtc as IDataObject).encryption_key).toBe('form-encryption-key');
	});

	it('fills the MLLM key of a multimodal agent', async () => {
		const result = await start({
			resource: 'agent',
			operation: 'start',
			vendorKeys: 'credential',
			channel: 'room1',
			remoteRtcUid: '2002',
			mode: 'mllm',
			mllmVendor: 'openai',
			mllmParams: JSON.stringify({ model: 'gpt-4o-realtime' }),
		});
		expect(result.error('Agora')).toBeUndefined();
		const p = sentProperties();
		expect(p.mllm).toMatchObject({ api_key: 'cred-mllm-key' });
		expect(p.llm).toBeUndefined();
		expect(p.avatar).toBeUndefined();
		expect(p.rtc).toBeUndefined();
	});

	it('gives no key to Agora Managed blocks, to Agora’s ARES recognizer, or to a block the request lacks', async () => {
		const result = await start({
			...CASCADE,
			llmOptions: { credentialMode: 'managed' },
			llmParams: JSON.stringify({ model: 'gpt-4o-mini' }),
			ttsCredentialMode: 'managed',
			ttsParams: JSON.stringify({ voice_id: 'v1' }),
			asr: { vendor: 'ares', language: 'en-US' },
			enableAvatar: false,
			encryptionMode: 'notSet',
		});
		expect(result.error('Agora')).toBeUndefined();
		const p = sentProperties();
		expect(p.llm).not.toHaveProperty('api_key');
		expect(p.llm).not.toHaveProperty('headers');
		expect((p.tts as IDataObject).params).toEqual({ voice_id: 'v1' });
		expect(p.asr).toEqual({ vendor: 'ares', language: 'en-US' });
		expect(p.avatar).toBeUndefined();
		expect(p.rtc).toBeUndefined();
	});

	it('fills keys Additional Body leaves empty, without changing the item it came from', async () => {
		const items = [{ extra: { properties: { tts: { params: { key: '', speed: 1.1 } } } } }];
		const result = await start(
			{ ...CASCADE, ttsParams: '{}', options: { additionalBody: '={{ $json.extra }}' } },
			VENDOR_KEYS,
			items,
		);
		expect(result.error('Agora')).toBeUndefined();
		expect((sentProperties().tts as IDataObject).params).toEqual({
			key: 'cred-tts-key',
			speed: 1.1,
		});
		const source = result.run.data.resultData.runData.Items[0].data!.main[0]![0].json;
		expect(source).toEqual(items[0]);
	});

	it('a field that is not a JSON object stops the run naming the field, never its text, with nothing sent', async () => {
		const result = await start(CASCADE, {
			...VENDOR_KEYS,
			ttsSecretParams: '{"key": "half-a-secret',
		});
		const error = result.error('Agora');
		expect(error?.message).toBe(
			'The Agora Vendor Keys credential\'s field "TTS Params Secrets (JSON)" must be a JSON object, e.g. {"key": "…"}',
		);
		expect(JSON.stringify(error)).not.toContain('half-a-secret');
		expect(sb.requests.filter((r) => r.path.endsWith('/join'))).toEqual([]);
	});

	it('Typed Into This Node (the default) never reads the credential', async () => {
		const typed = { ...CASCADE };
		delete typed.vendorKeys;
		const result = await start(
			{
				...typed,
				llmApiKey: 'form-llm-key',
				ttsParams: JSON.stringify({ key: 'form-tts-key' }),
				encryptionMode: 'notSet',
				enableAvatar: false,
			},
			undefined,
		);
		expect(result.error('Agora')).toBeUndefined();
		expect(sentProperties().llm).toMatchObject({ api_key: 'form-llm-key' });
	});
});

describe('the editor', () => {
	const description = agora.description;
	const node = (parameters: INodeParameters) => ({
		id: 'n',
		name: 'Agora',
		type: 'n8n-nodes-agora.agora',
		typeVersion: 1.1,
		position: [0, 0] as [number, number],
		parameters,
	});
	const credentialShown = (parameters: INodeParameters) =>
		NodeHelpers.displayParameter(
			parameters,
			description.credentials!.find((c) => c.name === 'agoraVendorKeysApi')!,
			node(parameters),
			description,
		);

	it('shows Vendor Keys on Agent › Start, and the credential only when From Credential is chosen', () => {
		const field = description.properties.find((p) => p.name === 'vendorKeys')!;
		expect(field.default).toBe('form');
		const start = { resource: 'agent', operation: 'start' };
		expect(NodeHelpers.displayParameter(start, field, node(start), description)).toBe(true);
		expect(
			NodeHelpers.displayParameter(
				{ resource: 'agent', operation: 'stop' },
				field,
				node({}),
				description,
			),
		).toBe(false);
		expect(credentialShown({ ...start, vendorKeys: 'form' })).toBe(false);
		expect(credentialShown({ ...start, vendorKeys: 'credential' })).toBe(true);
		expect(
			credentialShown({ resource: 'cloudPlayer', operation: 'create', vendorKeys: 'credential' }),
		).toBe(false);
	});

	it('from version 1.2 a new node takes its vendor values from the credential', () => {
		const fields = description.properties.filter((p) => p.name === 'vendorKeys');
		const start = { resource: 'agent', operation: 'start' };
		const shown = (typeVersion: number) =>
			fields
				.filter((field) =>
					NodeHelpers.displayParameter(start, field, { ...node(start), typeVersion }, description),
				)
				.map((field) => field.default);
		expect(shown(1.1)).toEqual(['form']);
		expect(shown(1.2)).toEqual(['credential']);
	});

	it('every key of the credential is masked (the endpoints are not secrets), and the credential test checks the JSON fields', async () => {
		const endpoints = ['llmUrl', 'llmVendor', 'llmStyle', 'ttsVendor'];
		for (const property of new AgoraVendorKeysApi().properties.filter((p) => p.type === 'string')) {
			expect(property.typeOptions?.password).toBe(
				endpoints.includes(property.name) ? undefined : true,
			);
		}
		const test = agora.methods.credentialTest.agoraVendorKeysCredentialTest;
		const run = async (data: ICredentialDataDecryptedObject) =>
			await test.call({} as ICredentialTestFunctions, {
				id: '1',
				name: 'keys',
				type: 'agoraVendorKeysApi',
				data,
			});
		expect(await run(VENDOR_KEYS)).toEqual({
			status: 'OK',
			message: expect.stringMatching(/well formed/),
		});
		expect(await run({ ...VENDOR_KEYS, avatarSecretParams: '["not", "an object"]' })).toEqual({
			status: 'Error',
			message: expect.stringMatching(/"Avatar Params Secrets \(JSON\)" must be a JSON object/),
		});
		expect(await run({})).toEqual({
			status: 'Error',
			message: expect.stringMatching(/holds no key/),
		});
		expect(await run({ llmUrl: 'https://llm.example.com/v1/chat/completions' })).toMatchObject({
			status: 'OK',
		});
	});
});
