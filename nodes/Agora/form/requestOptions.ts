/**
 * Request Options: how many items go to Agora at once, retries, time-out and the item-field shortcut.
 * Top level for most operations; inside Advanced where an operation groups its options (1.3).
 */
import type { INodeProperties } from 'n8n-workflow';

export const requestOptionsField: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	description: 'How many items go to Agora at once, retries, time-out and the item-field shortcut',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Concurrency',
			name: 'concurrency',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 100 },
			default: 50,
			description:
				'How many items are sent to Agora at the same time. Requests stay inside Agora’s published rate limits whatever the value (cloud players are paced per name, channel and project).',
		},
		{
			displayName: 'Max Retries',
			name: 'maxRetries',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 10 },
			default: 3,
			description:
				'Retries for 503 answers (after Retry-After), and for 5xx or network failures of requests that are safe to repeat',
			hint: 'A 429 (rate limit reached, nothing done) is sent again after Retry-After for up to 2 minutes, unless this is 0',
		},
		{
			displayName: 'Read Item Fields Directly',
			name: 'readItemFieldsDirectly',
			type: 'boolean',
			default: true,
			description:
				'Whether expressions that only read a field of the input item are read from the item directly: same value, faster. Off: n8n evaluates every expression.',
		},
		{
			displayName: 'Timeout (Ms)',
			name: 'timeoutMs',
			type: 'number',
			typeOptions: { minValue: 100 },
			default: 30000,
			description: 'How long to wait for one answer from Agora',
		},
	],
};
