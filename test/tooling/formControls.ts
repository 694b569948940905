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

export function controlsOfNewNode(description: INodeTypeDescription, chosen: INodeParameters): Control[] {
	const version = Math.max(...[description.version].flat());
	const values = NodeHelpers.getNodeParameters(description.properties, chosen, true, false, null, description) ?? {};
	const node = { typeVersion: version, parameters: values } as never;
	const shown = description.properties.filter((p) => NodeHelpers.displayParameter(values, p, node, description));
	const unique = shown.filter((p, index) => shown.findIndex((q) => q.name === p.name) === index);
	const controls: Control[] = unique.map((p: INodeProperties) => ({ name: p.name, label: p.displayName, required: p.required === true }));

	const credentials = (description.credentials ?? []).filter((c) => !c.displayOptions || NodeHelpers.displayParameter(values, c as never, node, description));
	const named = new Set((description.credentials ?? []).flatMap((c) => Object.keys(c.displayOptions?.show ?? {})));
	const lastNamed = Math.max(-1, ...controls.map((c, index) => (named.has(c.name) ? index : -1)));
	const at = lastNamed === -1 ? 0 : lastNamed;
	const pickers = credentials.map((c) => ({ name: `credential:${c.name}`, label: 'Credential to connect with', required: c.required === true }));
	controls.splice(at, 0, ...pickers);
	return controls;
}
