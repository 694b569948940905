/**
 * The IP addresses Agora's notification servers send from (GET /v2/ncs/ip, Basic only), for a
 * firewall in front of n8n. Agora changes them now and then and advises reading them daily.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { agoraRequest, type AgoraContext } from '../../transport';

const properties: INodeProperties[] = [
	{
		displayName:
			'Agora changes these addresses now and then: refresh the firewall from this list at least every 24 hours',
		name: 'refreshNotice',
		type: 'notice',
		default: '',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['notificationServer'], operation: ['getIps'] } },
	properties,
);

/** `{data: {service: {hosts: [{primaryIP}]}}}` -> the addresses, in Agora's order. */
function addressesOf(body: IDataObject): string[] {
	const hosts = ((body.data as IDataObject | undefined)?.service as IDataObject | undefined)?.hosts;
	if (!Array.isArray(hosts)) return [];
	return hosts
		.map((host) => (host as IDataObject)?.primaryIP)
		.filter((ip): ip is string => typeof ip === 'string' && ip !== '');
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
): Promise<INodeExecutionData[]> {
	const response = await agoraRequest.call(
		this,
		ctx,
		{
			method: 'GET',
			api: 'ncs',
			path: '/ip',
			idempotent: true,
			action: 'get notification server IPs',
		},
		itemIndex,
	);
	return [{ json: { ips: addressesOf(response.body), requestId: response.requestId ?? null } }];
}
