/**
 * Agora node version 1.1 (Cloud Player Get Many value getAll, Stop's alreadyStopped) while version 1
 * workflows keep theirs; run by n8n's engine, the editor's view through n8n-workflow's NodeHelpers.
 */
import type { INode, INodeParameters, INodePropertyOptions } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { Agora } from '../../../nodes/Agora/Agora.node';
import type { Sandbox } from '../../../sandbox/src';
import {
	agentPath,
	client,
	playerBody,
	playersPath,
	runningAgent,
} from '../../../sandbox/src/helpers';
import { agoraWorkflow, runWorkflow, type CredentialData } from '../../lib/harness';
import { useSandbox } from '../../lib/sandbox';

let sb: Sandbox;
let credential: CredentialData;
const description = new Agora().description;

useSandbox(
	{ clock: 'manual', startDelayMs: 50, stopDelayMs: 50 },
	(started) => ({ sb, credential } = started),
	{ timing: {} },
);

async function run(parameters: INodeParameters, typeVersion: number) {
	return await runWorkflow(agoraWorkflow(parameters, [{}], { typeVersion }), credential);
}

function nodeOf(parameters: INodeParameters, typeVersion: number): INode {
	return {
		id: 'n',
		name: 'Agora',
		type: 'n8n-nodes-agora.agora',
		typeVersion,
		position: [0, 0],
		parameters,
	};
}

/** The Operation values the editor offers for a resource at a node version. */
function operationValues(resource: string, typeVersion: number): string[] {
	const node = nodeOf({ resource }, typeVersion);
	const shown = description.properties.filter(
		(p) =>
			p.name === 'operation' && NodeHelpers.displayParameter({ resource }, p, node, description),
	);
	expect(shown).toHaveLength(1);
	return (shown[0].options as INodePropertyOptions[]).map((o) => String(o.value));
}

describe('Cloud Player › Get Many', () => {
	it('is getAll from version 1.1 on, getMany in version 1; Agent’s is getAll in both', () => {
		expect(description.version).toEqual([1, 1.1, 1.2, 1.3, 1.4]);
		expect(description.defaultVersion).toBe(1.4);
		expect(operationValues('cloudPlayer', 1.3)).toContain('getAll');
		expect(operationValues('cloudPlayer', 1.2)).toContain('getAll');
		expect(operationValues('cloudPlayer', 1.1)).toContain('getAll');
		expect(operationValues('cloudPlayer', 1.1)).not.toContain('getMany');
		expect(operationValues('cloudPlayer', 1)).toContain('getMany');
		expect(operationValues('cloudPlayer', 1)).not.toContain('getAll');
		expect(operationValues('agent', 1)).toContain('getAll');
		expect(operationValues('agent', 1.1)).toContain('getAll');
	});

	it.each([
		[1, 'getMany'],
		[1.1, 'getAll'],
	])(
		'a version %s node with %s shows its fields and has no parameter issues',
		(typeVersion, operation) => {
			const parameters = { resource: 'cloudPlayer', operation, returnAll: false, limit: 5 };
			const node = nodeOf(parameters, typeVersion);
			const limit = description.properties.find(
				(p) => p.name === 'limit' && p.displayOptions?.show?.resource?.includes('cloudPlayer'),
			)!;
			expect(NodeHelpers.displayParameter(parameters, limit, node, description)).toBe(true);
			expect(
				NodeHelpers.getNodeParametersIssues(description.properties, node, description),
			).toBeNull();
		},
	);

	it.each([
		[1, 'getMany'],
		[1.1, 'getAll'],
		[1.1, 'getMany'],
	])('version %s with %s lists the players', async (typeVersion, operation) => {
		for (const uid of [701, 702])
			expect((await client(sb).post(playersPath(sb, 'na'), playerBody({ uid }))).status).toBe(200);
		const result = await run({ resource: 'cloudPlayer', operation, returnAll: true }, typeVersion);
		expect(result.error('Agora')).toBeUndefined();
		expect(
			result
				.output('Agora')
				.map((p) => p.uid)
				.sort(),
		).toEqual([701, 702]);
	});
});

describe('Agent › Stop of an agent that had already left', () => {
	it.each([
		[1, 'already_stopped'],
		[1.1, 'alreadyStopped'],
	])('version %s flags it as %s', async (typeVersion, flag) => {
		const id = await runningAgent(sb, client(sb));
		expect((await client(sb).post(agentPath(sb, `/agents/${id}/leave`))).status).toBe(200);
		sb.clock.advance(1000);
		const result = await run(
			{ resource: 'agent', operation: 'stop', agentId: id, options: { ignoreNotFound: true } },
			typeVersion,
		);
		expect(result.output('Agora')).toEqual([{ agent_id: id, stopped: true, [flag]: true }]);
	});
});
