/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * A small S3 client speaking AWS Signature Version 4 with path-style URLs: what the recorder uploads
 * with, and what tests read the bucket with. Enough for PUT, GET and ListObjectsV2.
 */
import { createHash, createHmac } from 'crypto';
import * as http from 'http';
import * as https from 'https';

export interface S3Target {
	/** http(s)://host[:port]; a bare host name is taken as https. */
	endpoint: string;
	bucket: string;
	accessKey: string;
	secretKey: string;
	region: string;
	sessionToken?: string;
}

export class S3Error extends Error {
	constructor(
		readonly status: number,
		readonly body: string,
	) {
		super(`S3 answered ${status}: ${body.slice(0, 300)}`);
	}
}

const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string): Buffer =>
	createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding of one path segment, as SigV4 wants it. */
function encodeSegment(s: string): string {
	return encodeURIComponent(s).replace(
		/[!'()*]/g,
		(c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
	);
}

export function baseUrl(endpoint: string): URL {
	return new URL(/^https?:\/\//.test(endpoint) ? endpoint : `https://${endpoint}`);
}

interface S3Request {
	method: 'GET' | 'PUT';
	key?: string;
	query?: Record<string, string>;
	body?: Buffer;
	contentType?: string;
}

export function signedRequest(
	t: S3Target,
	r: S3Request,
	now = new Date(),
): { url: URL; headers: Record<string, string> } {
	const base = baseUrl(t.endpoint);
	const path = `/${encodeSegment(t.bucket)}${r.key === undefined ? '' : '/' + r.key.split('/').map(encodeSegment).join('/')}`;
	const query = Object.entries(r.query ?? {})
		.sort(([a], [b]) => (a < b ? -1 : 1))
		.map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`)
		.join('&');
	const url = new URL(`${base.origin}${path}${query ? `?${query}` : ''}`);
	const amzDate = now
		.toISOString()
		.replace(/[-:]/g, '')
		.replace(/\.\d{3}/, '');
	const day = amzDate.slice(0, 8);
	const payloadHash = sha256(r.body ?? '');
	const headers: Record<string, string> = {
		host: url.host,
		'x-amz-content-sha256': payloadHash,
		'x-amz-date': amzDate,
	};
	if (t.sessionToken) headers['x-amz-security-token'] = t.sessionToken;
	if (r.contentType) headers['content-type'] = r.contentType;
	const names = Object.keys(headers).sort();
	const canonical = [
		r.method,
		path,
		query,
		names.map((n) => `${n}:${headers[n].trim()}\n`).join(''),
		names.join(';'),
		payloadHash,
	].join('\n');
	const scope = `${day}/${t.region}/s3/aws4_request`;
	const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
	const key = hmac(hmac(hmac(hmac(`AWS4${t.secretKey}`, day), t.region), 's3'), 'aws4_request');
	headers.authorization = `AWS4-HMAC-SHA256 Credential=${t.accessKey}/${scope}, SignedHeaders=${names.join(';')}, Signature=${createHmac('sha256', key).update(toSign).digest('hex')}`;
	return { url, headers };
}

function send(t: S3Target, r: S3Request, timeoutMs = 20000): Promise<Buffer> {
	const { url, headers } = signedRequest(t, r);
	const mod = url.protocol === 'https:' ? https : http;
	return new Promise((resolve, reject) => {
		const req = mod.request(
			url,
			{
				method: r.method,
				headers: { ...headers, 'content-length': String(r.body?.length ?? 0) },
				timeout: timeoutMs,
			},
			(res) => {
				const chunks: Buffer[] = [];
				res.on('data', (c: Buffer) => chunks.push(c));
				res.on('end', () => {
					const body = Buffer.concat(chunks);
					const status = res.statusCode ?? 0;
					if (status >= 200 && status < 300) resolve(body);
					else reject(new S3Error(status, body.toString('utf8')));
				});
				res.on('error', reject);
			},
		);
		req.on('timeout', () => req.destroy(new Error('S3 request timed out')));
		req.on('error', reject);
		req.end(r.body);
	});
}

export async function putObject(
	t: S3Target,
	key: string,
	body: Buffer,
	contentType: string,
): Promise<void> {
	await send(t, { method: 'PUT', key, body, contentType });
}

export function getObject(t: S3Target, key: string): Promise<Buffer> {
	return send(t, { method: 'GET', key });
}

/** Every key under a prefix (ListObjectsV2, following continuation tokens). */
export async function listKeys(t: S3Target, prefix = ''): Promise<string[]> {
	const keys: string[] = [];
	let token: string | undefined;
	do {
		const query: Record<string, string> = { 'list-type': '2', prefix };
		if (token) query['continuation-token'] = token;
		const xml = (await send(t, { method: 'GET', query })).toString('utf8');
		for (const m of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) keys.push(unescapeXml(m[1]));
		const next = /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml);
		token = /<IsTruncated>true<\/IsTruncated>/.test(xml) && next ? unescapeXml(next[1]) : undefined;
	} while (token);
	return keys;
}

function unescapeXml(s: string): string {
	return s
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&quot;/g, '"')
		.replace(/&apos;/g, "'")
		.replace(/&amp;/g, '&');
}
