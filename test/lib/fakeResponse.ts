/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * The parts of n8n's express response the Agent LLM Trigger writes to, recording what was written;
 * writing after the end throws, as Node's response would report it.
 */
import { EventEmitter } from 'events';
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

export class FakeResponse extends EventEmitter {
	headersSent = false;
	writableEnded = false;
	status = 0;
	headers: Record<string, string> = {};
	body = '';
	writeHead(status: number, headers: Record<string, string>) {
		if (this.headersSent) throw new Error('ERR_HTTP_HEADERS_SENT');
		this.status = status;
		this.headers = headers;
		this.headersSent = true;
		return this;
	}
	write(chunk: string) {
		if (this.writableEnded) throw new Error('write after end');
		this.headersSent = true;
		this.body += chunk;
		return true;
	}
	end(body = '') {
		if (this.writableEnded) throw new Error('write after end');
		this.body += body;
		this.writableEnded = true;
		this.emit('finish');
		return this;
	}
}

/** The Agent LLM credential as n8n stores it: its id, its key, and how many times a node read it. */
export interface LlmKeyStore {
	id: string;
	key: string;
	loads: number;
}

/** The webhook functions the Agent LLM Trigger reads: one request, the trigger's options, the key. */
export function llmWebhookContext<R extends object = FakeResponse>(
	request: { headers: IDataObject; body: unknown },
	options: IDataObject = {},
	key: string | LlmKeyStore = 'secret-key',
	response?: R,
) {
	const store = typeof key === 'string' ? { id: undefined, key, loads: 0 } : key;
	const res = (response ?? new FakeResponse()) as R;
	const warnings: string[] = [];
	const fn = {
		getRequestObject: () => request,
		getResponseObject: () => res,
		getCredentials: async () => {
			store.loads++;
			return { apiKey: store.key };
		},
		getNodeParameter: (name: string) => (name === 'options' ? options : undefined),
		getNode: () => ({
			name: 'Agora Agent LLM Trigger',
			credentials: store.id ? { agoraAgentLlmApi: { id: store.id, name: 'LLM key' } } : undefined,
		}),
		logger: { warn: (m: string) => warnings.push(m), debug: () => undefined },
		helpers: { returnJsonArray: (items: IDataObject[]) => items.map((json) => ({ json })) },
	} as unknown as IWebhookFunctions;
	return { fn, res, warnings };
}
