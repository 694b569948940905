import type { INodeProperties } from 'n8n-workflow';

/** The Agent ID field shared by every operation on a running agent. */
export const agentIdField: INodeProperties = {
	displayName: 'Agent ID',
	name: 'agentId',
	type: 'string',
	required: true,
	default: '',
	placeholder: '1NT29X10YHxxxxxWJOXLYHNYB',
	description: 'The agent_id returned by the Start operation (or by Get Many)',
};
