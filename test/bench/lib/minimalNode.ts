/**
 * The least any n8n node must do for a "get agent" item: read the item's Agent ID parameter (n8n
 * evaluates the expression) and send the GET through n8n's own request helper with the credential,
 * 10 items in flight. Bench 1 runs it beside the Agora node to tell n8n's per-item cost from the
 * Agora node's own.
 */
import { randomUUID } from 'crypto';
import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

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
		properties: [{ displayName: 'Agent ID', name: 'agentId', type: 'string', default: '' }],
	} as unknown as INodeTypeDescription;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const credential = await this.getCredentials('agoraApi');
		const base = `${String(credential.customBaseUrl)}/api/conversational-ai-agent/v2/projects/${String(credential.appId)}`;
		const out = new Array<INodeExecutionData>(items.length);
		await pool(items.length, 10, async (i) => {
			const agentId = this.getNodeParameter('agentId', i) as string;
			const response = (await this.helpers.httpRequestWithAuthentication.call(this, 'agoraApi', {
				method: 'GET',
				url: `${base}/agents/${encodeURIComponent(agentId)}`,
				headers: { 'X-Request-ID': randomUUID(), Accept: 'application/json' },
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				timeout: 30000,
				json: true,
			})) as { statusCode: number; body: Record<string, unknown> };
			if (response.statusCode !== 200) throw new Error(`minimal node: ${response.statusCode}`);
			out[i] = { json: response.body as never, pairedItem: { item: i } };
		});
		return [out];
	}
}
