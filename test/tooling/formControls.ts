/**
 * The controls n8n's editor shows for a new node of one operation, top to bottom, as its node panel
 * lays them out (credential pickers included; a collection is one control).
 */
import type { INodeParameters, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

export interface Control {
	name: string;
	label: string;
	required: boolean;
}

/** `version`: the node version placed (default: the newest, as the editor places a new node). */
export function controlsOfNewNode(
	description: INodeTypeDescription,
	chosen: INodeParameters,
	version = Math.max(...[description.version].flat()),
): Control[] {
	const placed = { typeVersion: version, parameters: chosen } as never;
	const values =
		NodeHelpers.getNodeParameters(
			description.properties,
			chosen,
			true,
			false,
			placed,
			description,
		) ?? {};
	const node = { typeVersion: version, parameters: values } as never;
	const shown = description.properties.filter((p) =>
		NodeHelpers.displayParameter(values, p, node, description),
	);
	const unique = shown.filter((p, index) => shown.findIndex((q) => q.name === p.name) === index);
	const controls: Control[] = unique.map((p: INodeProperties) => ({
		name: p.name,
		label: p.displayName,
		required: p.required === true,
	}));

	const credentials = (description.credentials ?? []).filter(
		(c) => !c.displayOptions || NodeHelpers.displayParameter(values, c as never, node, description),
	);
	const named = new Set(
		(description.credentials ?? []).flatMap((c) => [
			...Object.keys(c.displayOptions?.show ?? {}),
			...Object.keys(c.displayOptions?.hide ?? {}),
		]),
	);
	const lastNamed = Math.max(-1, ...controls.map((c, index) => (named.has(c.name) ? index : -1)));
	// Never above Resource and Operation, where n8n shows the credential of core nodes.
	const afterOperation = controls.findIndex((c) => c.name === 'operation') + 1;
	const at = Math.max(lastNamed === -1 ? 0 : lastNamed, afterOperation);
	const pickers = credentials.map((c) => ({
		name: `credential:${c.name}`,
		label: 'Credential to connect with',
		required: c.required === true,
	}));
	controls.splice(at, 0, ...pickers);
	return controls;
}
