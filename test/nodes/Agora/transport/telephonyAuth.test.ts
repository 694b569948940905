/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not part of the published package: test or dev code run by plain Node */
/**
 * What the transport and the REST token learned for telephony and phone numbers: account-level
 * paths, the {error_type, description} error body, and a call signed like a start.
 */
import type { INode } from 'n8n-workflow';

import { agoraApiError, buildUrl, type AgoraContext } from '../../../../nodes/Agora/transport';
import {
	basicOnlyReason,
	hasBasicKeys,
	restAuthorization,
} from '../../../../nodes/shared/token/restToken';

const TELEPHONY_NEEDS_BASIC =
	/telephony and phone-number endpoints require Basic authentication .*uses Token authentication/;
const APP_ID = '0123456789abcdef0123456789abcdef';
const CERT = 'fedcba9876543210fedcba9876543210';
const ctx = { baseUrl: 'https://api.agora.io', appId: APP_ID } as AgoraContext;
const fn = {
	getNode: () =>
		({
			name: 'Agora',
			type: 'n8n-nodes-agora.agora',
			typeVersion: 1,
			parameters: {},
		}) as unknown as INode,
};

test('phone numbers live below the API, outside any project; calls below the project', () => {
	expect(buildUrl(ctx, { api: 'agentAccount', path: '/phone-numbers/%2B14155550100' })).toBe(
		'https://api.agora.io/api/conversational-ai-agent/v2/phone-numbers/%2B14155550100',
	);
	expect(buildUrl(ctx, { api: 'agent', path: '/calls/A1/hangup' })).toBe(
		`https://api.agora.io/api/conversational-ai-agent/v2/projects/${APP_ID}/calls/A1/hangup`,
	);
});

test('an {error_type, description} answer reads like the agent API’s {reason, detail}', () => {
	const error = agoraApiError(fn, {
		status: 409,
		body: {
			error_type: 'phone_number_exists',
			description: 'Phone number already exists, duplicate import not allowed.',
		},
		requestId: 'req-1',
		action: 'add phone number',
		secrets: [],
		itemIndex: 0,
	});
	expect(error.message).toBe(
		'Agora add phone number failed with 409 phone_number_exists: Phone number already exists, duplicate import not allowed.',
	);
	expect(error.description).toContain('Request id: req-1.');
});

// Agora's telephony and phone-number pages: "This endpoint requires Basic Auth".
test('telephony and phone numbers take Basic only: a token is never built for them', () => {
	const credential = { appId: APP_ID, appCertificate: CERT };
	const project = `https://api.agora.io/api/conversational-ai-agent/v2/projects/${APP_ID}`;
	for (const url of [
		`${project}/call`,
		`${project}/calls/AGENT42`,
		`${project}/calls/AGENT42/hangup`,
		`${project}/calls?type=outbound`,
		'https://api.agora.io/api/conversational-ai-agent/v2/phone-numbers/%2B1415',
	]) {
		expect(basicOnlyReason(url)).toMatch(TELEPHONY_NEEDS_BASIC);
		expect(() => restAuthorization(credential, { url })).toThrow(TELEPHONY_NEEDS_BASIC);
	}
	expect(basicOnlyReason(`${project}/join`)).toBeUndefined();
	expect(basicOnlyReason(`${project}/agents/A1/speak`)).toBeUndefined();
	expect(hasBasicKeys({ customerId: 'id', customerSecret: 's' })).toBe(true);
	expect(hasBasicKeys({ customerId: 'id' })).toBe(false);
});
