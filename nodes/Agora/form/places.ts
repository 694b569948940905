/**
 * Where a parameter lives in the running node version: at the top level, or as an option of which
 * top-level collection ("Add Option" group). Derived from the node's own description once per node
 * version, resource and operation, so builders keep reading fields by name whatever the layout.
 */
import type { INode, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

/** A parameter inside a group: the group's name and the option as declared (its default applies when unset). */
export interface GroupedPlace {
	group: string;
	option: INodeProperties;
}

/** Display keys that do not depend on the values a user types: what fixes the layout of one node. */
const LAYOUT_KEYS = ['resource', 'operation', '@version'];

const forms = new Map<string, INodeProperties[]>();
interface Layout {
	/** Parameter name -> its group (top-level names absent). */
	places: Map<string, GroupedPlace>;
	topLevel: Set<string>;
}

/** node type, version, resource, operation -> where its parameters are. */
const layouts = new Map<string, Layout>();

/** Registers a node description, read by its node type name (the part after the package's prefix). */
export function useFormPlaces(
	description: Pick<INodeTypeDescription, 'name' | 'properties'>,
): void {
	forms.set(description.name, description.properties);
	layouts.clear();
}

function pick(rules: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
	if (!rules) return undefined;
	const out = Object.fromEntries(
		Object.entries(rules).filter(([key]) => LAYOUT_KEYS.includes(key)),
	);
	return Object.keys(out).length > 0 ? out : undefined;
}

/** Shown for this resource, operation and version, whatever the other fields hold. */
function inLayout(
	property: INodeProperties,
	values: { resource: unknown; operation: unknown },
	node: INode,
): boolean {
	const options = property.displayOptions;
	if (!options) return true;
	const trimmed = {
		...property,
		displayOptions: { show: pick(options.show), hide: pick(options.hide) },
	} as INodeProperties;
	return NodeHelpers.displayParameter(values as never, trimmed, node, null);
}

function layoutOf(
	properties: INodeProperties[],
	node: INode,
	resource: unknown,
	operation: unknown,
): Layout {
	const shown = properties.filter((property) => inLayout(property, { resource, operation }, node));
	const topLevel = new Set(shown.map((property) => property.name));
	const places = new Map<string, GroupedPlace>();
	for (const group of shown) {
		if (group.type !== 'collection' || group.typeOptions?.multipleValues) continue;
		for (const option of (group.options ?? []) as INodeProperties[]) {
			if (!topLevel.has(option.name) && !places.has(option.name))
				places.set(option.name, { group: group.name, option });
		}
	}
	return { places, topLevel };
}

function layoutFor(
	node: INode,
	parameters: { resource?: unknown; operation?: unknown },
): Layout | undefined {
	if (typeof node.type !== 'string') return undefined;
	const typeName = node.type.slice(node.type.lastIndexOf('.') + 1);
	// n8n runs a node as an AI Agent's tool under its type name with "Tool" appended (agoraTool).
	const type = forms.has(typeName) ? typeName : typeName.replace(/Tool$/, '');
	const properties = forms.get(type);
	if (!properties) return undefined;
	const key = `${type}@${node.typeVersion}:${String(parameters.resource)}:${String(parameters.operation)}`;
	let layout = layouts.get(key);
	if (!layout) {
		layout = layoutOf(properties, node, parameters.resource, parameters.operation);
		layouts.set(key, layout);
	}
	return layout;
}

/**
 * The group holding `name` in this node's version, or undefined when it is a top-level parameter
 * (every parameter of a node whose description was not registered).
 */
export function placeOf(
	node: INode,
	parameters: { resource?: unknown; operation?: unknown },
	name: string,
): GroupedPlace | undefined {
	return layoutFor(node, parameters)?.places.get(name);
}

/** Whether this node's version has a parameter `name` at all (true for unregistered descriptions). */
export function hasParameter(
	node: INode,
	parameters: { resource?: unknown; operation?: unknown },
	name: string,
): boolean {
	const layout = layoutFor(node, parameters);
	return !layout || layout.topLevel.has(name) || layout.places.has(name);
}
