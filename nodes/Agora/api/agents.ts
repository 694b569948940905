/** What the agent operations share: the agent's ID field, its path, and answers keyed by it. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidField } from '../../shared/validate';
import { idLocator, readLocator } from '../form/locators';

/** The agent of every operation on one agent: picked from the list, or given by ID. */
export const agentIdField: INodeProperties = idLocator({
	displayName: 'Agent',
	name: 'agentId',
	description: 'The agent: its agent_id is returned by Start and by Get Many',
	searchListMethod: 'searchAgents',
	listPlaceholder: 'Select an agent...',
	exampleId: '1NT29X10YHxxxxxWJOXLYHNYB',
	hint: 'The list shows the agents of the last 72 hours. Type a channel name to list only that channel’s agents.',
});

/** Reads the Agent ID of an item; an empty ID fails the item before anything is sent. */
export function readAgentId(fn: IExecuteFunctions, itemIndex: number): string {
	const agentId = readLocator(fn, 'agentId', itemIndex);
	if (!agentId) throw invalidField(fn, 'agentId', 'is required', itemIndex);
	return agentId;
}

export function agentPath(agentId: string, action?: string): string {
	return `/agents/${encodeURIComponent(agentId)}${action ? `/${action}` : ''}`;
}

/** An agent answer with its agent_id filled in from the request when Agora leaves it out. */
export function withAgentId(body: IDataObject, agentId: string): IDataObject {
	return { ...body, agent_id: body.agent_id ?? agentId };
}
