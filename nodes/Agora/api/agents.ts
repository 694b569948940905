/** What the agent operations share: the agent's path, and answers keyed by its ID. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { agoraRequest, type AgoraContext } from '../transport';

export function agentPath(agentId: string, action?: string): string {
	return `/agents/${encodeURIComponent(agentId)}${action ? `/${action}` : ''}`;
}

/** An agent answer with its agent_id filled in from the request when Agora leaves it out. */
export function withAgentId(body: IDataObject, agentId: string): IDataObject {
	return { ...body, agent_id: body.agent_id ?? agentId };
}

/** Reads one record of an agent's (its status, its call) at `path`, keyed by the agent's ID. */
export async function getAgentRecord(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	request: { agentId: string; path: string; action: string },
	itemIndex: number,
): Promise<IDataObject> {
	const { agentId, path, action } = request;
	const response = await agoraRequest.call(
		fn,
		ctx,
		{ method: 'GET', api: 'agent', path, idempotent: true, action },
		itemIndex,
	);
	return withAgentId(response.body, agentId);
}
