/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * A loopback proxy in front of the sandbox that fails chosen requests (picked by body) as Agora would,
 * or records and gates them (docs/testing.md, Harnesses).
 */
import { randomUUID } from 'crypto';
import http from 'http';
import type { AddressInfo } from 'net';

export interface FaultProxy {
	url: string;
	/** How many requests were failed. */
	failed(): number;
	close(): Promise<void>;
}

export interface ProxiedRequest {
	method: string;
	path: string;
	headers: http.IncomingHttpHeaders;
	/** The parsed JSON body (undefined when none). */
	body: unknown;
}

export interface FaultProxyOptions {
	target: string;
	/** Which request to fail; none when left out. */
	fails?: (request: ProxiedRequest) => boolean;
	/** Every request as it arrives, before it is failed or forwarded (awaited). */
	onRequest?: (request: ProxiedRequest) => void | Promise<void>;
	holdOthers?: boolean;
	/** 'refuse' (default): a 400. 'drop': the connection is closed with no answer (outcome unknown). */
	mode?: 'refuse' | 'drop';
	/** The answer's reason and detail (Agora's error shape). */
	reason?: string;
	detail?: string;
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
}

function parse(raw: Buffer): unknown {
	try {
		return raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
	} catch {
		return undefined;
	}
}

function forward(
	target: URL,
	req: http.IncomingMessage,
	raw: Buffer,
	res: http.ServerResponse,
): void {
	const upstream = http.request(
		{
			host: target.hostname,
			port: target.port,
			method: req.method,
			path: req.url,
			headers: { ...req.headers, host: target.host },
		},
		(answer) => {
			res.writeHead(answer.statusCode ?? 502, answer.headers);
			answer.pipe(res);
		},
	);
	upstream.on('error', () => {
		res.writeHead(502);
		res.end();
	});
	upstream.end(raw);
}

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
	const target = new URL(options.target);
	let failed = 0;
	let release: () => void = () => {};
	const released = new Promise<void>((resolve) => (release = resolve));

	const server = http.createServer((req, res) => {
		void (async () => {
			const raw = await readBody(req);
			const request = {
				method: req.method ?? '',
				path: (req.url ?? '').split('?')[0],
				headers: req.headers,
				body: parse(raw),
			};
			await options.onRequest?.(request);
			if (options.fails?.(request)) {
				failed++;
				if (options.mode === 'drop') {
					req.socket.destroy();
					release();
					return;
				}
				res.writeHead(400, { 'Content-Type': 'application/json', 'X-Request-ID': randomUUID() });
				res.end(
					JSON.stringify({
						reason: options.reason ?? 'InvalidRequest',
						detail: options.detail ?? 'refused by the test proxy',
					}),
					() => release(),
				);
				return;
			}
			if (options.holdOthers) await released;
			forward(target, req, raw, res);
		})();
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		failed: () => failed,
		async close() {
			release();
			server.closeAllConnections();
			await new Promise((resolve) => server.close(resolve));
		},
	};
}
