/** Which notifications start the workflow: product, events, labels and the console's health check. */
import { agentLeft, setup } from './setup';

describe('filters', () => {
	it('the console health check is answered 200 and starts nothing by default; the option lets it through', async () => {
		const { trigger, sb } = await setup({ product: 'mediaPull' });
		const health = {
			productId: 17,
			eventType: 101,
			payload: { channel: 'test_webhook', agent_id: 'x' },
		};
		expect((await sb.sendNotification(health)).status).toBe(200);
		expect(trigger.answers[0].json).toEqual({ status: 'ok', ignored: 'health_check' });
		trigger.update({ parameters: { product: 'mediaPull', options: { startOnHealthCheck: true } } });
		expect((await sb.sendNotification(health)).status).toBe(200);
		await trigger.settle();
		expect(trigger.started()).toHaveLength(1);
		expect(trigger.started()[0][0]).toMatchObject({ healthCheck: true, productId: 17 });
	});

	it('unselected events and other products are answered 200 and start nothing', async () => {
		const { trigger, sb } = await setup({
			product: 'conversationalAi',
			conversationalAiEvents: ['agent_left', 'agent_error'],
		});
		const results = [
			await sb.sendNotification({ productId: 17, eventType: 101, payload: { channel: 'c' } }),
			await sb.sendNotification(agentLeft()),
			await sb.sendNotification({
				productId: 17,
				eventType: 110,
				payload: { channel: 'c', errors: [] },
			}),
			await sb.sendNotification({
				productId: 4,
				eventType: 1,
				payload: { player: { channelName: 'c', id: 'p' } },
			}),
			await sb.sendNotification({ productId: 1, eventType: 101, payload: { channelName: 'c' } }),
		];
		expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
		await trigger.settle();
		expect(trigger.started().map((items) => items[0].event)).toEqual(['agent_left', 'agent_error']);
		expect(trigger.answers.map((a) => a.json?.ignored)).toEqual([
			'event_not_selected:agent_joined',
			undefined,
			undefined,
			'product_not_selected',
			'product_not_selected',
		]);
	});

	it('Media Pull with "All" passes every player event, also unknown new event types', async () => {
		const { trigger, sb } = await setup({ product: 'mediaPull', mediaPullEvents: ['*'] });
		for (const eventType of [1, 3, 4, 9]) {
			await sb.sendNotification({
				productId: 4,
				eventType,
				payload: { player: { channelName: 'c', id: 'p', status: 'running' } },
			});
		}
		await sb.sendNotification(agentLeft());
		await trigger.settle();
		expect(trigger.started().map((items) => items[0].event)).toEqual([
			'player_created',
			'player_destroyed',
			'player_status_changed',
			'event_9',
		]);
	});

	it('an empty event selection means all events of the product', async () => {
		const { trigger, sb } = await setup({
			product: 'conversationalAi',
			conversationalAiEvents: [],
		});
		await sb.sendNotification({
			productId: 17,
			eventType: 112,
			payload: { agent_id: 'a', turns: [] },
		});
		await sb.sendNotification({
			productId: 17,
			eventType: 201,
			payload: { state: 'ringing', report_ms: 1 },
		});
		await trigger.settle();
		expect(trigger.started().map((items) => items[0].event)).toEqual([
			'turns_finished',
			'inbound_call_state',
		]);
		expect(trigger.started()[1][0].labels).toEqual({});
	});

	it('the label filter keeps only notifications whose labels match every pair', async () => {
		const { trigger, sb } = await setup({
			options: {
				labelFilter: {
					labels: [
						{ name: 'customer', value: 'acme' },
						{ name: 'tier', value: '1' },
					],
				},
			},
		});
		await sb.sendNotification({
			...agentLeft({ customer: 'acme', tier: '1', extra: 'x' }),
			noticeId: 'match',
		});
		await sb.sendNotification({
			...agentLeft({ customer: 'acme', tier: 1 }),
			noticeId: 'match-number',
		});
		await sb.sendNotification({ ...agentLeft({ customer: 'acme' }), noticeId: 'partial' });
		await sb.sendNotification({
			...agentLeft({ customer: 'other', tier: '1' }),
			noticeId: 'other',
		});
		await sb.sendNotification({ ...agentLeft(), noticeId: 'none' });
		await trigger.settle();
		expect(trigger.started().map((items) => items[0].noticeId)).toEqual(['match', 'match-number']);
		expect(trigger.answers.filter((a) => a.json?.ignored === 'labels_not_matched')).toHaveLength(3);
		expect(trigger.answers.every((a) => a.status === 200)).toBe(true);
	});
});
