import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deepMerge, parseJsonParameter } from '../../../shared/json';
import { itemParameter } from '../common/parameters';
import { changes } from '../common/sideEffects';
import { settle } from '../../../shared/values';
import { applyVendorCredential } from '../../../shared/vendorKeys';
import { validateOrThrow } from '../../../shared/validate';
import { startRequestSchema } from '../../schemas/agent';
import { fillAgentToken } from '../common/autoToken';
import { agoraErrorDetails, agoraRequest, type AgoraContext } from '../../transport';
import { backoffDelay, wait } from '../../transport/retry';
import { isRerun } from '../common/rerun';
import { findAgentByName } from '../common/agentLookup';
import { buildStartBody, toCurrentForm } from '../common/agentConfig/startBody';
import { startFields } from './start.fields';
import { checkMcpServers } from '../common/agentConfig/mcp';

export const description = updateDisplayOptions({ show: { resource: ['agent'], operation: ['start'] } }, startFields);

/** The body to send: form, then "Additional Body (JSON)" deep-merged over it, validated whole. */
function prepareStartBody(fn: IExecuteFunctions, ctx: AgoraContext, itemIndex: number): IDataObject {
	const built = buildStartBody(fn, itemIndex);
	const options = itemParameter(fn, 'options', itemIndex, {}) as IDataObject;
	const extra = parseJsonParameter(fn, options.additionalBody, 'options.additionalBody', itemIndex);
	const body = toCurrentForm(extra ? deepMerge(built, extra) : built);
	// Keys left empty by the form and Additional Body come from the Agora Vendor Keys credential.
	const filled = applyVendorCredential(body, ctx.vendorKeys);
	validateOrThrow(fn, startRequestSchema, filled, itemIndex);
	return filled;
}

type Path = 'started' | 'existing' | 'reconciled';

/**
 * What a next node needs, the same fields whichever path produced the agent; never the token or
 * any key of the request. An existing agent was started by someone else: its UID and labels are
 * not known (null).
 */
function output(agent: IDataObject, body: IDataObject, path: Path): IDataObject {
	const p = body.properties as IDataObject;
	const ours = path !== 'existing';
	return {
		agent_id: agent.agent_id,
		name: body.name,
		channel: p.channel,
		agent_rtc_uid: ours ? p.agent_rtc_uid : null,
		status: agent.status ?? null,
		// A start answers create_ts; a lookup (the agent's status) start_ts.
		create_ts: agent.create_ts ?? agent.start_ts ?? null,
		labels: ours ? (p.labels ?? {}) : null,
		existing: path === 'existing',
		reconciled: path === 'reconciled',
	};
}

/**
 * What an output item of this operation did at Agora (listed when a bulk run stops). An agent
 * returned by "Return Existing" was not started by this run.
 */
export const sideEffect = changes('agent', 'started', 'agent_id', ['existing']);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
): Promise<INodeExecutionData[]> {
	const body = prepareStartBody(this, ctx, itemIndex);
	await checkMcpServers(this, ctx.baseUrl, body, itemIndex);
	fillAgentToken(this, ctx, body, itemIndex);
	const ifNameInUse = (itemParameter(this, 'options', itemIndex, {}) as IDataObject).ifNameInUse ?? 'fail';
	const name = String(body.name);
	const channel = String((body.properties as IDataObject).channel);
	// Stored before the first request: a worker killed after Agora applied it still leaves the mark.
	const rerun = await isRerun(this);

	// Start is not idempotent: a blind repeat could run two agents. After an answer that leaves the
	// outcome open (504, time-out, dropped connection, other 5xx) the agent is looked up by name in
	// the channel first, and the start is repeated only when it does not exist.
	const attempts = 1 + ctx.maxRetries;
	for (let attempt = 1; ; attempt++) {
		const outcome = await settle(
			agoraRequest.call(
				this,
				ctx,
				{ method: 'POST', api: 'agent', path: '/join', body, idempotent: false, action: 'start agent' },
				itemIndex,
			),
		);
		if (outcome.ok) return [{ json: output(outcome.value.body, body, 'started') }];

		const failure = outcome.error;
		const details = agoraErrorDetails(failure);
		if (!details) throw failure;
		const status = details.status ?? 0;
		if (status === 409) {
			// On a repeat (our own attempt, or n8n re-running the execution after a worker crash), the
			// conflict is most likely our own earlier start having gone through.
			const repeat = attempt > 1 || rerun;
			if (repeat || ifNameInUse === 'returnExisting') {
				const found = await findAgentByName(this, ctx, channel, name, itemIndex);
				if (found) return [{ json: output(found, body, repeat ? 'reconciled' : 'existing') }];
			}
			throw failure;
		}
		if (!details.ambiguous && status < 500) throw failure;
		const lookup = await settle(findAgentByName(this, ctx, channel, name, itemIndex));
		// When the lookup fails too, the start's own error says more.
		if (!lookup.ok) throw failure;
		if (lookup.value) return [{ json: output(lookup.value, body, 'reconciled') }];
		if (attempt >= attempts) throw failure;
		await wait(backoffDelay(attempt - 1));
	}
}
