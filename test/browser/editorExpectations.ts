/**
 * What the editor should show of the Agora nodes, computed from the nodes' own descriptions as n8n
 * computes a new node's values and displayed options (the expectations of editor.browser.ts).
 */
import type { INodeParameters, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { Agora } from '../../nodes/Agora/Agora.node';
import { AgoraTrigger } from '../../nodes/AgoraTrigger/AgoraTrigger.node';
import { controlsOfNewNode } from '../tooling/formControls';

export const agora = new Agora().description;
export const trigger = new AgoraTrigger().description;

/** Every action the node panel should list: the `action` label of each resource's operations. */
export function expectedActions(): string[] {
	const resources = agora.properties.find((p) => p.name === 'resource')!
		.options as INodePropertyOptions[];
	return resources.flatMap((resource) => {
		const operation = agora.properties.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value),
		);
		return ((operation?.options ?? []) as INodePropertyOptions[]).map((o) => o.action ?? o.name);
	});
}

/** The version the editor gives a new node. */
const newestVersion = Math.max(...[agora.version].flat());
const placedNode = { typeVersion: newestVersion } as never;

/** The node's parameter values of a new Agent → Start in one mode, as n8n computes them. */
function startValues(mode: string): INodeParameters {
	return (
		NodeHelpers.getNodeParameters(
			agora.properties,
			{ resource: 'agent', operation: 'start', mode },
			true,
			false,
			placedNode,
			agora,
		) ?? {}
	);
}

/** The "Add Option" groups of a new Agent → Start, from the description (newest version). */
export function startGroups(): INodeProperties[] {
	const values = startValues('cascade');
	const names = new Set(
		controlsOfNewNode(agora, { resource: 'agent', operation: 'start' }).map((c) => c.name),
	);
	return agora.properties.filter(
		(p) =>
			p.type === 'collection' &&
			names.has(p.name) &&
			NodeHelpers.displayParameter(values, p, placedNode, agora),
	);
}

/** The options a group's "Add Option" list offers in one mode: an empty group, read as n8n reads it (rules with "/" from the root). */
function groupOffers(group: INodeProperties, mode: string): INodeProperties[] {
	const root = startValues(mode);
	const offered = (group.options as INodeProperties[]).filter((option) =>
		NodeHelpers.displayParameter({}, option, placedNode, agora, root),
	);
	return offered.filter((p, index) => offered.findIndex((q) => q.name === p.name) === index);
}

/** Per group, the options its list offers in `mode` and not in `other`, from the description. */
export function offeredOnlyIn(mode: string, other: string): Map<string, INodeProperties[]> {
	const only = new Map<string, INodeProperties[]>();
	for (const group of startGroups()) {
		const inOther = new Set(groupOffers(group, other).map((p) => p.name));
		only.set(
			group.displayName,
			groupOffers(group, mode).filter((p) => !inOther.has(p.name)),
		);
	}
	return only;
}

/** The action label of one operation, as the node panel lists it. */
export function actionOf(resource: string, operation: string): string {
	const property = agora.properties.find(
		(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource),
	)!;
	const option = (property.options as INodePropertyOptions[]).find((o) => o.value === operation)!;
	return option.action ?? option.name;
}

/**
 * What a saved node of one version shows, from the description as n8n computes it: its controls,
 * and per "Add Option" group the labels its list offers while the group is empty.
 */
export function savedNodeForm(
	resource: string,
	operation: string,
	version: number,
): { controls: number; groups: Array<{ displayName: string; offers: string[] }> } {
	const controls = controlsOfNewNode(agora, { resource, operation }, version);
	const node = { typeVersion: version } as never;
	const root =
		NodeHelpers.getNodeParameters(
			agora.properties,
			{ resource, operation },
			true,
			false,
			node,
			agora,
		) ?? {};
	const names = new Set(controls.map((c) => c.name));
	const groups = agora.properties.filter(
		(p) =>
			p.type === 'collection' &&
			names.has(p.name) &&
			NodeHelpers.displayParameter(
				root,
				p,
				{ typeVersion: version, parameters: root } as never,
				agora,
			),
	);
	return {
		controls: controls.length,
		groups: groups.map((group) => {
			const offered = (group.options as INodeProperties[]).filter((option) =>
				NodeHelpers.displayParameter({}, option, node, agora, root),
			);
			return {
				displayName: group.displayName,
				offers: [...new Set(offered.map((option) => option.displayName))],
			};
		}),
	};
}
