/* eslint-disable @typescript-eslint/no-require-imports, @n8n/community-nodes/no-restricted-imports -- not part of the published package: the AWS SDK's own signer (in node_modules with the dev tools) is the reference */
/**
 * The recorder's uploads are signed with AWS Signature Version 4, as Amazon S3 and S3-compatible
 * storage (region-vendor.mdx vendors 1 and 11) require. s3rver checks only the access key id, so
 * the signature itself is checked here against the AWS SDK's signer.
 */
import { createHash } from 'crypto';
import { signedRequest } from '../src/s3';

const { SignatureV4 } = require('@smithy/signature-v4');
const { Sha256 } = require('@aws-crypto/sha256-js');

it.each([
	['a plain key', 'recordings', 'calls/today/sid_room.m3u8', 'PUT'],
	['a key with spaces and punctuation', 'my-bucket', 'a/b c!(1)*.ts', 'PUT'],
	['a GET', 'bucket.with.dots', 'x/y.mp4', 'GET'],
])('signs %s exactly as the AWS SDK does', async (_name, bucket, key, method) => {
	const t = {
		endpoint: 'http://127.0.0.1:9000',
		bucket,
		key,
		accessKey: 'AKIDEXAMPLE',
		secretKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
		region: 'eu-west-3',
		sessionToken: 'tok',
	};
	const body = method === 'PUT' ? Buffer.from('media bytes') : undefined;
	const now = new Date(Date.UTC(2026, 10, 28, 2, 3, 4));
	const mine = signedRequest(
		t,
		{ method: method as 'PUT' | 'GET', key, body, contentType: body ? 'video/mp2t' : undefined },
		now,
	);
	const signer = new SignatureV4({
		credentials: {
			accessKeyId: t.accessKey,
			secretAccessKey: t.secretKey,
			sessionToken: t.sessionToken,
		},
		region: t.region,
		service: 's3',
		sha256: Sha256,
		uriEscapePath: false,
	});
	const headers: Record<string, string> = {
		host: '127.0.0.1:9000',
		'x-amz-content-sha256': createHash('sha256')
			.update(body ?? '')
			.digest('hex'),
	};
	if (body) headers['content-type'] = 'video/mp2t';
	const theirs = await signer.sign(
		{
			method,
			protocol: 'http:',
			hostname: '127.0.0.1',
			port: 9000,
			path: mine.url.pathname,
			headers,
			body,
		},
		{ signingDate: now },
	);
	expect(mine.headers.authorization).toBe(theirs.headers.authorization);
});
