/**
 * Two grouped layouts in one list (form/versions.ts): each node version must see exactly its own
 * layout, in its own order, however many of its fields are declared once for both.
 */
import type { INode, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { groupedAgentConfigFields, identityFields } from '../../../../nodes/Agora/agentConfig';
import {
	conversationFirstFields,
	GROUPS_KEPT_IN_14,
} from '../../../../nodes/Agora/agentConfig/layout14';
import { successiveLayouts } from '../../../../nodes/Agora/form/versions';

/** The field without its version rules (and rules left empty by that). */
function withoutVersion(field: INodeProperties): INodeProperties {
	const displayOptions: Record<string, unknown> = {};
	for (const key of ['show', 'hide'] as const) {
		const rest: Record<string, unknown> = { ...field.displayOptions?.[key] };
		delete rest['@version'];
		if (Object.keys(rest).length) displayOptions[key] = rest;
	}
	const out = { ...field };
	delete out.displayOptions;
	return Object.keys(displayOptions).length ? { ...out, displayOptions } : out;
}

/** The fields a node of `version` shows at the top of its form, without their version rules. */
function seenBy(fields: INodeProperties[], version: number): INodeProperties[] {
	const node = { typeVersion: version, parameters: {} } as unknown as INode;
	return fields
		.filter((field) => {
			const show = field.displayOptions?.show?.['@version'];
			const hide = field.displayOptions?.hide?.['@version'];
			const rules = { show: show && { '@version': show }, hide: hide && { '@version': hide } };
			return NodeHelpers.displayParameter({}, { ...field, displayOptions: rules }, node, null);
		})
		.map(withoutVersion);
}

const field = (name: string, displayName = name): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: '',
});
const group = (name: string): INodeProperties => ({
	displayName: name,
	name,
	type: 'collection',
	default: {},
	options: [field(`${name}Option`)],
});

describe('successive layouts of one form', () => {
	it('declares a top-level field alike in both versions once, and each version keeps its order', () => {
		const earlier = [field('channel'), field('uid'), group('model')];
		const later = [field('prompt'), field('channel'), field('greeting'), group('model')];
		const merged = successiveLayouts(
			{ version: 1.3, fields: earlier },
			{ version: 1.4, fields: later },
			['model'],
		);
		expect(merged.map((one) => [one.name, one.displayOptions?.show?.['@version']])).toEqual([
			['prompt', [{ _cnd: { gte: 1.4 } }]],
			['channel', [{ _cnd: { gte: 1.3 } }]],
			['uid', [1.3]],
			['greeting', [{ _cnd: { gte: 1.4 } }]],
			['model', [{ _cnd: { gte: 1.3 } }]],
		]);
		expect(seenBy(merged, 1.3)).toEqual(earlier);
		expect(seenBy(merged, 1.4)).toEqual(later);
	});

	it('Start’s 1.3 and 1.4 layouts: each version sees exactly its own fields', () => {
		const grouped = groupedAgentConfigFields(identityFields, []);
		const conversationFirst = conversationFirstFields(identityFields, []);
		const merged = successiveLayouts(
			{ version: 1.3, fields: grouped },
			{ version: 1.4, fields: conversationFirst },
			GROUPS_KEPT_IN_14,
		);
		expect(merged.length).toBeLessThan(grouped.length + conversationFirst.length);
		expect(seenBy(merged, 1.3)).toEqual(grouped.map(withoutVersion));
		expect(seenBy(merged, 1.4)).toEqual(conversationFirst.map(withoutVersion));
	});
});
