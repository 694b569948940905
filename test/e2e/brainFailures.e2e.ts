/* eslint-disable @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-explicit-any -- not part of the published package: test or dev code run by plain Node */
/**
 * A brain that never leaves Agora without an answer, in a real n8n: a workflow that throws, one
 * that ends without any Reply running (an IF routing nowhere) and one whose Reply is empty, each
 * buffered and with Stream Answer on, give an OpenAI error (5xx) at once, and the sandbox's agent
 * (playing Agora's engine) speaks its failure message.
 */
import OpenAI from 'openai';

import { BRAIN_EXAMPLES } from '../../scripts/lib/examples';
import type { SandboxProcess } from '../../scripts/lib/sandboxProcess';
import { startBody } from '../../sandbox/src/helpers';
import { chain, llmTrigger, replyNode } from '../lib/brainWorkflows';
import { N8N_VERSION, useN8nE2e, type N8nE2e } from '../lib/n8nE2e';

const KEY = BRAIN_EXAMPLES.key;
const FAILURE_MESSAGE = 'Sorry, I lost my train of thought.';
// Far above the sandbox's LLM time-out (15 s): an error the agent gets comes from the workflow's end.
const SLOW_BOUND = { answerTimeoutMs: 120000 };

type Shape = 'throws' | 'noReply' | 'emptyReply';
const SHAPES: Shape[] = ['throws', 'noReply', 'emptyReply'];
const MODES = { buffered: SLOW_BOUND, streaming: { ...SLOW_BOUND, streamAnswer: true } };
type Mode = keyof typeof MODES;

const webhookId = (shape: Shape, mode: Mode) =>
	`b7a1f0e2-${SHAPES.indexOf(shape)}${mode === 'buffered' ? 'b' : 'c'}00-4c1d-9e8f-0a1b2c3d4e5f`;
const workflowId = (shape: Shape, mode: Mode) =>
	`brainFail${SHAPES.indexOf(shape)}${mode === 'buffered' ? 'B' : 'S'}00000`.slice(0, 16);

/** Trigger -> IF (the caller said "never") -> Reply on true; false routes nowhere. */
const routesNowhere = () => ({
	id: 'i',
	name: 'Said Never?',
	type: 'n8n-nodes-base.if',
	typeVersion: 2.2,
	position: [200, 0],
	parameters: {
		conditions: {
			options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
			conditions: [
				{
					id: 'c1',
					leftValue: '={{ $json.lastUserMessage }}',
					rightValue: 'never',
					operator: { type: 'string', operation: 'equals' },
				},
			],
			combinator: 'and',
		},
		options: {},
	},
});

function failingWorkflow(shape: Shape, mode: Mode) {
	const trigger = llmTrigger(webhookId(shape, mode), MODES[mode]);
	const base = {
		id: workflowId(shape, mode),
		name: `brain failure: ${shape} (${mode})`,
		active: false,
		settings: { executionOrder: 'v1' },
	};
	if (shape === 'throws') {
		const stop = {
			id: 's',
			name: 'Stop and Error',
			type: 'n8n-nodes-base.stopAndError',
			typeVersion: 1,
			position: [200, 0],
			parameters: { errorMessage: 'brain broke' },
		};
		return {
			...base,
			nodes: [trigger, stop, replyNode({ answer: 'never' })],
			connections: { ...chain(trigger.name, stop.name), ...chain(stop.name, 'Reply') },
		};
	}
	if (shape === 'noReply') {
		const route = routesNowhere();
		const routes = { [route.name]: { main: [[{ node: 'Reply', type: 'main', index: 0 }], []] } };
		return {
			...base,
			nodes: [trigger, route, replyNode({ answer: 'said never' })],
			connections: { ...chain(trigger.name, route.name), ...routes },
		};
	}
	// The Reply's default Answer reads the AI Agent's output, which this workflow does not have.
	return {
		...base,
		nodes: [trigger, replyNode({ answer: '={{ $json.output }}' })],
		connections: chain(trigger.name, 'Reply'),
	};
}

const workflows = SHAPES.flatMap((shape) =>
	(Object.keys(MODES) as Mode[]).map((mode) => ({
		shape,
		mode,
		workflow: failingWorkflow(shape, mode),
	})),
);
const cases = workflows.map(({ shape, mode }) => [shape, mode] as [Shape, Mode]);

let e2e: N8nE2e;
let sandbox: SandboxProcess;

useN8nE2e({ name: 'brain-failures', sandbox: {} }, async (started) => {
	e2e = started;
	sandbox = started.sandbox;
	await started.host.importCredentialData([
		{ ...BRAIN_EXAMPLES.llmCredential, type: 'agoraAgentLlmApi', data: { apiKey: KEY } },
	]);
	await started.importWorkflows(workflows.map((w) => w.workflow));
	await started.serve(workflows.map((w) => w.workflow.id));
});

const llmUrl = (shape: Shape, mode: Mode) =>
	`${e2e.webhookUrl(webhookId(shape, mode))}/chat/completions`;

const agora = (pathname: string, body?: unknown) => sandbox.agentApi(pathname, body);

/** Starts a sandbox agent whose brain is the workflow, as Agent › Start sends it, and waits until it runs. */
async function brainAgent(shape: Shape, mode: Mode): Promise<string> {
	const name = `fail-${shape}-${mode}`;
	const llm = {
		url: llmUrl(shape, mode),
		api_key: KEY,
		vendor: 'custom',
		style: 'openai',
		failure_message: FAILURE_MESSAGE,
		system_messages: [{ role: 'system', content: 'Be brief.' }],
	};
	const started = await agora('/join', startBody({ name, channel: name, properties: { llm } }));
	expect(started.status).toBe(200);
	const id = started.data.agent_id as string;
	for (let tries = 0; (await agora(`/agents/${id}`)).data.status !== 'RUNNING'; tries++) {
		if (tries > 400) throw new Error(`agent ${id} did not run`);
		await new Promise((r) => setTimeout(r, 50));
	}
	return id;
}

describe(`n8n ${N8N_VERSION}: a brain that fails still answers Agora`, () => {
	test.each(cases)(
		'%s (%s): the openai SDK gets a 5xx OpenAI error, streamed and not',
		async (shape, mode) => {
			const openai = new OpenAI({
				apiKey: KEY,
				baseURL: e2e.webhookUrl(webhookId(shape, mode)),
				maxRetries: 0,
			});
			for (const stream of [true, false]) {
				const error = await openai.chat.completions
					.create({ model: 'n8n', messages: [{ role: 'user', content: 'hello' }], stream })
					.then(
						() => undefined,
						(e: any) => e,
					);
				expect({
					stream,
					status: error?.status,
					type: error?.type,
					code: error?.code,
					message: typeof error?.error?.message,
				}).toEqual({
					stream,
					status: 500,
					type: 'server_error',
					code:
						shape === 'emptyReply'
							? 'empty_answer'
							: expect.stringMatching(/^(workflow_error|no_answer)$/),
					message: 'string',
				});
			}
		},
	);

	test.each(cases)(
		'%s (%s): the sandbox’s agent speaks its failure message after the brain’s 500, not a time-out',
		async (shape, mode) => {
			const id = await brainAgent(shape, mode);
			try {
				const said = await sandbox.control(`agents/${id}/say`, { text: 'hello' });
				expect(said).toMatchObject({
					failed: true,
					answer: FAILURE_MESSAGE,
					error: { code: 'http_error', message: expect.stringContaining('500') },
				});
				const history = await agora(`/agents/${id}/history`);
				expect(history.data.contents.at(-1)).toEqual({
					role: 'assistant',
					content: FAILURE_MESSAGE,
				});
			} finally {
				await agora(`/agents/${id}/leave`, {});
			}
		},
	);

	test('the empty Reply fails its run with a message naming the Answer', async () => {
		const runs = await e2e.host.settledExecutions(
			workflowId('emptyReply', 'buffered'),
			(list) => list.length > 0,
		);
		const error = runs.at(-1)?.data.resultData.runData?.Reply?.[0]?.error;
		expect(error?.message).toMatch(/Answer is empty/);
	});
});
