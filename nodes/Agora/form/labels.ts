/**
 * API path -> the field as the form labels it ("LLM Options › Max History"). Labels are read from
 * the node's own description, so they cannot drift from the form: a parameter is found by the API
 * member's camel-cased name, or by what its declaration says it builds (`builds`).
 */
import type { INode, INodeProperties, INodePropertyCollection } from 'n8n-workflow';

import { setFieldNamer } from '../../shared/validate';

/** API member (indices left out) -> the parameter that builds it, where its name is not the member's. */
const BUILT_BY = new Map<string, string>();

/**
 * Declares, where a parameter is declared, the API members it builds whose names it does not follow
 * (`properties.filler_words` by Enable Filler Words). The parameter itself is returned unchanged.
 */
export function builds(apiPaths: string | string[], property: INodeProperties): INodeProperties {
	for (const apiPath of typeof apiPaths === 'string' ? [apiPaths] : apiPaths)
		BUILT_BY.set(apiPath, property.name);
	return property;
}

/**
 * Declares members built inside a collection whose names other fields also have (a tool's `url`
 * is not the LLM's): API path -> parameter path (`llmOptions.tools.url`).
 */
export function buildsAt(paths: Record<string, string>): void {
	for (const [apiPath, parameterPath] of Object.entries(paths))
		BUILT_BY.set(apiPath, parameterPath);
}

/** For tests (the checks of the form's copy): what `builds` declared. */
export function declaredBuilders(): ReadonlyMap<string, string> {
	return BUILT_BY;
}

/** Where an error lands when no form field builds the member: only Additional Body can set it. */
const ADDITIONAL_BODY = 'options.additionalBody';

let form: INodeProperties[] = [];

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function shownFor(property: INodeProperties, node: INode): boolean {
	const show = property.displayOptions?.show ?? {};
	return ['resource', 'operation'].every((key) => {
		const allowed = show[key] as unknown[] | undefined;
		return !allowed || allowed.includes(node.parameters?.[key]);
	});
}

function children(property: INodeProperties): INodeProperties[] {
	if (property.type === 'collection') return (property.options ?? []) as INodeProperties[];
	if (property.type === 'fixedCollection')
		return ((property.options ?? []) as INodePropertyCollection[]).flatMap((group) => group.values);
	return [];
}

/** "LLM Options › Max History" for `llmOptions.maxHistory` on this node's operation, if the form has it. */
function labelOfParameter(
	node: INode,
	parameterPath: string,
	properties: INodeProperties[] = form,
): string | undefined {
	const [head, ...rest] = parameterPath.split('.');
	const top = properties.find((property) => property.name === head && shownFor(property, node));
	if (!top) return undefined;
	const labels = [top.displayName];
	let current = top;
	for (const part of rest) {
		const next = children(current).find((child) => child.name === part);
		if (!next) return undefined;
		labels.push(next.displayName);
		current = next;
	}
	return labels.join(' › ');
}

/** The label of the parameter (or collection option) named `name` on this node's operation. */
function labelOfName(
	node: INode,
	name: string,
	properties: INodeProperties[] = form,
	above: string[] = [],
): string | undefined {
	for (const property of properties) {
		if (above.length === 0 && !shownFor(property, node)) continue;
		const labels = [...above, property.displayName];
		if (property.name === name) return labels.join(' › ');
		const inner = labelOfName(node, name, children(property), labels);
		if (inner) return inner;
	}
	return undefined;
}

/**
 * Looks for the API member `name`: a member of a section (properties.llm) as `llmName` or inside
 * the section's collections (llmOptions), any other as a field or collection option of that name;
 * then inside the parameter that builds its enclosing member (Agent Parameters › Data Channel).
 */
function findByName(
	node: INode,
	name: string,
	section?: string,
	enclosing?: string,
): string | undefined {
	const key = camel(name);
	const candidates = section ? [section + key.charAt(0).toUpperCase() + key.slice(1)] : [key, name];
	const collections = form.filter(
		(property) =>
			children(property).length > 0 &&
			shownFor(property, node) &&
			(!section || property.name.startsWith(section)),
	);
	for (const collection of collections)
		candidates.push(`${collection.name}.${key}`, `${collection.name}.${name}`);
	const builder = enclosing && BUILT_BY.get(enclosing);
	if (builder) candidates.push(`${builder}.${key}`);
	for (const candidate of candidates) {
		const label = labelOfParameter(node, candidate);
		if (label) return label;
	}
	return undefined;
}

/**
 * The form's label for an API path (or a parameter path) of this node's operation: the parameter
 * declared to build it, the parameter of that name, then the nearest enclosing member; Additional
 * Body otherwise.
 */
export function formLabel(node: INode, field: string): string | undefined {
	const segments = field.replace(/\[\d+\]/g, '').split('.');
	for (let length = segments.length; length > 0; length--) {
		const path = segments.slice(0, length).join('.');
		const builder = BUILT_BY.get(path);
		const label =
			(builder && (labelOfParameter(node, builder) ?? labelOfName(node, builder))) ||
			labelOfParameter(node, path);
		if (label) return label;
		const last = segments[length - 1];
		const section = segments[0] === 'properties' && length > 2 ? segments[1] : undefined;
		const found = findByName(node, last, section, segments.slice(0, length - 1).join('.'));
		if (found) return found;
	}
	return labelOfParameter(node, ADDITIONAL_BODY) ?? labelOfParameter(node, 'additionalFields');
}

/** Makes validation errors of this node name fields by the labels of `properties`. */
export function useFormLabels(properties: INodeProperties[]): void {
	form = properties;
	setFieldNamer(formLabel);
}
