import { randomUUID } from 'crypto';
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	INodeCredentialTestResult,
} from 'n8n-workflow';

import { AGENT_PREFIX, baseUrlFromCredential } from './transport/request';

interface ProbeAnswer {
	statusCode: number;
}

async function probe(fn: ICredentialTestFunctions, data: ICredentialDataDecryptedObject, url: string) {
	const answer = (await fn.helpers.request({
		method: 'GET',
		uri: url,
		auth: { user: String(data.customerId ?? ''), pass: String(data.customerSecret ?? '') },
		headers: { 'X-Request-ID': randomUUID(), Accept: 'application/json' },
		json: true,
		simple: false,
		resolveWithFullResponse: true,
		timeout: 15000,
	})) as ProbeAnswer;
	return answer.statusCode;
}

/**
 * Tells a wrong Customer ID/Secret (401, fails) from a product that is simply not enabled on the
 * project (403, passes with a note): both products share one credential.
 */
export async function agoraApiCredentialTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	let base: string;
	try {
		base = baseUrlFromCredential(data);
	} catch (error) {
		return { status: 'Error', message: (error as Error).message };
	}
	const appId = encodeURIComponent(String(data.appId ?? '').trim());
	if (!appId) return { status: 'Error', message: 'App ID is required' };

	let agentStatus: number;
	let playerStatus: number;
	try {
		agentStatus = await probe(this, data, `${base}${AGENT_PREFIX}/${appId}/agents?limit=1`);
		playerStatus =
			agentStatus === 401 ? 401 : await probe(this, data, `${base}/v1/projects/${appId}/cloud-player/players?pageSize=1`);
	} catch (error) {
		const code = (error as { code?: string }).code;
		return { status: 'Error', message: `Could not reach ${base}${code ? ` (${code})` : ''}` };
	}

	if (agentStatus === 401 || playerStatus === 401) {
		return {
			status: 'Error',
			message: 'Agora rejected the Customer ID or Customer Secret (401 Invalid authentication credentials)',
		};
	}
	const ok = (s: number) => s >= 200 && s < 300;
	if (ok(agentStatus) && ok(playerStatus)) {
		return { status: 'OK', message: 'Connection successful: Conversational AI and Media Pull both answer' };
	}
	if (ok(agentStatus) || ok(playerStatus) || agentStatus === 403 || playerStatus === 403) {
		const missing = [
			!ok(agentStatus) ? `Conversational AI (${agentStatus})` : undefined,
			!ok(playerStatus) ? `Media Pull (${playerStatus})` : undefined,
		].filter(Boolean);
		return {
			status: 'OK',
			message: `Credentials accepted. Not enabled on this project or App ID: ${missing.join(', ')}. Enable it in Agora Console to use its operations.`,
		};
	}
	return {
		status: 'Error',
		message: `Unexpected answer from Agora: Conversational AI ${agentStatus}, Media Pull ${playerStatus}. Check the App ID and host.`,
	};
}
