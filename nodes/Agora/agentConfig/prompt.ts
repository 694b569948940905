/**
 * Instructions and Greeting, the first things a user types (top level from node version 1.4): the
 * LLM's first system message or the realtime model's instructions, and the greeting message.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { MODE } from './display';
import { text } from '../form/bodyWriters';
import { type FormReader } from '../form/reader';
import { isPlainObject } from '../../shared/values';

/** Shown in the modes that take them from the form: a saved pipeline has its own. */
const NOT_PIPELINE = { show: { mode: [MODE.cascade, MODE.mllm] } };

export const promptFields: INodeProperties[] = [
	{
		displayName: 'Instructions',
		name: 'instructions',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		placeholder: 'e.g. You are a friendly support agent for Acme. Keep answers short.',
		description:
			'The system prompt: who the agent is and how it answers. Sent as the LLM’s first system message (llm.system_messages), or as the realtime model’s instructions (mllm.params.instructions).',
		displayOptions: NOT_PIPELINE,
	},
	{
		displayName: 'Greeting',
		name: 'greeting',
		type: 'string',
		default: '',
		placeholder: 'e.g. Hi, how can I help you today?',
		description:
			'What the agent says when the user joins (greeting_message). Empty: the agent waits for the user to speak.',
		displayOptions: NOT_PIPELINE,
	},
];

/**
 * Puts Instructions and Greeting into the built `llm` or `mllm` block. A greeting set in the
 * model's own options, or instructions in the realtime model's params, are kept.
 */
export function applyPrompt(r: FormReader, models: IDataObject): void {
	const instructions = text(r.get('instructions', ''));
	const greeting = text(r.get('greeting', ''));
	if (!instructions && !greeting) return;
	const { llm, mllm } = models;
	if (isPlainObject(mllm)) {
		const params = isPlainObject(mllm.params) ? mllm.params : {};
		models.mllm = {
			...mllm,
			...(instructions && params.instructions === undefined
				? { params: { ...params, instructions } }
				: {}),
			...(greeting && mllm.greeting_message === undefined ? { greeting_message: greeting } : {}),
		};
	} else if (isPlainObject(llm)) {
		const messages = Array.isArray(llm.system_messages) ? llm.system_messages : [];
		models.llm = {
			...llm,
			...(instructions
				? { system_messages: [{ role: 'system', content: instructions }, ...messages] }
				: {}),
			...(greeting && llm.greeting_message === undefined ? { greeting_message: greeting } : {}),
		};
	}
}
