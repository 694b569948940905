/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not part of the published package: test or dev code run by plain Node */
/**
 * The trigger's credential: version 2 uses Agora Notifications (verified by default, unverified only
 * by explicit choice), version 1 keeps the Agora API credential; fed by the sandbox's signed sender.
 */
import { createHmac } from 'crypto';

import axios from 'axios';
import type { ICredentialDataDecryptedObject, ICredentialTestFunctions, IDataObject, INode } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { AgoraNotificationsApi } from '../../../credentials/AgoraNotificationsApi.credentials';
import { AgoraTrigger } from '../../../nodes/AgoraTrigger/AgoraTrigger.node';
import { startSandbox, type Sandbox } from '../../../sandbox/src';
import { startTriggerServer, type TriggerServer } from '../../lib/triggerHarness';

const SECRET = 'console-notify-secret-7';
const verify = (notificationSecret = SECRET): ICredentialDataDecryptedObject => ({ verification: 'signature', notificationSecret });
const unverified: ICredentialDataDecryptedObject = { verification: 'none' };
const agoraApi = (notificationSecret: string): ICredentialDataDecryptedObject => ({
	customerId: 'cid',
	customerSecret: 'customer-secret',
	appId: 'app',
	host: 'custom',
	customBaseUrl: 'http://127.0.0.1:1',
	notificationSecret,
});

const servers: TriggerServer[] = [];
const sandboxes: Sandbox[] = [];
afterEach(async () => {
	for (const sb of sandboxes.splice(0)) await sb.close();
	for (const s of servers.splice(0)) await s.close();
});

async function setup(typeVersion: 1 | 2, credential: ICredentialDataDecryptedObject, sandboxSecret = SECRET) {
	const trigger = await startTriggerServer({ parameters: { product: 'both' }, credential, typeVersion });
	servers.push(trigger);
	const sb = await startSandbox({ notify: { url: trigger.url, secret: sandboxSecret, retryDelayMs: 20, timeoutMs: 15000 } });
	sandboxes.push(sb);
	return { trigger, sb };
}

let counter = 0;
function envelope(over: IDataObject = {}): IDataObject {
	return {
		noticeId: `cred-${++counter}-${Date.now()}`,
		productId: 17,
		eventType: 102,
		notifyMs: 1_700_000_000_000,
		payload: { agent_id: 'A1', name: 'a', start_ts: 1, stop_ts: 2, channel: 'room1', status: 'STOPPED' },
		...over,
	};
}
const healthCheck = () => envelope({ eventType: 101, payload: { channelName: 'test_webhook', uid: 12121212, channel: 'test_webhook' } });

async function post(url: string, body: IDataObject, secret?: string) {
	const text = JSON.stringify(body);
	const headers: Record<string, string> = { 'Content-Type': 'application/json' };
	if (secret !== undefined) headers['Agora-Signature-V2'] = createHmac('sha256', secret).update(text).digest('hex');
	return await axios.post(url, text, { headers, validateStatus: () => true, transformRequest: [(d: unknown) => d] });
}

describe('the node description', () => {
	const description = new AgoraTrigger().description;
	const node = (typeVersion: number) => ({ typeVersion, parameters: {} }) as unknown as INode;
	const credentialsShown = (typeVersion: number) =>
		(description.credentials ?? [])
			.filter((c) => NodeHelpers.displayParameter({}, c, node(typeVersion), description))
			.map((c) => c.name);

	it('new nodes are version 2 and ask only for the Agora Notifications credential; version 1 keeps the Agora API one', () => {
		expect(description.version).toEqual([1, 2]);
		expect(description.defaultVersion).toBe(2);
		expect(credentialsShown(2)).toEqual(['agoraNotificationsApi']);
		expect(credentialsShown(1)).toEqual(['agoraApi']);
	});

	it('the credential holds what the trigger needs and nothing else; verifying is the default', () => {
		const properties = new AgoraNotificationsApi().properties;
		expect(properties.filter((p) => p.type !== 'notice').map((p) => p.name)).toEqual(['verification', 'notificationSecret']);
		expect(properties.find((p) => p.name === 'verification')?.default).toBe('signature');
		expect(properties.find((p) => p.name === 'notificationSecret')?.typeOptions?.password).toBe(true);
	});

	it('the credential test says what the trigger will do, and fails when it would refuse everything', async () => {
		const test = new AgoraTrigger().methods.credentialTest.agoraNotificationsCredentialTest;
		const run = async (data: ICredentialDataDecryptedObject) =>
			await test.call({} as ICredentialTestFunctions, { id: '2', name: 'n', type: 'agoraNotificationsApi', data });
		expect(await run(verify())).toMatchObject({ status: 'OK', message: expect.stringMatching(/verified/) });
		expect(await run(unverified)).toMatchObject({ status: 'OK', message: expect.stringMatching(/without verification/) });
		expect(await run(verify(''))).toMatchObject({ status: 'Error', message: expect.stringMatching(/no notification secret/) });
		expect(JSON.stringify(await run(verify()))).not.toContain(SECRET);
	});
});

describe('version 2 with the Agora Notifications credential', () => {
	it('the sandbox’s signed notifications start the workflow, verified; only this credential is read', async () => {
		const { trigger, sb } = await setup(2, verify());
		expect((await sb.sendNotification({ productId: 17, eventType: 102, payload: { agent_id: 'A9', channel: 'c' } })).status).toBe(200);
		await trigger.settle();
		expect(trigger.started().map((items) => items[0].verified)).toEqual([true]);
		expect(new Set(trigger.credentialTypesRead())).toEqual(new Set(['agoraNotificationsApi']));
	});

	it('unsigned and wrongly signed notifications are 401 and start nothing', async () => {
		const { trigger, sb } = await setup(2, verify());
		expect((await post(trigger.url, envelope())).status).toBe(401);
		expect((await post(trigger.url, envelope(), 'another-secret')).status).toBe(401);
		expect((await sb.sendNotification({ productId: 4, eventType: 1, payload: {} }, { badSignature: true })).status).toBe(401);
		await trigger.settle();
		expect(trigger.runs).toHaveLength(0);
	});

	it('verification chosen but no secret saved: every notification is refused, naming what is missing; the console’s check is answered 200', async () => {
		const { trigger } = await setup(2, verify(''));
		const refused = await post(trigger.url, envelope());
		expect(refused.status).toBe(401);
		expect(refused.data.message).toMatch(/no notification secret/);
		expect((await post(trigger.url, envelope(), 'any-secret')).status).toBe(401);
		const check = await post(trigger.url, healthCheck());
		expect(check.status).toBe(200);
		expect(check.data).toEqual({ status: 'ok', ignored: 'health_check_unsigned' });
		await trigger.settle();
		expect(trigger.runs).toHaveLength(0);
	});

	it('“Accept Unverified Notifications” lets unsigned ones in, marked verified: false', async () => {
		const { trigger, sb } = await setup(2, unverified);
		expect((await post(trigger.url, envelope({ noticeId: 'open' }))).status).toBe(200);
		expect((await sb.sendNotification({ productId: 17, eventType: 102, payload: {} }, { badSignature: true })).status).toBe(200);
		await trigger.settle();
		expect(trigger.started().map((items) => items[0].verified)).toEqual([false, false]);
	});

	it('a secret left in the credential while “Accept Unverified” is chosen is not used', async () => {
		const { trigger } = await setup(2, { verification: 'none', notificationSecret: SECRET });
		expect((await post(trigger.url, envelope(), 'wrong-secret')).status).toBe(200);
		await trigger.settle();
		expect(trigger.started()[0][0].verified).toBe(false);
	});

	it('switching the credential between the two choices takes effect on the next notification', async () => {
		const { trigger } = await setup(2, verify('switch-secret'));
		expect((await post(trigger.url, envelope(), 'switch-secret')).status).toBe(200);
		trigger.update({ credential: unverified });
		expect((await post(trigger.url, envelope())).status).toBe(200);
		trigger.update({ credential: verify('switch-secret') });
		expect((await post(trigger.url, envelope())).status).toBe(401);
		await trigger.settle();
		expect(trigger.started().map((items) => items[0].verified)).toEqual([true, false]);
	});
});

describe('version 1 (workflows saved before version 2) keeps working', () => {
	it('verifies with the notification secret of the Agora API credential', async () => {
		const { trigger, sb } = await setup(1, agoraApi(SECRET));
		expect((await sb.sendNotification({ productId: 17, eventType: 102, payload: { agent_id: 'A1' } })).status).toBe(200);
		expect((await post(trigger.url, envelope())).status).toBe(401);
		await trigger.settle();
		expect(trigger.started().map((items) => items[0].verified)).toEqual([true]);
		expect(new Set(trigger.credentialTypesRead())).toEqual(new Set(['agoraApi']));
	});

	it('an Agora API credential without a secret accepts notifications unverified, as before', async () => {
		const { trigger } = await setup(1, agoraApi(''));
		expect((await post(trigger.url, envelope())).status).toBe(200);
		await trigger.settle();
		expect(trigger.started()[0][0].verified).toBe(false);
	});
});
