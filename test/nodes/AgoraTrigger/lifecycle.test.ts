/** The webhook lifecycle n8n runs on activation and deactivation of the workflow. */
import type { IDataObject } from 'n8n-workflow';

import { agoraApiCredential, startTrigger } from './setup';

describe('webhook lifecycle (activation)', () => {
	it('create records the URL, checkExists acknowledges it, delete clears it', async () => {
		const trigger = await startTrigger({
			parameters: { product: 'both' },
			credential: agoraApiCredential(),
		});
		expect(await trigger.activate()).toEqual({ existed: false, created: true });
		const data = trigger.staticData()['node:Agora Trigger'] as IDataObject;
		expect(data.webhookUrl).toBe(trigger.url);
		expect(Date.parse(data.webhookRegisteredAt as string)).toBeGreaterThan(Date.now() - 60_000);
		expect(await trigger.activate()).toEqual({ existed: true });
		expect(await trigger.deactivate()).toBe(true);
		expect(trigger.staticData()['node:Agora Trigger']).toEqual({});
		expect(await trigger.checkExists()).toBe(false);
	});
});
