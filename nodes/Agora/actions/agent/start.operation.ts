import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deepMerge, parseJsonParameter } from '../../helpers/json';
import { itemParameter } from '../../helpers/parameters';
import { changes } from '../../helpers/sideEffects';
import { settle } from '../../helpers/values';
import { validateOrThrow } from '../../helpers/validate';
import { startRequestSchema } from '../../schemas/agent';
import { autoChannelToken } from '../../token/autoToken';
import { agoraErrorDetails, agoraRequest, type AgoraContext } from '../../transport';
import { backoffDelay, wait } from '../../transport/retry';
import { isRerun } from '../../helpers/rerun';
import { findAgentByName } from './lookup';
import { buildStartBody } from './start.body';
import { startFields } from './start.fields';

export const description = updateDisplayOptions({ show: { resource: ['agent'], operation: ['start'] } }, startFields);

/** The body to send: form, then "Additional Body (JSON)" deep-merged over it, validated whole. */
export function prepareStartBody(fn: IExecuteFunctions, itemIndex: number): IDataObject {
	const built = buildStartBody(fn, itemIndex);
	const options = itemParameter(fn, 'options', itemIndex, {}) as IDataObject;
	const extra = parseJsonParameter(fn, options.additionalBody, 'options.additionalBody', itemIndex);
	const body = extra ? deepMerge(built, extra) : built;
	validateOrThrow(fn, startRequestSchema, body, itemIndex);
	return body;
}

/** An empty token is generated from the App Certificate (when the credential has one). */
function fillToken(fn: IExecuteFunctions, ctx: AgoraContext, body: IDataObject, itemIndex: number): void {
	const p = body.properties as IDataObject;
	if (typeof p.token === 'string' && p.token !== '') return;
	const uid = String(p.agent_rtc_uid);
	const features = (p.advanced_features ?? {}) as IDataObject;
	// UID 0 (assigned by Agora) needs a token valid for any user.
	const asAccount = p.enable_string_uid === true && uid !== '0';
	const token = autoChannelToken(
		fn,
		ctx,
		{
			channelName: String(p.channel),
			uid: asAccount ? undefined : Number(uid),
			account: asAccount ? uid : undefined,
			withRtm: features.enable_rtm === true,
			field: 'properties.token',
		},
		itemIndex,
	);
	if (token) p.token = token;
}

/** What a next node needs; never the token or any key of the request. */
function output(response: IDataObject, body: IDataObject, extra: IDataObject = {}): IDataObject {
	const p = body.properties as IDataObject;
	const json: IDataObject = {
		...response,
		agent_id: response.agent_id,
		name: body.name,
		channel: p.channel,
		agent_rtc_uid: p.agent_rtc_uid,
		...extra,
	};
	if (p.labels && Object.keys(p.labels as IDataObject).length > 0) json.labels = p.labels;
	return json;
}

/** A lookup result (agent status resource) shaped like a start answer. */
function fromLookup(found: IDataObject): IDataObject {
	const rest: IDataObject = { ...found };
	delete rest.message;
	delete rest.stop_ts;
	return { ...rest, create_ts: found.start_ts };
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
	const body = prepareStartBody(this, itemIndex);
	fillToken(this, ctx, body, itemIndex);
	const ifNameInUse = (itemParameter(this, 'options', itemIndex, {}) as IDataObject).ifNameInUse ?? 'fail';
	const name = String(body.name);
	const channel = String((body.properties as IDataObject).channel);
	const rerun = isRerun(this);

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
		if (outcome.ok) return [{ json: output(outcome.value.body, body) }];

		const failure = outcome.error;
		const details = agoraErrorDetails(failure);
		if (!details) throw failure;
		const status = details.status ?? 0;
		if (status === 409) {
			// On a repeat (our own attempt, or n8n re-running the execution after a worker crash), the
			// conflict is most likely our own earlier start having gone through.
			const repeat = attempt > 1 || (await rerun);
			if (repeat || ifNameInUse === 'returnExisting') {
				const found = await findAgentByName(this, ctx, channel, name, itemIndex);
				if (found) {
					const mark = repeat ? { reconciled: true } : { existing: true };
					return [{ json: output(fromLookup(found), body, mark) }];
				}
			}
			throw failure;
		}
		if (!details.ambiguous && status < 500) throw failure;
		const lookup = await settle(findAgentByName(this, ctx, channel, name, itemIndex));
		// When the lookup fails too, the start's own error says more.
		if (!lookup.ok) throw failure;
		if (lookup.value) return [{ json: output(fromLookup(lookup.value), body, { reconciled: true }) }];
		if (attempt >= attempts) throw failure;
		await wait(backoffDelay(attempt - 1));
	}
}
