/**
 * What Speak and Think share: a message to one running agent, built from the form with Additional
 * Body over it, checked whole, and posted once (an unclear failure is not repeated).
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import type { ZodType } from 'zod';

import { additionalBodyOptions, withAdditionalBody } from '../../form/additionalBody';
import { FormReader } from '../../form/reader';
import { validateOrThrow } from '../../../shared/validate';
import { agoraRequest, type AgoraContext } from '../../transport';
import { agentIdField, readAgentId } from '../../form/locators';
import { agentPath, withAgentId } from '../../api/agents';

export interface AgentMessage {
	/** The operation's value and the last segment of its path (/agents/{id}/{operation}). */
	operation: 'speak' | 'think';
	/** The message's own fields, between the agent and the Options. */
	fields: INodeProperties[];
	/** What Additional Body merges over, as the form says it. */
	additionalBodyOver: string;
	schema: ZodType<unknown>;
	build(form: FormReader): IDataObject;
	/** The action named in errors, e.g. "make agent speak". */
	action: string;
}

export function messageDescription(message: AgentMessage): INodeProperties[] {
	return updateDisplayOptions({ show: { resource: ['agent'], operation: [message.operation] } }, [
		agentIdField,
		...message.fields,
		additionalBodyOptions(message.additionalBodyOver),
	]);
}

export function messageExecute(message: AgentMessage) {
	return async function execute(
		this: IExecuteFunctions,
		itemIndex: number,
		ctx: AgoraContext,
	): Promise<INodeExecutionData[]> {
		const form = new FormReader(this, itemIndex);
		const agentId = readAgentId(this, itemIndex);
		const body = withAdditionalBody(this, message.build(form), itemIndex);
		validateOrThrow(this, message.schema, body, itemIndex);
		const response = await agoraRequest.call(
			this,
			ctx,
			// Not repeated after an unclear failure: the message could be said or handled twice.
			{
				method: 'POST',
				api: 'agent',
				path: agentPath(agentId, message.operation),
				body,
				idempotent: false,
				action: message.action,
			},
			itemIndex,
		);
		return [{ json: withAgentId(response.body, agentId) }];
	};
}
