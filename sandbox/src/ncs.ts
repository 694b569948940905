/**
 * The notification servers' IP list (Agora's message notification pages, "IP address query API"):
 * GET https://api.agora.io/v2/ncs/ip with Basic authentication, no body; the answer is
 * {data: {service: {hosts: [{primaryIP}]}}}. The sandbox's notifier sends from the loopback address.
 */
import type { Reply } from './reply';

export const NCS_IP_PATH = '/v2/ncs/ip';

export const NCS_IPS = ['127.0.0.1', '::1'];

export function ncsIpReply(method: string): Reply {
	if (method !== 'GET')
		return { status: 405, body: { message: `${method} is not allowed on ${NCS_IP_PATH}` } };
	return {
		status: 200,
		body: { data: { service: { hosts: NCS_IPS.map((primaryIP) => ({ primaryIP })) } } },
	};
}
