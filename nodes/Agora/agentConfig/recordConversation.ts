/**
 * "Record the Conversation" of Start and Call: adding the option records the agent's channel with
 * Cloud Recording beside the agent (the recording itself: api/conversationRecording.ts).
 */
import type { INodeProperties } from 'n8n-workflow';

import type { FormReader } from '../form/reader';
import { isPlainObject } from '../../shared/values';

export const RECORD_CONVERSATION = 'recordConversation';

/** The group holding the option: the credential's display rule names it by this path. */
export const RECORD_CONVERSATION_GROUP = 'conversation';

/**
 * Where the Agora Recording Storage credential shows: the Cloud Recording resource (whose hidden
 * value fills this path) and Start or Call with the option added.
 */
export const STORAGE_CREDENTIAL_RULE = {
	show: {
		resource: ['agent', 'phoneCall', 'cloudRecording'],
		[`${RECORD_CONVERSATION_GROUP}.${RECORD_CONVERSATION}`]: [true],
	},
};

export const recordConversationField: INodeProperties = {
	displayName: 'Record the Conversation',
	name: RECORD_CONVERSATION,
	type: 'boolean',
	default: true,
	description:
		'Whether Agora Cloud Recording records the channel beside the agent (one audio file, HLS and MP4) into your bucket. Stop, Hang Up and Wait for the Call to End stop it and list the files.',
	hint: 'Needs the Agora Recording Storage credential and Basic authentication. A recording whose stop never runs leaves by itself 30 s after the channel empties (its idle exit), so it does not go on billing.',
};

/** Whether this item records its conversation: the option added (an unset one reads its default). */
export function recordsConversation(r: FormReader): boolean {
	const group: unknown = r.fn.getNode().parameters[RECORD_CONVERSATION_GROUP];
	if (!isPlainObject(group) || group[RECORD_CONVERSATION] === undefined) return false;
	return r.get(RECORD_CONVERSATION, false) === true;
}
