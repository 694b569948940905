/** The tool list of an MCP server read from Streamable HTTP answers given as Server-Sent Events, with a session id, over pages. */
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { listMcpToolNames } from '../../../nodes/shared/mcpToolList';

/** A server answering in text/event-stream, as n8n's MCP Server Trigger does, two pages of tools. */
function sseServer(seen: IHttpRequestOptions[]) {
	return async (options: IHttpRequestOptions) => {
		seen.push(options);
		const message = JSON.parse(String(options.body)) as IDataObject;
		if (message.id === undefined) return { statusCode: 202, headers: {}, body: '' };
		const page = (message.params as IDataObject | undefined)?.cursor === 'p2' ? 2 : 1;
		const result =
			message.method === 'initialize'
				? {
						protocolVersion: '2025-03-26',
						capabilities: { tools: {} },
						serverInfo: { name: 'n8n', version: '1' },
					}
				: page === 1
					? { tools: [{ name: 'Look_Up_Order', inputSchema: {} }], nextCursor: 'p2' }
					: { tools: [{ name: 'Opening_Hours', inputSchema: {} }] };
		const event = `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: message.id, result })}\n\n`;
		return {
			statusCode: 200,
			headers: { 'content-type': 'text/event-stream', 'mcp-session-id': 's-1' },
			body: event,
		};
	};
}

test('reads SSE answers, keeps the session id and follows nextCursor', async () => {
	const seen: IHttpRequestOptions[] = [];
	const listed = await listMcpToolNames(sseServer(seen), 'http://127.0.0.1:1/mcp/tools', {
		Authorization: 'Bearer t',
	});
	expect(listed).toEqual({ ok: true, names: ['Look_Up_Order', 'Opening_Hours'] });
	expect(seen.map((o) => JSON.parse(String(o.body)).method)).toEqual([
		'initialize',
		'notifications/initialized',
		'tools/list',
		'tools/list',
	]);
	expect((seen[0].headers as IDataObject)['Mcp-Session-Id']).toBeUndefined();
	expect((seen[2].headers as IDataObject)['Mcp-Session-Id']).toBe('s-1');
	expect((seen[2].headers as IDataObject).Authorization).toBe('Bearer t');
});

test('an HTTP error or no answer says why, without header values', async () => {
	const refused = await listMcpToolNames(
		async () => ({ statusCode: 401, headers: {}, body: '{"error":"unauthorized"}' }),
		'http://127.0.0.1:1/mcp',
		{ Authorization: 'Bearer secret-x' },
	);
	expect(refused).toEqual({ ok: false, why: 'initialize answered HTTP 401' });
	const down = await listMcpToolNames(
		async () =>
			Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
		'http://127.0.0.1:1/mcp',
	);
	expect(down).toEqual({ ok: false, why: 'initialize got no answer' });
});
