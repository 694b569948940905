/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * n8n's own checks of an imported workflow, run in a real n8n of the version under test: what its
 * import command warns about, and the parameter issues its editor marks on a node (and 2.x's publish
 * refuses), computed by that version's own n8n-workflow from the node types n8n serves.
 */
import fs from 'fs';
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

/** The description n8n serves its editor for a node type and version, if it knows them. */
async function nodeType(
	host: N8nHost,
	name: string,
	version: number,
): Promise<INodeTypeDescription | undefined> {
	try {
		const [description] = await host.rest<INodeTypeDescription[]>('POST', 'node-types', {
			nodeInfos: [{ name, version }],
		});
		return description ?? undefined;
	} catch {
		return undefined;
	}
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
		// A tool variant (…Tool) is checked as its node, the same parameters minus the tool's description:
		// n8n 2.x does not serve the variant, 1.x serves it without parameters.
		const served = await nodeType(host, node.type, node.typeVersion);
		const description = Array.isArray(served?.properties)
			? served
			: node.type.endsWith('Tool')
				? await nodeType(host, node.type.replace(/Tool$/, ''), node.typeVersion)
				: undefined;
		if (!Array.isArray(description?.properties)) {
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

/** The newest version of each node type that ships with this n8n (core and AI nodes). */
export function newestNodeVersions(n8nDir: string): Map<string, number> {
	const newest = new Map<string, number>();
	for (const [pkg, prefix] of [
		['n8n-nodes-base', 'n8n-nodes-base.'],
		['@n8n/n8n-nodes-langchain', '@n8n/n8n-nodes-langchain.'],
	]) {
		const file = path.join(n8nDir, 'node_modules', pkg, 'dist', 'types', 'nodes.json');
		for (const { name, version } of JSON.parse(fs.readFileSync(file, 'utf8')) as Array<{
			name: string;
			version: number | number[];
		}>) {
			const type = prefix + name.split('.').pop()!;
			newest.set(type, Math.max(newest.get(type) ?? 0, ...[version].flat()));
		}
	}
	return newest;
}

/**
 * Nodes of n8n's own packages not on the newest version both n8n's have (`here` and the oldest
 * supported): a template must import on both. A tool variant counts as its node.
 */
export function outdatedNodes(
	nodes: Array<Pick<INode, 'name' | 'type' | 'typeVersion'>>,
	here: Map<string, number>,
	oldest: Map<string, number>,
): string[] {
	return nodes.flatMap((node) => {
		const type = here.has(node.type) ? node.type : node.type.replace(/Tool$/, '');
		if (!here.has(type)) return [];
		const current = Math.min(here.get(type)!, oldest.get(type) ?? here.get(type)!);
		return node.typeVersion === current
			? []
			: [`${node.name}: ${node.typeVersion}, not ${current}`];
	});
}
