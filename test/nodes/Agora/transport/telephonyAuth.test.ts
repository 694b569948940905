/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not part of the published package: test or dev code run by plain Node */
/**
 * What the transport and the REST token learned for telephony and phone numbers: account-level
 * paths, the {error_type, description} error body, and a call signed like a start.
 */
import type { INode } from 'n8n-workflow';

import { agoraApiError, buildUrl, type AgoraContext } from '../../../../nodes/Agora/transport';
import { restAuthorization } from '../../../../nodes/shared/token/restToken';
import { decodeAccessToken2 } from '../../../lib/accessToken2Decoder';

const APP_ID = '0123456789abcdef0123456789abcdef';
const CERT = 'fedcba9876543210fedcba9876543210';
const ctx = { baseUrl: 'https://api.agora.io', appId: APP_ID } as AgoraContext;
const fn = { getNode: () => ({ name: 'Agora', type: 'n8n-nodes-agora.agora', typeVersion: 1, parameters: {} }) as unknown as INode };

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
		body: { error_type: 'phone_number_exists', description: 'Phone number already exists, duplicate import not allowed.' },
		requestId: 'req-1',
		action: 'add phone number',
		secrets: [],
		itemIndex: 0,
	});
	expect(error.message).toBe('Agora add phone number failed with 409 phone_number_exists: Phone number already exists, duplicate import not allowed.');
	expect(error.description).toContain('Request id: req-1.');
});

test('a Token credential signs an outbound call for its agent’s channel and UID, a call’s status for its agent', () => {
	const credential = { appId: APP_ID, appCertificate: CERT };
	const body = JSON.stringify({ name: 'c', sip: {}, properties: { channel: 'phone-room', agent_rtc_uid: '111' } });
	const place = restAuthorization(credential, { url: `https://api.agora.io/api/conversational-ai-agent/v2/projects/${APP_ID}/call`, body });
	const placed = decodeAccessToken2(place.replace('agora token=', ''));
	expect(placed.services[0]).toMatchObject({ channelName: 'phone-room', uid: '111' });
	const status = restAuthorization(credential, { url: `https://api.agora.io/api/conversational-ai-agent/v2/projects/${APP_ID}/calls/AGENT42` });
	expect(decodeAccessToken2(status.replace('agora token=', '')).services[0]).toMatchObject({ uid: 'AGENT42' });
});
