/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * n8n's own checks of an imported workflow, run in a real n8n of the version under test: what its
 * import command warns about, and the parameter issues its editor marks on a node (and 2.x's publish
 * refuses), computed by that version's own n8n-workflow from the node types n8n serves.
 */
import path from 'path';

import type { INode, INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import type { CliResult, N8nHost } from '../../scripts/lib/n8nHost';

/** Lines of `n8n import:workflow` that say a workflow was skipped or changed on the way in. */
export function importWarnings({ stdout, stderr }: CliResult): string[] {
	return `${stdout}\n${stderr}`
		.split('\n')
		.filter((line) => /Skipp(ed|ing)|policy violation|^\s*Workflow ".*":/.test(line));
}

interface NodeHelpers {
	getNodeParametersIssues(
		properties: INodeProperties[],
		node: INode,
		description: INodeTypeDescription,
	): { parameters?: Record<string, string[]> } | null;
}

/** The n8n-workflow that this n8n itself runs (its editor ships the same code). */
function nodeHelpersOf(host: N8nHost): NodeHelpers {
	const workflowPackage = path.join(host.n8nDir, 'node_modules', 'n8n-workflow');
	return (require(workflowPackage) as { NodeHelpers: NodeHelpers }).NodeHelpers;
}

/**
 * Per node of a stored workflow: "unknown node type", or the parameters n8n marks as having issues
 * with n8n's messages. Credentials are left out: a template never carries them.
 */
export async function parameterIssues(
	host: N8nHost,
	workflowId: string,
): Promise<Record<string, string[]>> {
	const helpers = nodeHelpersOf(host);
	const workflow = await host.rest<{ nodes: INode[] }>('GET', `workflows/${workflowId}`);
	const found: Record<string, string[]> = {};
	for (const node of workflow.nodes.filter((n) => !n.disabled)) {
		let description: INodeTypeDescription | undefined;
		try {
			[description] = await host.rest<INodeTypeDescription[]>('POST', 'node-types', {
				nodeInfos: [{ name: node.type, version: node.typeVersion }],
			});
		} catch {
			description = undefined;
		}
		if (!description) {
			found[node.name] = [`unknown node type ${node.type} ${node.typeVersion}`];
			continue;
		}
		const issues = helpers.getNodeParametersIssues(description.properties, node, description);
		const messages = Object.entries(issues?.parameters ?? {}).flatMap(([name, list]) =>
			list.map((message) => `${name}: ${message}`),
		);
		if (messages.length) found[node.name] = messages;
	}
	return found;
}
