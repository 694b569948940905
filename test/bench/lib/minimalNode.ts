/**
 * Reference nodes for bench 1: the least an n8n node does for a "get agent" item, reading the Agent ID
 * from the item or through an expression, to split n8n's cost from the Agora node's.
 */
import { randomUUID } from 'crypto';
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { pool } from './stats';

export class MinimalGetAgent implements INodeType {
	description = {
		displayName: 'Minimal get agent',
		name: 'minimalGetAgent',
		group: ['transform'],
		version: 1,
		description: 'Reference node for the benchmark',
		defaults: { name: 'Minimal' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: 'agoraApi', required: true }],
		properties: [
			{ displayName: 'Agent ID', name: 'agentId', type: 'string', default: '' },
			{ displayName: 'Read Via', name: 'readVia', type: 'string', default: 'item' },
		],
	} as unknown as INodeTypeDescription;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const viaExpression = this.getNodeParameter('readVia', 0) === 'expression';
		const credential = await this.getCredentials('agoraApi');
		const handOver = {
			credentialsDecrypted: { id: '1', name: 'Agora account', type: 'agoraApi', data: credential },
		};
		const base = `${String(credential.customBaseUrl)}/api/conversational-ai-agent/v2/projects/${String(credential.appId)}`;
		const out = new Array<INodeExecutionData>(items.length);
		await pool(items.length, 10, async (i) => {
			const agentId = viaExpression
				? (this.getNodeParameter('agentId', i) as string)
				: String(items[i].json.id);
			const response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				'agoraApi',
				{
					method: 'GET',
					url: `${base}/agents/${encodeURIComponent(agentId)}`,
					headers: { 'X-Request-ID': randomUUID(), Accept: 'application/json' },
					returnFullResponse: true,
					ignoreHttpStatusErrors: true,
					timeout: 30000,
					json: true,
				},
				handOver,
			)) as { statusCode: number; body: Record<string, unknown> };
			if (response.statusCode !== 200) throw new Error(`minimal node: ${response.statusCode}`);
			out[i] = { json: response.body as never, pairedItem: { item: i } };
		});
		return [out];
	}
}
