/** The lookup that tells whether a Call left without an answer has placed its call. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { AgoraContext } from '../../transport';
import { findAgentByName } from '../../api/agentLookup';
import { callRecordPages } from '../../api/calls';

/** Numbers compared by their digits: a record that wrote one without "+" still matches. */
const sameNumber = (a: unknown, b: unknown) =>
	String(a ?? '').replace(/\D/g, '') === String(b ?? '').replace(/\D/g, '');

/** How far before the first attempt a record may be dated: clocks of client and Agora differ. */
const CLOCK_SLACK_S = 300;

/**
 * The call a Call request placed although no answer said so, as `{agent_id}` or undefined: first the
 * outbound records to that number, then the live agent of the call's name (docs/design.md, Phone calls).
 */
export async function findPlacedCall(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	body: IDataObject,
	firstAttemptMs: number,
	itemIndex: number,
): Promise<IDataObject | undefined> {
	const sip = body.sip as IDataObject;
	const channel = String((body.properties as IDataObject).channel);
	const records = callRecordPages(
		fn,
		ctx,
		{
			number: String(sip.to_number),
			type: 'outbound',
			from_time: Math.floor(firstAttemptMs / 1000) - CLOCK_SLACK_S,
		},
		() => 100,
		{ itemIndex },
	);
	for await (const page of records) {
		const found = page.items.find(
			(r) =>
				r.channel === channel &&
				sameNumber(r.to_number, sip.to_number) &&
				sameNumber(r.from_number, sip.from_number) &&
				!!r.agent_id,
		);
		if (found) return { agent_id: found.agent_id };
	}
	const agent = await findAgentByName(fn, ctx, channel, String(body.name), itemIndex);
	return agent ? { agent_id: agent.agent_id } : undefined;
}
