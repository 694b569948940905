/**
 * A failed bulk run in a real n8n (item 37 of 100 Starts refused by faultProxy): the error n8n records
 * names item 37 and lists exactly the agents that exist, in its description and its context.
 */
import { startFaultProxy, type FaultProxy } from '../lib/faultProxy';
import { EXAMPLE_CREDENTIAL } from '../../scripts/lib/examples';
import type { N8nHost } from '../../scripts/lib/n8nHost';
import type { SandboxProcess } from '../../scripts/lib/sandboxProcess';
import { useN8nE2e } from '../lib/n8nE2e';

const WORKFLOW_ID = 'agoraBulkFailure01';
const FAILING = 37;

let host: N8nHost;
let sandbox: SandboxProcess;
let proxy: FaultProxy;

/** Manual trigger -> 100 items {n} (Set + Split Out, no Code node) -> Agora Start. */
function bulkWorkflow(): object {
	const node = (
		name: string,
		type: string,
		typeVersion: number,
		x: number,
		parameters: object,
		extra: object = {},
	) => ({
		id: name.toLowerCase().replace(/\W+/g, '-'),
		name,
		type,
		typeVersion,
		position: [x, 0],
		parameters,
		...extra,
	});
	const link = (to: string) => ({ main: [[{ node: to, type: 'main', index: 0 }]] });
	return {
		id: WORKFLOW_ID,
		name: 'Agora: 100 agents, one refused',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			node('Start', 'n8n-nodes-base.manualTrigger', 1, 0, {}),
			node('Numbers', 'n8n-nodes-base.set', 3.4, 200, {
				mode: 'raw',
				jsonOutput: '={{ { "n": Array.from({ length: 100 }, (_, i) => i) } }}',
				options: {},
			}),
			node('One Item Each', 'n8n-nodes-base.splitOut', 1, 400, {
				fieldToSplitOut: 'n',
				options: {},
			}),
			node(
				'Start Agents',
				'n8n-nodes-agora.agora',
				1,
				600,
				{
					resource: 'agent',
					operation: 'start',
					name: "={{ 'bulk-' + $json.n }}",
					channel: "={{ 'room-' + $json.n }}",
					remoteRtcUid: '2002',
					agentRtcUid: '1001',
					llmUrl: 'https://llm.example.com/v1/chat/completions',
					llmApiKey: 'sk-e2e-llm-key',
					ttsVendor: 'microsoft',
					ttsParams: JSON.stringify({
						key: 'e2e-tts-key',
						region: 'eastus',
						voice_name: 'en-US-AndrewNeural',
					}),
				},
				{ credentials: { agoraApi: { id: EXAMPLE_CREDENTIAL.id, name: EXAMPLE_CREDENTIAL.name } } },
			),
		],
		connections: {
			Start: link('Numbers'),
			Numbers: link('One Item Each'),
			'One Item Each': link('Start Agents'),
		},
		pinData: {},
	};
}

useN8nE2e({ name: 'e2e-bulk' }, async (e2e) => {
	({ host, sandbox } = e2e);
	proxy = await startFaultProxy({
		target: sandbox.url,
		fails: ({ path: p, body }) =>
			p.endsWith('/join') && (body as { name?: string } | undefined)?.name === `bulk-${FAILING}`,
		holdOthers: true,
		reason: 'InvalidParams',
		detail: 'refused for the end-to-end test',
	});
	await e2e.importAgoraCredential({ customBaseUrl: proxy.url });
	await e2e.importWorkflows([bulkWorkflow()]);
});

afterAll(async () => {
	await proxy?.close();
});

interface RecordedError {
	message: string;
	description?: string;
	context?: {
		failedItem?: number;
		sideEffects?: Array<{ itemIndex: number; resource: string; change: string; id: string }>;
	};
}

test('item 37 of 100 refused: n8n records one error listing exactly the agents that exist', async () => {
	const { run, raw } = await host.execute(WORKFLOW_ID);
	const log = `\n--- n8n stderr (tail) ---\n${raw.stderr.slice(-3000)}`;
	const nodeError = run.data.resultData.runData['Start Agents']?.[0]?.error as
		| RecordedError
		| undefined;
	const error = (nodeError ?? run.data.resultData.error) as RecordedError;
	if (!error?.context?.sideEffects)
		throw new Error(
			`n8n recorded no bulk-run error: ${JSON.stringify(run.data.resultData.error)}${log}`,
		);
	expect(proxy.failed()).toBe(1);
	expect(error.message).toMatch(/start agent failed with 400 InvalidParams/);
	expect(error.message).toContain(`[item ${FAILING}]`);
	expect(error.context?.failedItem).toBe(FAILING);

	const agents = (
		(await sandbox.control('state')) as { agents: Array<{ agentId: string; name: string }> }
	).agents;
	const listed = error.context?.sideEffects ?? [];
	expect(agents.length).toBeGreaterThan(0);
	expect(new Set(listed.map((e) => e.id))).toEqual(new Set(agents.map((a) => a.agentId)));
	expect(listed).toHaveLength(agents.length);
	const nameOf = new Map(agents.map((a) => [a.agentId, a.name]));
	for (const effect of listed) {
		expect(effect).toMatchObject({ resource: 'agent', change: 'started' });
		expect(nameOf.get(effect.id)).toBe(`bulk-${effect.itemIndex}`);
		expect(error.description).toContain(
			`item ${effect.itemIndex}: agent started (ID ${effect.id})`,
		);
	}
	expect(agents.some((a) => a.name === `bulk-${FAILING}`)).toBe(false);
	expect(agents.length).toBeLessThan(99);
	expect(error.description).toMatch(/Continue \(using error output\)/);
});
