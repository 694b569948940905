/**
 * The trigger's credential: version 2 uses Agora Notifications (verified by default, unverified only
 * by explicit choice), version 1 keeps the Agora API credential; fed by the sandbox's signed sender.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentialTestFunctions,
	IDataObject,
	INode,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { AgoraNotificationsApi } from '../../../credentials/AgoraNotificationsApi.credentials';
import { AgoraTrigger } from '../../../nodes/AgoraTrigger/AgoraTrigger.node';
import type { TriggerServer } from '../../lib/triggerHarness';
import {
	agentLeft,
	agoraApiCredential,
	CUSTOMER_SECRET,
	envelope,
	healthCheck,
	post,
	postNotice,
	SECRET,
	setup,
	sign,
} from './setup';

const verify = (notificationSecret = SECRET): ICredentialDataDecryptedObject => ({
	verification: 'signature',
	notificationSecret,
});
const unverified: ICredentialDataDecryptedObject = { verification: 'none' };
const notice = (over: IDataObject = {}) => envelope({ ...agentLeft(), ...over });

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
		expect(properties.filter((p) => p.type !== 'notice').map((p) => p.name)).toEqual([
			'verification',
			'notificationSecret',
		]);
		expect(properties.find((p) => p.name === 'verification')?.default).toBe('signature');
		expect(properties.find((p) => p.name === 'notificationSecret')?.typeOptions?.password).toBe(
			true,
		);
	});

	it('the credential test says what the trigger will do, and fails when it would refuse everything', async () => {
		const test = new AgoraTrigger().methods.credentialTest.agoraNotificationsCredentialTest;
		const run = async (data: ICredentialDataDecryptedObject) =>
			await test.call({} as ICredentialTestFunctions, {
				id: '2',
				name: 'n',
				type: 'agoraNotificationsApi',
				data,
			});
		expect(await run(verify())).toMatchObject({
			status: 'OK',
			message: expect.stringMatching(/verified/),
		});
		expect(await run(unverified)).toMatchObject({
			status: 'OK',
			message: expect.stringMatching(/without verification/),
		});
		expect(await run(verify(''))).toMatchObject({
			status: 'Error',
			message: expect.stringMatching(/no notification secret/),
		});
		expect(JSON.stringify(await run(verify()))).not.toContain(SECRET);
	});
});

describe('version 2 with the Agora Notifications credential', () => {
	it('the sandbox’s signed notifications start the workflow, verified; only this credential is read', async () => {
		const { trigger, sb } = await setup({}, { typeVersion: 2, credential: verify() });
		expect(
			(
				await sb.sendNotification({
					productId: 17,
					eventType: 102,
					payload: { agent_id: 'A9', channel: 'c' },
				})
			).status,
		).toBe(200);
		await trigger.settle();
		expect(trigger.started().map((items) => items[0].verified)).toEqual([true]);
		expect(new Set(trigger.credentialTypesRead())).toEqual(new Set(['agoraNotificationsApi']));
	});

	it('unsigned and wrongly signed notifications are 401 and start nothing', async () => {
		const { trigger, sb } = await setup({}, { typeVersion: 2, credential: verify() });
		expect((await postNotice(trigger.url, notice())).status).toBe(401);
		expect((await postNotice(trigger.url, notice(), 'another-secret')).status).toBe(401);
		expect(
			(
				await sb.sendNotification(
					{ productId: 4, eventType: 1, payload: {} },
					{ badSignature: true },
				)
			).status,
		).toBe(401);
		await trigger.settle();
		expect(trigger.runs).toHaveLength(0);
	});

	it('verification chosen but no secret saved: every notification is refused, naming what is missing; the console’s check is answered 200', async () => {
		const { trigger } = await setup({}, { typeVersion: 2, credential: verify('') });
		const refused = await postNotice(trigger.url, notice());
		expect(refused.status).toBe(401);
		expect(refused.data.message).toMatch(/no notification secret/);
		expect((await postNotice(trigger.url, notice(), 'any-secret')).status).toBe(401);
		const check = await postNotice(trigger.url, healthCheck());
		expect(check.status).toBe(200);
		expect(check.data).toEqual({ status: 'ok', ignored: 'health_check_unsigned' });
		await trigger.settle();
		expect(trigger.runs).toHaveLength(0);
	});

	it('“Accept Unverified Notifications” lets unsigned ones in, marked verified: false', async () => {
		const { trigger, sb } = await setup({}, { typeVersion: 2, credential: unverified });
		expect((await postNotice(trigger.url, notice({ noticeId: 'open' }))).status).toBe(200);
		expect(
			(
				await sb.sendNotification(
					{ productId: 17, eventType: 102, payload: {} },
					{ badSignature: true },
				)
			).status,
		).toBe(200);
		await trigger.settle();
		expect(trigger.started().map((items) => items[0].verified)).toEqual([false, false]);
	});

	it('a secret left in the credential while “Accept Unverified” is chosen is not used', async () => {
		const { trigger } = await setup(
			{},
			{ typeVersion: 2, credential: { verification: 'none', notificationSecret: SECRET } },
		);
		expect((await postNotice(trigger.url, notice(), 'wrong-secret')).status).toBe(200);
		await trigger.settle();
		expect(trigger.started()[0][0].verified).toBe(false);
	});

	it('switching the credential between the two choices takes effect on the next notification', async () => {
		const { trigger } = await setup({}, { typeVersion: 2, credential: verify('switch-secret') });
		expect((await postNotice(trigger.url, notice(), 'switch-secret')).status).toBe(200);
		trigger.update({ credential: unverified });
		expect((await postNotice(trigger.url, notice())).status).toBe(200);
		trigger.update({ credential: verify('switch-secret') });
		expect((await postNotice(trigger.url, notice())).status).toBe(401);
		await trigger.settle();
		expect(trigger.started().map((items) => items[0].verified)).toEqual([true, false]);
	});
});

describe('version 1 (workflows saved before version 2) keeps working', () => {
	it('verifies with the notification secret of the Agora API credential', async () => {
		const { trigger, sb } = await setup(
			{},
			{ typeVersion: 1, credential: agoraApiCredential(SECRET) },
		);
		expect(
			(await sb.sendNotification({ productId: 17, eventType: 102, payload: { agent_id: 'A1' } }))
				.status,
		).toBe(200);
		expect((await postNotice(trigger.url, notice())).status).toBe(401);
		await trigger.settle();
		expect(trigger.started().map((items) => items[0].verified)).toEqual([true]);
		expect(new Set(trigger.credentialTypesRead())).toEqual(new Set(['agoraApi']));
	});

	it('an Agora API credential without a secret accepts notifications unverified, as before', async () => {
		const { trigger } = await setup({}, { typeVersion: 1, credential: agoraApiCredential('') });
		expect((await postNotice(trigger.url, notice())).status).toBe(200);
		await trigger.settle();
		expect(trigger.started()[0][0].verified).toBe(false);
	});
});

describe('the notification secret kept in memory', () => {
	const signedPost = async (trigger: TriggerServer, noticeId: string, secret = SECRET) =>
		await postNotice(trigger.url, envelope({ noticeId }), secret);

	it('a burst of notifications reads the credential once, every one verified', async () => {
		const { trigger } = await setup({}, { secret: 'burst-secret-1' });
		// Another test of this file may have left a different secret under the same credential id.
		await signedPost(trigger, 'warm', 'burst-secret-1');
		const before = trigger.credentialLoads();
		const answers = await Promise.all(
			Array.from({ length: 20 }, (_, i) => signedPost(trigger, `n${i}`, 'burst-secret-1')),
		);
		expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
		expect(trigger.credentialLoads() - before).toBe(0);
		await trigger.settle();
		expect(trigger.started().every((items) => items[0].verified === true)).toBe(true);
		expect(trigger.started()).toHaveLength(21);
	});

	it('a new secret is used at once, and the old one is refused after the change is seen', async () => {
		const { trigger } = await setup({}, { secret: 'rotate-old' });
		expect((await signedPost(trigger, 'a', 'rotate-old')).status).toBe(200);
		trigger.update({ credential: agoraApiCredential('rotate-new') });
		expect((await signedPost(trigger, 'b', 'rotate-new')).status).toBe(200);
		expect((await signedPost(trigger, 'c', 'rotate-old')).status).toBe(401);
		await trigger.settle();
		expect(trigger.started().map((items) => items[0].noticeId)).toEqual(['a', 'b']);
	});

	it('removing the secret lets unsigned notifications in at once, marked verified: false', async () => {
		const { trigger } = await setup({}, { secret: 'remove-me' });
		expect((await signedPost(trigger, 'signed', 'remove-me')).status).toBe(200);
		trigger.update({ credential: agoraApiCredential('') });
		expect(
			(await post(trigger.url, JSON.stringify(envelope({ noticeId: 'unsigned' })))).status,
		).toBe(200);
		await trigger.settle();
		expect(trigger.started().map((items) => [items[0].noticeId, items[0].verified])).toEqual([
			['signed', true],
			['unsigned', false],
		]);
	});

	it('"no secret" is never kept: a secret added later is enforced on the next notification', async () => {
		const { trigger } = await setup({}, { secret: '' });
		expect((await post(trigger.url, JSON.stringify(envelope({ noticeId: 'open' })))).status).toBe(
			200,
		);
		trigger.update({ credential: agoraApiCredential('added-later') });
		expect(
			(await post(trigger.url, JSON.stringify(envelope({ noticeId: 'unsigned' })))).status,
		).toBe(401);
		expect((await signedPost(trigger, 'signed', 'added-later')).status).toBe(200);
		await trigger.settle();
		expect(trigger.started().map((items) => [items[0].noticeId, items[0].verified])).toEqual([
			['open', false],
			['signed', true],
		]);
	});
});

describe('secrets', () => {
	it('never appear in answers, items, errors or static data', async () => {
		const { trigger, sb } = await setup();
		await sb.sendNotification(agentLeft());
		await sb.sendNotification(agentLeft(), { badSignature: true });
		const body = '{oops';
		await post(trigger.url, body, sign(body));
		trigger.rawBodyMode = 'missing';
		await sb.sendNotification(agentLeft());
		await trigger.settle();
		const everything = JSON.stringify({
			answers: trigger.answers,
			items: trigger.started(),
			errors: trigger.errors.map((e) => ({
				message: e.message,
				description: (e as { description?: string }).description,
			})),
			stored: trigger.staticData(),
		});
		expect(trigger.started()).toHaveLength(1);
		expect(everything).not.toContain(SECRET);
		expect(everything).not.toContain(CUSTOMER_SECRET);
	});
});
