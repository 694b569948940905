/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * The agent's brain in queue mode: example 15 (Agora Agent LLM Trigger, n8n's AI Agent on the
 * scripted model, Agora Agent LLM Reply) active in the cluster. Its requests reach the webhook process,
 * the AI Agent and the Reply run on a worker, and n8n relays the worker's answer to the caller.
 */
import fs from 'fs';
import path from 'path';
import OpenAI from 'openai';

import { startAgentAt } from '../../sandbox/src/helpers';
import type { ScriptedModel } from '../../sandbox/src/scriptedModel';
import { BRAIN_EXAMPLES, EXAMPLES_DIR } from '../../scripts/lib/examples';
import type { StoredCredential } from '../../scripts/lib/n8nHost';
import { readStream } from '../lib/brainWorkflows';
import type { QueueCluster } from './cluster';
import type { Outcome } from './scenarios';
import type { SuiteWorkflow } from './workflows';

export const BRAIN_PATH = `/webhook/${BRAIN_EXAMPLES.webhookId}/chat/completions`;
const STREAMING_BRAIN = {
	id: 'agoraQueueStrm01',
	webhookId: '6b2d4f0e-8a5c-4e1b-9d7f-3c4d5e6f7a8b',
};
export const STREAMING_BRAIN_PATH = `/webhook/${STREAMING_BRAIN.webhookId}/chat/completions`;

/**
 * Example 15 as imported by `npm run dev`, with a longer Answer Timeout: a worker's first AI Agent
 * run loads n8n's AI nodes, which on a busy machine outlasts the example's bound.
 */
export function brainWorkflow(): SuiteWorkflow {
	const workflow = JSON.parse(
		fs.readFileSync(path.join(EXAMPLES_DIR, '15-agent-brain.json'), 'utf8'),
	);
	const trigger = workflow.nodes.find(
		(node: { type: string }) => node.type === 'n8n-nodes-agora.agoraLlmTrigger',
	);
	trigger.parameters.options.answerTimeoutMs = 30000;
	return { ...workflow, active: true };
}

/** The same brain with the trigger's Stream Answer on and the AI Agent streaming, at its own path. */
export function streamingBrainWorkflow(): SuiteWorkflow {
	const workflow = brainWorkflow() as SuiteWorkflow & {
		name: string;
		nodes: Array<{
			type: string;
			webhookId?: string;
			parameters: { options: Record<string, unknown> };
		}>;
	};
	for (const node of workflow.nodes) {
		if (node.type === 'n8n-nodes-agora.agoraLlmTrigger') {
			node.webhookId = STREAMING_BRAIN.webhookId;
			node.parameters.options.streamAnswer = true;
		}
		if (node.type === '@n8n/n8n-nodes-langchain.agent')
			node.parameters.options.enableStreaming = true;
	}
	return { ...workflow, id: STREAMING_BRAIN.id, name: `${workflow.name} (streaming)` };
}

/** The example's chat model credential, pointed at the scripted local model as dev points it. */
export function brainCredentials(modelUrl: string): StoredCredential[] {
	return [
		{
			id: 'openAiExampleCred',
			name: 'OpenAI account',
			type: 'openAiApi',
			data: { apiKey: 'sk-local-scripted-model', url: modelUrl },
		},
	];
}

const openai = (cluster: QueueCluster, apiKey = BRAIN_EXAMPLES.key, brainPath = BRAIN_PATH) =>
	new OpenAI({
		apiKey,
		baseURL: `${cluster.webhook!.url}${brainPath.replace(/\/chat\/completions$/, '')}`,
		maxRetries: 0,
	});
const ask = (text: string) => [{ role: 'user' as const, content: text }];
const heard = (text: string) => `You said: ${text}`;

async function streamedText(client: OpenAI, text: string): Promise<string> {
	let content = '';
	for await (const chunk of await client.chat.completions.create({
		model: 'gpt-4o-mini',
		messages: ask(text),
		stream: true,
	})) {
		content += chunk.choices[0]?.delta?.content ?? '';
	}
	return content;
}

/**
 * Executions of the brain since `sinceId`: how many failed, how many no worker logged as started,
 * and how many workers started more than once (Bull re-runs a job it thinks stalled).
 */
async function brainRuns(
	cluster: QueueCluster,
	sinceId: number,
	workflowId = BRAIN_EXAMPLES.brainWorkflowId,
): Promise<{ total: number; failed: number; offWorker: number; reRun: number }> {
	const runs = await cluster.executions(workflowId, sinceId);
	const starts = cluster.workers.flatMap((worker) => worker.startedExecutions());
	const startsOf = (id: number) => starts.filter((started) => started === String(id)).length;
	return {
		total: runs.length,
		failed: runs.filter((run) => run.status !== 'success').length,
		offWorker: runs.filter((run) => startsOf(run.id) === 0).length,
		reRun: runs.filter((run) => startsOf(run.id) > 1).length,
	};
}

/** One turn per worker, uncounted: each worker loads n8n's AI nodes on its first AI Agent run. */
export async function warmBrain(cluster: QueueCluster): Promise<void> {
	await Promise.all(
		cluster.workers.map((_, i) =>
			openai(cluster)
				.chat.completions.create({ model: 'gpt-4o-mini', messages: ask(`warm up ${i}`) })
				.catch(() => undefined),
		),
	);
}

/** The official openai SDK on the webhook process's production URL, buffered and streamed. */
export async function brainThroughSdk(cluster: QueueCluster, turns: number): Promise<Outcome> {
	await cluster.drain(60000);
	const since = await cluster.lastExecutionId();
	let wrong = 0;
	const started = Date.now();
	for (let i = 0; i < turns; i++) {
		const buffered = await openai(cluster).chat.completions.create({
			model: 'gpt-4o-mini',
			messages: ask(`buffered ${i}`),
		});
		if (buffered.choices[0]?.message.content !== heard(`buffered ${i}`)) wrong++;
		if ((await streamedText(openai(cluster), `streamed ${i}`)) !== heard(`streamed ${i}`)) wrong++;
	}
	const perTurnMs = Math.round((Date.now() - started) / (2 * turns));
	await cluster.drain(60000);
	const runs = await brainRuns(cluster, since);
	const missing = Math.abs(runs.total - 2 * turns);
	return {
		scenario: `Brain: openai SDK on the webhook process, ${turns} buffered + ${turns} streamed turns`,
		bad: wrong + runs.failed + runs.offWorker + runs.reRun + missing,
		result: `${2 * turns - wrong}/${2 * turns} answers were the AI Agent's; ${runs.total} executions, ${runs.failed} failed, ${runs.offWorker} not run by a worker, ${runs.reRun} run twice; ${perTurnMs} ms per turn`,
		figures: { wrong, ...runs, perTurnMs },
	};
}

/** A wrong or missing key: 401 from the webhook process and no execution. */
export async function brainWrongKey(cluster: QueueCluster): Promise<Outcome> {
	await cluster.drain(60000);
	const since = await cluster.lastExecutionId();
	const statuses: number[] = [];
	try {
		await openai(cluster, 'wrong-key').chat.completions.create({
			model: 'gpt-4o-mini',
			messages: ask('let me in'),
		});
		statuses.push(200);
	} catch (error) {
		statuses.push((error as { status?: number }).status ?? 0);
	}
	const missing = await fetch(`${cluster.webhook!.url}${BRAIN_PATH}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ messages: ask('no key') }),
	});
	statuses.push(missing.status);
	// One turn that does start an execution: once it is stored, the refusals' would be too.
	await openai(cluster).chat.completions.create({ model: 'gpt-4o-mini', messages: ask('counted') });
	await cluster.drain(60000);
	const started = (await brainRuns(cluster, since)).total - 1;
	const not401 = statuses.filter((status) => status !== 401).length;
	return {
		scenario: 'Brain: wrong and missing key on the webhook process',
		bad: not401 + Math.abs(started),
		result: `answers ${statuses.join(', ')}; ${started} executions started by them`,
		figures: { not401, started },
	};
}

/** A sandbox agent whose llm.url is the webhook process's production URL answers a caller's turn. */
export async function brainAgentTurn(cluster: QueueCluster): Promise<Outcome> {
	const sb = cluster.sandbox!;
	const llm = {
		url: `${cluster.webhook!.url}${BRAIN_PATH}`,
		api_key: BRAIN_EXAMPLES.key,
		vendor: 'custom',
		system_messages: [{ role: 'system', content: 'Be brief.' }],
		greeting_message: 'Hi!',
	};
	const agentId = await startAgentAt(sb, {
		name: `queue-brain-${Date.now()}`,
		channel: 'queue-brain',
		properties: { llm },
	});
	const since = await cluster.lastExecutionId();
	try {
		let turn: { answer?: string; failed?: boolean; totalMs?: number; error?: { message: string } } =
			{};
		// the agent joins after the sandbox's start delay; until then the caller has nobody to talk to
		for (let attempt = 0; attempt < 40 && turn.answer === undefined; attempt++) {
			const said = await sb.control(`agents/${agentId}/say`, { text: 'Is the pool open?' });
			if (said?.answer !== undefined || said?.failed !== undefined) turn = said;
			else await new Promise((resolve) => setTimeout(resolve, 250));
		}
		await cluster.drain(60000);
		const runs = await brainRuns(cluster, since);
		const wrong = turn.answer === heard('Is the pool open?') && !turn.failed ? 0 : 1;
		return {
			scenario: 'Brain: a sandbox agent with llm.url on the webhook process answers the caller',
			bad: wrong + runs.failed + runs.offWorker + runs.reRun + Math.abs(runs.total - 1),
			result: `answer "${turn.answer ?? turn.error?.message ?? 'none'}" in ${turn.totalMs ?? '?'} ms; ${runs.total} executions, ${runs.failed} failed, ${runs.offWorker} not run by a worker, ${runs.reRun} run twice`,
			figures: { wrong, ...runs, totalMs: turn.totalMs ?? -1 },
		};
	} finally {
		await sb.agentApi(`/agents/${agentId}/leave`, {});
	}
}

/**
 * Stream Answer on: the AI Agent on a worker streams, n8n relays its chunks through the webhook
 * process, and the caller reads the first word while the model still holds the rest.
 */
export async function brainStreamedFromWorker(
	cluster: QueueCluster,
	model: ScriptedModel,
): Promise<Outcome> {
	await cluster.drain(60000);
	const since = await cluster.lastExecutionId();
	const gate = model.holdAfterFirstWord();
	let first = '';
	let whole = '';
	let finish: string | null | undefined;
	try {
		const stream = await openai(
			cluster,
			BRAIN_EXAMPLES.key,
			STREAMING_BRAIN_PATH,
		).chat.completions.create({ model: 'gpt-4o-mini', messages: ask('stream it'), stream: true });
		const iterator = stream[Symbol.asyncIterator]();
		while (first === '') {
			const next = await iterator.next();
			if (next.done) break;
			first = next.value.choices[0]?.delta?.content ?? '';
		}
		gate.release();
		const rest = await readStream({ [Symbol.asyncIterator]: () => iterator });
		[whole, finish] = [first + rest.content, rest.finish];
	} finally {
		gate.release();
	}
	await cluster.drain(60000);
	const runs = await brainRuns(cluster, since, STREAMING_BRAIN.id);
	// the first text came before the release: the model had sent only its first word
	const early = first === 'You ' ? 0 : 1;
	const wrong = whole === heard('stream it') && finish === 'stop' ? 0 : 1;
	return {
		scenario:
			'Brain, Stream Answer on: the AI Agent streams from a worker through the webhook process',
		bad: early + wrong + runs.failed + runs.offWorker + runs.reRun + Math.abs(runs.total - 1),
		result: `first text "${first}" while the model held the rest, then "${whole}" (${finish}); ${runs.total} executions, ${runs.failed} failed, ${runs.offWorker} not run by a worker, ${runs.reRun} run twice`,
		figures: { early, wrong, ...runs },
	};
}
