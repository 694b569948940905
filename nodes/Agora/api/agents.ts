/** What the agent operations share: the agent's path, and answers keyed by its ID. */
import type { IDataObject } from 'n8n-workflow';

export function agentPath(agentId: string, action?: string): string {
	return `/agents/${encodeURIComponent(agentId)}${action ? `/${action}` : ''}`;
}

/** An agent answer with its agent_id filled in from the request when Agora leaves it out. */
export function withAgentId(body: IDataObject, agentId: string): IDataObject {
	return { ...body, agent_id: body.agent_id ?? agentId };
}
