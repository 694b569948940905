/**
 * The tools an MCP server of the form lists, for Allowed Tools › Tool Names: asked from the
 * editor with the server's headers and, as at run time, the Agora Vendor Keys credential's MCP keys.
 */
import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { listMcpToolNames } from '../../shared/mcpToolList';
import { isPlainObject } from '../../shared/values';
import {
	parseVendorKeys,
	VENDOR_KEYS_CREDENTIAL,
	VENDOR_KEYS_PARAMETER,
	withMcpKeys,
} from '../agentConfig/vendorKeys';

function parsedHeaders(value: unknown): IDataObject {
	if (isPlainObject(value)) return value;
	if (typeof value !== 'string' || value.trim() === '') return {};
	try {
		const parsed: unknown = JSON.parse(value);
		return isPlainObject(parsed) ? parsed : {};
	} catch {
		return {};
	}
}

/** The server's headers with the Vendor Keys credential's MCP keys, when the node takes keys from it. */
async function serverHeaders(
	fn: ILoadOptionsFunctions,
	name: string,
	headers: IDataObject,
): Promise<IDataObject> {
	if (fn.getCurrentNodeParameter(VENDOR_KEYS_PARAMETER) !== 'credential') return headers;
	let data;
	try {
		data = await fn.getCredentials(VENDOR_KEYS_CREDENTIAL);
	} catch {
		return headers;
	}
	const keys = parseVendorKeys(data);
	if ('invalid' in keys) return headers;
	const [server] = withMcpKeys([{ name, headers }], keys) as IDataObject[];
	return isPlainObject(server.headers) ? server.headers : headers;
}

export async function listMcpTools(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const endpoint = String(this.getCurrentNodeParameter('&endpoint') ?? '').trim();
	if (!/^https?:\/\/\S+$/i.test(endpoint)) return [];
	const name = String(this.getCurrentNodeParameter('&name') ?? '');
	const headers = await serverHeaders(
		this,
		name,
		parsedHeaders(this.getCurrentNodeParameter('&headers')),
	);
	const listed = await listMcpToolNames(
		this.helpers.httpRequest.bind(this.helpers),
		endpoint,
		headers,
		10000,
	);
	if (!listed.ok) {
		throw new NodeOperationError(
			this.getNode(),
			`Could not list the tools of ${endpoint}: ${listed.why}`,
			{
				description:
					'Check the Endpoint (the MCP Server Trigger’s Production URL, workflow active) and its Authorization header or the Vendor Keys credential’s MCP bearer token.',
			},
		);
	}
	return [
		{ name: 'All Tools (*)', value: '*' },
		...listed.names.map((tool) => ({ name: tool, value: tool })),
	];
}
