/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not part of the published package: test or dev code run by plain Node */
/**
 * Runs many fuzz cases in one n8n engine run, one probed Agora node per case, so that each case's
 * sandbox requests and outcome are recorded without stopping at the first error.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { Agora } from '../../../../nodes/Agora/Agora.node';
import type { RecordedRequest, Sandbox } from '../../../../sandbox/src';
import {
	registerNodeType,
	runWorkflow,
	type CredentialData,
	type TestWorkflow,
} from '../../../lib/harness';

/** Marks a parameter value that is given as an expression (`={{ $json.v[n] }}`). */
export const EXPR = '__fuzzExpression__';
export interface Expr {
	[EXPR]: true;
	value: unknown;
}
export const expr = (value: unknown): Expr => ({ [EXPR]: true, value });
export const isExpr = (value: unknown): value is Expr =>
	!!value && typeof value === 'object' && EXPR in value;

export interface CaseRun {
	output?: INodeExecutionData[][];
	error?: unknown;
	/** No answer within HANG_MS: the node never returned. */
	hung?: boolean;
	/** n8n itself refuses to run the workflow (a required parameter is statically empty). */
	refusedByN8n?: string;
	requests: RecordedRequest[];
	ms: number;
}

const agora = new Agora();
/**
 * A case with no result after this long is reported as a hang. What it catches is a case that
 * never ends (a request with no time-out, a promise never settled), not a slow one: every case
 * talks to a local sandbox and needs milliseconds (the table's ms/case and slowest columns), so
 * the bound sits far above the slowest case on a loaded machine (1 s did not: a busy 2-core
 * machine stalled one case past it), and a case that never ends still fails the run.
 */
export const HANG_MS = Number(process.env.FUZZ_HANG_MS ?? 10_000);
const HUNG = Symbol('hung');
let sandbox: Sandbox | undefined;
const runs = new Map<string, CaseRun>();

class AgoraProbe implements INodeType {
	description = agora.description;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const name = this.getNode().name;
		const first = sandbox!.requests.length;
		const started = Date.now();
		if (process.env.FUZZ_DEBUG)
			process.stderr.write(
				`start ${name} ${JSON.stringify(this.getNode().parameters).slice(0, 300)}\n`,
			);
		let timer: NodeJS.Timeout | undefined;
		try {
			const output = await Promise.race([
				agora.execute.call(this),
				new Promise<typeof HUNG>((resolve) => {
					timer = setTimeout(() => resolve(HUNG), HANG_MS);
				}),
			]);
			if (output === HUNG) {
				runs.set(name, {
					hung: true,
					requests: sandbox!.requests.slice(first),
					ms: Date.now() - started,
				});
				return [[{ json: { probeHung: true } }]];
			}
			runs.set(name, {
				output,
				requests: sandbox!.requests.slice(first),
				ms: Date.now() - started,
			});
			return output;
		} catch (error) {
			runs.set(name, { error, requests: sandbox!.requests.slice(first), ms: Date.now() - started });
			return [[{ json: { probeCaught: true } }]];
		} finally {
			clearTimeout(timer);
		}
	}
}
registerNodeType('test.agoraProbe', new AgoraProbe());

/** Parameters that decide what else is shown stay static: n8n cannot evaluate display rules on expressions. */
const STATIC_KEYS = new Set([
	'resource',
	'operation',
	'mode',
	'identityType',
	'encryption',
	'encryptMode',
	'encryptionMode',
	'configureTurnDetection',
	'startOfSpeechMode',
	'endOfSpeechMode',
	'configureInterruption',
	'interruptionEnable',
	'interruptionMode',
	'enableFillerWords',
	'enableSal',
	'enableAvatar',
	'geofenceArea',
	'overrideLlm',
	'overrideTts',
	'mllmTurnDetectionMode',
	'returnAll',
	'tokenType',
	'allowedToolsMode',
]);

/** A small deterministic PRNG, so a seed reproduces which values became expressions. */
function mulberry32(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/**
 * Node parameters from a case: marked values and, at random, other plain values become expressions
 * reading `$json.v[n]`. Empty strings always do (n8n refuses to run a workflow whose required
 * parameter is statically empty; an expression that resolves to "" is what reaches a node).
 */
export function toNodeParameters(
	params: IDataObject,
	values: unknown[],
	seed: number,
	exprRate = 0.3,
): IDataObject {
	const random = mulberry32(seed);
	const reference = (value: unknown) => {
		values.push(value);
		return `={{ $json.v[${values.length - 1}] }}`;
	};
	const walk = (value: unknown, key: string): unknown => {
		if (isExpr(value)) return reference(value.value);
		if (Array.isArray(value)) return value.map((entry) => walk(entry, key));
		if (value && typeof value === 'object') {
			const out: IDataObject = {};
			for (const [k, v] of Object.entries(value)) out[k] = walk(v, k) as IDataObject[string];
			return out;
		}
		if (STATIC_KEYS.has(key)) return value;
		// n8n reads any value that starts with "=" as an expression: such a literal can only be mapped in.
		if (value === '' || (typeof value === 'string' && value.startsWith('=')))
			return reference(value);
		if (value !== undefined && random() < exprRate) return reference(value);
		return value;
	};
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(params))
		out[key] = walk(value, key) as IDataObject[string];
	return out;
}

/** What n8n's own check before a run says about one node's parameters (issues block the whole run). */
function parameterIssues(parameters: IDataObject): string | undefined {
	const description = agora.description;
	const node = {
		id: 'x',
		name: 'x',
		type: 'n8n-nodes-agora.agora',
		typeVersion: 1,
		position: [0, 0],
		parameters,
	} as unknown as INode;
	const full = NodeHelpers.getNodeParameters(
		description.properties,
		parameters as INodeParameters,
		true,
		false,
		node,
		description,
	);
	const issues = NodeHelpers.getNodeParametersIssues(
		description.properties,
		{ ...node, parameters: full ?? {} },
		description,
	);
	return issues ? JSON.stringify(issues.parameters ?? issues) : undefined;
}

/**
 * Runs the cases (node parameters) in one engine run; returns each case's run in order. `timeoutMs`
 * bounds the whole run: a case that hangs is reported, not waited for forever.
 */
export async function runBatch(
	sb: Sandbox,
	credential: CredentialData,
	cases: Array<{ params: IDataObject; seed: number }>,
	timeoutMs: number,
): Promise<{ runs: Array<CaseRun | undefined>; hung: boolean; engineError?: unknown }> {
	sandbox = sb;
	runs.clear();
	const values: unknown[] = [];
	const workflow: TestWorkflow = { nodes: [], connections: { Items: { main: [[]] } } };
	const parameters = cases.map((c) => toNodeParameters(c.params, values, c.seed));
	// A case n8n would refuse to run at all is left out, so it cannot stop the other cases.
	const refused = parameters.map(parameterIssues);
	workflow.nodes.push({
		name: 'Items',
		type: 'test.items',
		parameters: { items: JSON.stringify([{ v: values }]) },
	});
	parameters.forEach((params, index) => {
		if (refused[index]) return;
		const name = `Case ${index}`;
		workflow.nodes.push({
			name,
			type: 'test.agoraProbe',
			parameters: params as never,
			credentials: { agoraApi: { id: '1', name: 'Agora account' } },
		} as never);
		(workflow.connections.Items.main[0] as unknown as IDataObject[]).push({
			node: name,
			type: 'main',
			index: 0,
		});
	});

	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<'hung'>((resolve) => {
		timer = setTimeout(() => resolve('hung'), timeoutMs);
	});
	let engineError: unknown;
	const finished = await Promise.race([
		runWorkflow(workflow, credential).then(
			(result) => {
				const error = result.run.data.resultData.error;
				if (error) engineError = error;
				return 'done' as const;
			},
			(error: unknown) => {
				engineError = error;
				return 'done' as const;
			},
		),
		timeout,
	]);
	clearTimeout(timer);
	return {
		runs: cases.map((_, index) =>
			refused[index]
				? { refusedByN8n: refused[index], requests: [], ms: 0 }
				: runs.get(`Case ${index}`),
		),
		hung: finished === 'hung',
		engineError,
	};
}
