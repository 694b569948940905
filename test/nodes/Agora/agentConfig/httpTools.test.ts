/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not part of the published package: test or dev code run by plain Node */
/**
 * Tools (properties.llm.tools, inline HTTP tools of Agora's join API v2.8: agora-agents-ts
 * src/api/types/Llm.ts and RestTool*.ts) through n8n's engine: the body sent, Enable Tools, header
 * secrets from Vendor Keys kept out of the output, and what Agora documents as invalid refused.
 */
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

import { agoraWorkflow, runWorkflow } from '../../../lib/harness';
import { cascadeParams, credential, sb } from '../actions/agent/setup';

const WEBHOOK = 'https://n8n.example.com/webhook/lookup-order';
const SECRET = 'webhook-header-secret-0123';
const PARAMETERS =
	'{"type": "object", "properties": {"orderId": {"type": "string"}}, "required": ["orderId"]}';

const tool = (over: IDataObject = {}): IDataObject => ({
	name: 'lookup_order',
	description: 'Looks up an order',
	parameters: PARAMETERS,
	method: 'POST',
	url: WEBHOOK,
	headers: '{}',
	body: '{"orderId": "{{args.orderId}}", "call": "{{tool_call_id}}"}',
	timeoutMs: 10000,
	...over,
});

async function start(
	tools: IDataObject[],
	over: IDataObject = {},
	vendorKeys?: ICredentialDataDecryptedObject,
) {
	const parameters = cascadeParams({ llmOptions: { tools: { tool: tools } }, ...over });
	const others: Record<string, ICredentialDataDecryptedObject> = vendorKeys
		? { agoraVendorKeysApi: vendorKeys }
		: {};
	return await runWorkflow(agoraWorkflow(parameters as INodeParameters, [{}]), credential, others);
}

const joinPosts = () => sb.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/join'));
const sentLlm = () =>
	((joinPosts()[0].body as IDataObject).properties as IDataObject).llm as IDataObject;
const sentProperties = () => (joinPosts()[0].body as IDataObject).properties as IDataObject;

describe('Agent › Start sends the Tools as llm.tools', () => {
	test('a POST tool: function for the model, server for the engine, Enable Tools switched on', async () => {
		const result = await start([
			tool(),
			tool({
				name: 'order_status',
				description: '',
				method: 'GET',
				url: `${WEBHOOK}?id={{args.orderId}}`,
				parameters: '{}',
				timeoutMs: 3000,
			}),
		]);
		expect(result.error('Agora')).toBeUndefined();
		expect(sentLlm().tools).toEqual([
			{
				type: 'function',
				function: {
					name: 'lookup_order',
					description: 'Looks up an order',
					parameters: JSON.parse(PARAMETERS),
				},
				server: {
					method: 'POST',
					url: WEBHOOK,
					body: { orderId: '{{args.orderId}}', call: '{{tool_call_id}}' },
					timeout_ms: 10000,
				},
			},
			// GET sends no body; an emptied schema is sent as an object with no arguments
			{
				type: 'function',
				function: { name: 'order_status', parameters: { type: 'object', properties: {} } },
				server: { method: 'GET', url: `${WEBHOOK}?id={{args.orderId}}`, timeout_ms: 3000 },
			},
		]);
		expect(sentProperties().advanced_features).toEqual({ enable_tools: true });
	});

	test('Advanced Features › Enable Tools set off by the user is kept', async () => {
		const result = await start([tool()], { advancedFeatures: { enableTools: false } });
		expect(result.error('Agora')).toBeUndefined();
		expect((sentProperties().advanced_features as IDataObject | undefined)?.enable_tools).not.toBe(
			true,
		);
	});

	test('header secrets come from Vendor Keys › Tool Header Values by tool name, and never reach the output', async () => {
		const keys = {
			toolSecretHeaders: JSON.stringify({ lookup_order: { 'X-Webhook-Secret': SECRET } }),
		};
		const result = await start(
			[tool({ headers: '{"X-Tenant": "{{template_variables.tenant}}"}' })],
			{ vendorKeys: 'credential' },
			keys,
		);
		expect(result.error('Agora')).toBeUndefined();
		expect((sentLlm().tools as IDataObject[])[0].server).toMatchObject({
			headers: { 'X-Tenant': '{{template_variables.tenant}}', 'X-Webhook-Secret': SECRET },
		});
		expect(JSON.stringify(result.output('Agora'))).not.toContain(SECRET);
	});

	test('Phone Call › Call sends them too', async () => {
		const parameters = {
			resource: 'phoneCall',
			operation: 'call',
			toNumber: '+14155550123',
			fromNumber: '+14155550100',
			channel: 'phone-room',
			remoteRtcUid: '100',
			llmUrl: 'https://llm.example.com/v1/chat/completions',
			llmApiKey: 'sk-llm',
			ttsParams: '{"key": "tts-key"}',
			llmOptions: { tools: { tool: [tool()] } },
			vendorKeys: 'form',
		};
		const result = await runWorkflow(
			agoraWorkflow(parameters as INodeParameters, [{}], { typeVersion: 1.2 }),
			credential,
		);
		expect(result.error('Agora')).toBeUndefined();
		const call = sb.requests.find((r) => r.method === 'POST' && r.path.endsWith('/call'));
		const properties = (call?.body as IDataObject).properties as IDataObject;
		expect(((properties.llm as IDataObject).tools as IDataObject[])[0]).toMatchObject({
			function: { name: 'lookup_order' },
			server: { url: WEBHOOK },
		});
		expect(properties.advanced_features).toMatchObject({ enable_tools: true });
	});
});

describe('what Agora documents as invalid is refused before sending, naming the field', () => {
	test.each([
		[
			'33 tools (at most 32)',
			Array.from({ length: 33 }, (_, i) => tool({ name: `t${i}` })),
			'LLM Options › Tools',
			'at most 32',
		],
		[
			'names equal but for case',
			[tool(), tool({ name: 'Lookup_Order' })],
			'LLM Options › Tools › Name',
			'unique',
		],
		[
			'{{args.x}} in a header',
			[tool({ headers: '{"X-Order": "{{args.orderId}}"}' })],
			'LLM Options › Tools › Headers (JSON)',
			'never in a header',
		],
		[
			'text around a header placeholder',
			[tool({ headers: '{"Authorization": "Bearer {{template_variables.t}}"}' })],
			'LLM Options › Tools › Headers (JSON)',
			'exactly one placeholder',
		],
		[
			'text around a body placeholder',
			[tool({ body: '{"q": "order {{args.orderId}}"}' })],
			'LLM Options › Tools › Body (JSON)',
			'exactly one placeholder',
		],
		[
			'an unknown placeholder in the URL',
			[tool({ url: `${WEBHOOK}/{{orderId}}` })],
			'LLM Options › Tools › URL',
			'{{args.<name>}}',
		],
		[
			'a URL that is not http(s)',
			[tool({ url: 'n8n.example.com/webhook/x' })],
			'LLM Options › Tools › URL',
			'http://',
		],
		[
			'a timeout below 1000 ms',
			[tool({ timeoutMs: 999 })],
			'LLM Options › Tools › Timeout (Ms)',
			'[1000, 100000]',
		],
		[
			'a method other than GET or POST',
			[tool({ method: 'PUT' })],
			'LLM Options › Tools › Method',
			'GET, POST',
		],
		[
			'parameters that are not an object schema',
			[tool({ parameters: '{"type": "string", "properties": {}}' })],
			'LLM Options › Tools › Parameters (JSON Schema)',
			'"object"',
		],
	])('%s', async (_case, tools, label, rule) => {
		const result = await start(tools);
		const message = result.error('Agora')?.message ?? '';
		expect(message).toContain(label);
		expect(message).toContain(rule);
		expect(joinPosts()).toHaveLength(0);
	});

	test('32 tools with every placeholder where Agora allows it are sent', async () => {
		const full = tool({
			url: `${WEBHOOK}/{{args.orderId}}?tenant={{template_variables.tenant}}`,
			headers: '{"X-Call": "{{tool_call_id}}", "X-Tenant": "{{template_variables.tenant}}"}',
			body: '{"orderId": "{{args.orderId}}", "tenant": "{{template_variables.tenant}}", "fixed": 1}',
			timeoutMs: 100000,
		});
		const result = await start([
			full,
			...Array.from({ length: 31 }, (_, i) => tool({ name: `t${i}` })),
		]);
		expect(result.error('Agora')).toBeUndefined();
		expect(sentLlm().tools).toHaveLength(32);
	});
});
