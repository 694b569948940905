import { randomUUID } from 'crypto';
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	INodeCredentialTestResult,
} from 'n8n-workflow';

import { authMethodOf, restAuthorization, tokenAuthProblem } from './token/restToken';
import { agentApiPrefix, baseUrlFromCredential } from './hosts';

type Probe = (url: string) => Promise<number>;

/** A GET that resolves to the HTTP status, signed in the credential's way. */
function prober(fn: ICredentialTestFunctions, data: ICredentialDataDecryptedObject): Probe {
	return async (url) => {
		const token = authMethodOf(data) === 'token';
		const answer = (await fn.helpers.request({
			method: 'GET',
			uri: url,
			auth: token
				? undefined
				: { user: String(data.customerId ?? ''), pass: String(data.customerSecret ?? '') },
			headers: {
				'X-Request-ID': randomUUID(),
				Accept: 'application/json',
				...(token ? { Authorization: restAuthorization(data, { url }) } : {}),
			},
			json: true,
			simple: false,
			resolveWithFullResponse: true,
			timeout: 15000,
		})) as { statusCode: number };
		return answer.statusCode;
	};
}

const ok = (status: number) => status >= 200 && status < 300;

/** Basic: both products share one credential; a wrong Customer ID/Secret (401) fails, a product not enabled (403) passes with a note. */
async function testBasic(
	probe: Probe,
	agentsUrl: string,
	playersUrl: string,
): Promise<INodeCredentialTestResult> {
	const agentStatus = await probe(agentsUrl);
	const playerStatus = agentStatus === 401 ? 401 : await probe(playersUrl);
	if (agentStatus === 401 || playerStatus === 401) {
		return {
			status: 'Error',
			message:
				'Agora rejected the Customer ID or Customer Secret (401 Invalid authentication credentials)',
		};
	}
	if (ok(agentStatus) && ok(playerStatus)) {
		return {
			status: 'OK',
			message: 'Connection successful: Conversational AI and Media Pull both answer',
		};
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

/** Token: only Conversational AI accepts it, so only that API is asked. */
async function testToken(probe: Probe, agentsUrl: string): Promise<INodeCredentialTestResult> {
	const status = await probe(agentsUrl);
	const mediaPull =
		'Media Pull (cloud players) accepts only Basic authentication: use a credential with Basic for its operations.';
	if (ok(status))
		return { status: 'OK', message: `Token accepted by Conversational AI. ${mediaPull}` };
	if (status === 401) {
		return {
			status: 'Error',
			message:
				'Agora rejected the token (401): check that the App Certificate is the primary certificate of the project with this App ID',
		};
	}
	if (status === 403) {
		return {
			status: 'OK',
			message: `Token accepted, but Conversational AI is not enabled on this project or App ID (403). ${mediaPull}`,
		};
	}
	return {
		status: 'Error',
		message: `Unexpected answer from Agora's Conversational AI API: ${status}. Check the App ID and host.`,
	};
}

/** The credential test of both nodes: asks Agora itself, signed the way the credential says. */
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
	const appId = String(data.appId ?? '').trim();
	if (!appId) return { status: 'Error', message: 'App ID is required' };
	const token = authMethodOf(data) === 'token';
	const problem = token
		? tokenAuthProblem(appId, String(data.appCertificate ?? '').trim())
		: undefined;
	if (problem) return { status: 'Error', message: problem };

	const agentsUrl = `${base}${agentApiPrefix(base)}/projects/${encodeURIComponent(appId)}/agents?limit=1`;
	const playersUrl = `${base}/v1/projects/${encodeURIComponent(appId)}/cloud-player/players?pageSize=1`;
	const probe = prober(this, data);
	try {
		return token
			? await testToken(probe, agentsUrl)
			: await testBasic(probe, agentsUrl, playersUrl);
	} catch (error) {
		const code = (error as { code?: string }).code;
		return { status: 'Error', message: `Could not reach ${base}${code ? ` (${code})` : ''}` };
	}
}
