/**
 * Version 1.3 keeps Request Options inside Advanced, a collection in a collection: an expression
 * there (one reading another node, so n8n evaluates it) gives its value, or the field's own error.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox/src';
import * as pool from '../../../../nodes/Agora/run/pool';
import { agoraWorkflow, runWorkflow, type CredentialData } from '../../../lib/harness';
import { useSandbox } from '../../../lib/sandbox';

let sb: Sandbox;
let credential: CredentialData;
useSandbox({ startDelayMs: 5, stopDelayMs: 5 }, (started) => ({ sb, credential } = started));

const LINES = "={{ $('Items').first().json.lines }}";
const items = [0, 1, 2].map((index) => ({ index, lines: 2 }));

/** Agent › Start 1.3, each group holding one expression; `requestOptions` goes into Advanced. */
const start = (requestOptions: INodeParameters): INodeParameters => ({
	resource: 'agent',
	operation: 'start',
	channel: '={{ "room" + $json.index }}',
	remoteRtcUid: '2002',
	model: { llmUrl: '={{ "https://llm.example.com/" + $("Items").first().json.lines }}' },
	voice: { ttsVendor: 'microsoft', ttsParams: '{"key": "k-0123456789", "voice_name": "v"}' },
	identity: { vendorKeys: 'form', name: '={{ "agent-" + $json.index }}', agentRtcUid: '1001' },
	options: { requestOptions },
});

async function run(requestOptions: INodeParameters) {
	const workflow = agoraWorkflow(start(requestOptions), items, { typeVersion: 1.3 });
	return await runWorkflow(workflow, credential);
}

afterEach(() => jest.restoreAllMocks());

it('gives the evaluated value: the items run that many at a time, every group’s expression read', async () => {
	const runConcurrently = jest.spyOn(pool, 'runConcurrently');
	const timeoutMs = "={{ $('Items').first().json.lines * 10000 }}";
	const result = await run({ concurrency: LINES, timeoutMs });
	expect(result.error('Agora')).toBeUndefined();
	expect(runConcurrently).toHaveBeenCalledWith(3, 2, expect.any(Function));
	const joins = sb.requests.filter((request) => request.path.endsWith('/join'));
	expect(joins.map((join) => (join.body as IDataObject).name)).toEqual([
		'agent-0',
		'agent-1',
		'agent-2',
	]);
	expect((joins[0].body as { properties: { llm: IDataObject } }).properties.llm.url).toBe(
		'https://llm.example.com/2',
	);
});

it.each([
	['0', "={{ $('Items').first().json.lines - 2 }}"],
	['500', "={{ $('Items').first().json.lines * 250 }}"],
	['"abc"', "={{ 'abc' }}"],
])('an expression giving %s is refused by name before any request', async (_, concurrency) => {
	const result = await run({ concurrency });
	expect(result.error('Agora')?.message).toBe(
		'Invalid “Request Options › Concurrency”: must be a whole number from 1 to 100',
	);
	expect(sb.requests.filter((request) => request.path.endsWith('/join'))).toHaveLength(0);
});
