/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * What the node takes from the n8n it runs in: the $json shortcut against getNodeParameter (through
 * test/e2e/probe), and validation messages equal to the in-process engine's, on every version.
 */
import fs from 'fs';
import http from 'http';
import type { AddressInfo } from 'net';
import path from 'path';

import { agoraWorkflow, runWorkflow } from '../lib/harness';
import { nodeOutput, type N8nHost } from '../../scripts/lib/n8nHost';
import { installFolderPackage } from '../../scripts/lib/n8nInstall';
import { N8N_VERSION as version, useN8nE2e } from '../lib/n8nE2e';

const CREDENTIAL = { id: 'engineTestCred01', name: 'Agora engine test' };

let host: N8nHost;
let agora: http.Server;
let agoraRequests = 0;
let credentialData: Record<string, string>;

// The refused inputs run as node version 1: the examples as saved in that version's layout.
const EXAMPLES_V1 = path.resolve(__dirname, '../fixtures/examples-before-1.3');
const example = (file: string, node: string) =>
	JSON.parse(fs.readFileSync(path.join(EXAMPLES_V1, file), 'utf8')).nodes.find(
		(n: { name: string }) => n.name === node,
	).parameters;
const START = example('01-voice-agent-lifecycle.json', 'Start Agent');
const CREATE = example('04-cloud-player-lifecycle.json', 'Create Player');

/** Inputs the node refuses before sending anything, one per branch of one workflow. */
const REFUSED: Record<string, Record<string, unknown>> = {
	'Agent idle timeout below 0': { ...START, idleTimeout: -5 },
	'Agent UID not digits': { ...START, agentRtcUid: 'abc' },
	'Player channel name with a slash': { ...CREATE, channelName: 'lobby/1' },
	'Player idle timeout not a number': {
		...CREATE,
		additionalFields: { ...CREATE.additionalFields, idleTimeout: '={{ "soon" }}' },
	},
};

const PROBE_ITEMS = [
	{
		name: 'Ada',
		count: 3,
		flag: true,
		nested: { deep: { value: 'x1' } },
		'a b': ['first', 'second'],
		list: [10, 20, 30],
		obj: { k: 1 },
		nul: null,
		uni: 'Grüße 👋',
	},
	{
		name: 'Bob',
		count: -7.5,
		flag: false,
		nested: { deep: { value: 'x2' } },
		'a b': ['third'],
		list: [1, 2],
		obj: { k: 2 },
		nul: null,
		uni: '日本語',
	},
	{
		name: '',
		count: 0,
		flag: false,
		nested: { deep: {} },
		'a b': [],
		list: [5],
		obj: [],
		nul: null,
		uni: '',
	},
];
const PROBE_PARAMETERS = {
	plainString: '={{ $json.name }}',
	plainNumber: '={{ $json.count }}',
	plainBoolean: '={{ $json.flag }}',
	nestedRead: '={{ $json.nested.deep.value }}',
	bracketRead: '={{ $json["a b"][0] }}',
	indexRead: '={{ $json.list[1] }}',
	unicodeRead: '={{ $json.uni }}',
	objectRead: '={{ $json.obj }}',
	nullRead: '={{ $json.nul }}',
	computed: "={{ $json.name + '!' }}",
	literal: 'plain text',
	collection: { a: '={{ $json.name }}', b: '={{ $json.count }}' },
};
/** Reads the reader must take from the item itself, per item; every other read goes to n8n. */
const SHORTCUT: string[][] = [
	[
		'plainString',
		'plainNumber',
		'plainBoolean',
		'nestedRead',
		'bracketRead',
		'indexRead',
		'unicodeRead',
		'literal',
		'collection',
	],
	[
		'plainString',
		'plainNumber',
		'plainBoolean',
		'nestedRead',
		'bracketRead',
		'indexRead',
		'unicodeRead',
		'literal',
		'collection',
	],
	// The third item lacks nested.deep.value, "a b"[0] and list[1]: n8n decides what those are.
	['plainString', 'plainNumber', 'plainBoolean', 'unicodeRead', 'literal', 'collection'],
];

const trigger = {
	id: 't',
	name: 'Start',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
const credentials = { agoraApi: CREDENTIAL };

const workflow = (id: string, nodes: object[], connections: object) => ({
	id,
	name: id,
	active: false,
	nodes,
	connections,
	settings: {},
});

useN8nE2e({ name: 'engine', sandbox: false, ownN8n: true }, async (e2e) => {
	host = e2e.host;
	installFolderPackage(e2e.userFolder, path.join(__dirname, 'probe'));
	// Stands in for Agora: the refused inputs must not reach it.
	agora = http.createServer((_req, res) => {
		agoraRequests++;
		res.statusCode = 500;
		res.end();
	});
	await new Promise<void>((resolve) => agora.listen(0, '127.0.0.1', resolve));
	credentialData = {
		customerId: 'engine-test',
		customerSecret: 'engine-secret',
		appId: 'a'.repeat(32),
		host: 'custom',
		customBaseUrl: `http://127.0.0.1:${(agora.address() as AddressInfo).port}`,
	};
	await host.importCredentialData([{ ...CREDENTIAL, type: 'agoraApi', data: credentialData }]);

	const items = `return ${JSON.stringify(PROBE_ITEMS)}.map((json) => ({ json }));`;
	const probe = workflow(
		'agoraEngineProbe',
		[
			trigger,
			{
				id: 'i',
				name: 'Items',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				position: [200, 0],
				parameters: { jsCode: items },
			},
			{
				id: 'p',
				name: 'Probe',
				type: 'n8n-nodes-agora-probe.agoraParameterProbe',
				typeVersion: 1,
				position: [400, 0],
				parameters: PROBE_PARAMETERS,
			},
		],
		{
			Start: { main: [[{ node: 'Items', type: 'main', index: 0 }]] },
			Items: { main: [[{ node: 'Probe', type: 'main', index: 0 }]] },
		},
	);
	const branches = Object.entries(REFUSED).map(([name, parameters], i) => ({
		id: `r${i}`,
		name,
		type: 'n8n-nodes-agora.agora',
		typeVersion: 1,
		position: [200, i * 150],
		parameters,
		credentials,
		onError: 'continueRegularOutput',
	}));
	const refused = workflow('agoraEngineRefuse', [trigger, ...branches], {
		Start: { main: [branches.map((b) => ({ node: b.name, type: 'main', index: 0 }))] },
	});
	const stopped = workflow(
		'agoraEngineStops',
		[trigger, { ...branches[0], name: 'Start Agent', onError: undefined }],
		{ Start: { main: [[{ node: 'Start Agent', type: 'main', index: 0 }]] } },
	);
	await e2e.importWorkflows([probe, refused, stopped]);
});

afterAll(async () => {
	await new Promise((resolve) => agora?.close(resolve));
});

test(`n8n ${version}: the $json shortcut is taken and gives what getNodeParameter gives`, async () => {
	const { run, raw } = await host.execute('agoraEngineProbe');
	const out = nodeOutput(run.data, 'Probe') as Array<{
		item: number;
		connectionInputDataIsInput: boolean;
		reads: Record<string, { same: boolean; fellBack: boolean; shortcut: unknown; n8n: unknown }>;
	}>;
	expect(out.length).toBe(PROBE_ITEMS.length);
	if (out.length !== PROBE_ITEMS.length) throw new Error(raw.stdout + raw.stderr);
	for (const { item, connectionInputDataIsInput, reads } of out) {
		// The internal the shortcut relies on: $json reads these very items.
		expect(connectionInputDataIsInput).toBe(true);
		expect(Object.keys(reads).sort()).toEqual(Object.keys(PROBE_PARAMETERS).sort());
		for (const [name, read] of Object.entries(reads)) {
			const label = `item ${item}, ${name}: shortcut ${JSON.stringify(read.shortcut)}, n8n ${JSON.stringify(read.n8n)}`;
			expect({ label, same: read.same }).toEqual({ label, same: true });
			expect({ label, fellBack: read.fellBack }).toEqual({
				label,
				fellBack: !SHORTCUT[item].includes(name),
			});
		}
	}
	// Values that are really item values (not all empty or undefined).
	expect(out[1].reads.plainNumber.n8n).toBe(-7.5);
	expect(out[0].reads.bracketRead.n8n).toBe('first');
	expect(out[1].reads.collection.n8n).toEqual({ a: 'Bob', b: -7.5 });
}, 300000);

test(`n8n ${version}: validation messages read as in the project's own engine, and nothing is sent`, async () => {
	const { run } = await host.execute('agoraEngineRefuse');
	for (const [name, parameters] of Object.entries(REFUSED)) {
		const expected = (
			await runWorkflow(
				agoraWorkflow(parameters as never, [{}], { onError: 'continueRegularOutput' }),
				credentialData,
			)
		).output('Agora');
		expect(String(expected[0]?.error)).toMatch(/^Invalid “/);
		expect({ name, output: nodeOutput(run.data, name) }).toEqual({ name, output: expected });
	}
	expect(agoraRequests).toBe(0);
}, 300000);

test(`n8n ${version}: a refused input stops the workflow with the same message and hint`, async () => {
	const { run } = await host.execute('agoraEngineStops');
	const expected = (
		await runWorkflow(agoraWorkflow(REFUSED['Agent idle timeout below 0'] as never), credentialData)
	).error('Agora')!;
	const recorded = run.data.resultData.runData['Start Agent'][0].error as {
		message: string;
		description?: string;
	};
	expect(expected.message).toMatch(/^Invalid “Idle Timeout \(Seconds\)”/);
	expect({ message: recorded.message, description: recorded.description }).toEqual({
		message: expected.message,
		description: expected.description,
	});
	expect(agoraRequests).toBe(0);
}, 300000);
