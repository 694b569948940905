/**
 * Start and Call declare their shared fields once: every operation of every node version must still
 * see exactly its own form, in its own order, and no other operation any of it.
 */
import type { INode, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { Agora } from '../../../../nodes/Agora/Agora.node';
import { agentOperations } from '../../../../nodes/Agora/actions/agent';
import { phoneCallOperations } from '../../../../nodes/Agora/actions/phoneCall';
import { declaredOnce } from '../../../../nodes/Agora/form/declaredOnce';

const LAYOUT_KEYS = ['resource', 'operation', '@version'];

function only(rules: Record<string, unknown> | undefined, keys: (key: string) => boolean) {
	return rules && Object.fromEntries(Object.entries(rules).filter(([key]) => keys(key)));
}

/** The fields shown for this version, resource and operation, without their operation rules. */
function shown(
	fields: INodeProperties[],
	version: number,
	resource: string,
	operation: string,
): INodeProperties[] {
	const node = { typeVersion: version, parameters: {} } as unknown as INode;
	const byLayout = (key: string) => LAYOUT_KEYS.includes(key);
	const notOperation = (key: string) => key !== 'resource' && key !== 'operation';
	return fields
		.filter((field) => {
			const rules = field.displayOptions ?? {};
			const layout = { show: only(rules.show, byLayout), hide: only(rules.hide, byLayout) };
			const trimmed = { ...field, displayOptions: layout } as INodeProperties;
			return NodeHelpers.displayParameter({ resource, operation }, trimmed, node, null);
		})
		.map(
			(field) =>
				({
					...field,
					displayOptions: {
						...field.displayOptions,
						show: only(field.displayOptions?.show, notOperation),
					},
				}) as INodeProperties,
		);
}

function field(name: string, displayName = name): INodeProperties {
	return { displayName, name, type: 'string', default: '' };
}

function forOperation(resource: string, operation: string, fields: INodeProperties[]) {
	return fields.map((one) => ({
		...one,
		displayOptions: { show: { mode: ['a'], resource: [resource], operation: [operation] } },
	}));
}

describe('fields declared once for two operations', () => {
	it('shares the fields declared alike and keeps each operation’s order', () => {
		const first = forOperation('agent', 'start', [field('x'), field('a'), field('b', 'B')]);
		const second = forOperation('phoneCall', 'call', [field('a'), field('y'), field('b', 'Bee')]);
		const merged = declaredOnce(first, second);
		expect(merged.map((one) => [one.name, one.displayOptions?.show?.operation])).toEqual([
			['x', ['start']],
			['a', ['start', 'call']],
			['b', ['start']],
			['y', ['call']],
			['b', ['call']],
		]);
		expect(merged[1].displayOptions?.show).toEqual({
			mode: ['a'],
			resource: ['agent', 'phoneCall'],
			operation: ['start', 'call'],
		});
		expect(shown(merged, 1, 'agent', 'start').map((one) => one.displayName)).toEqual([
			'x',
			'a',
			'B',
		]);
		expect(shown(merged, 1, 'phoneCall', 'call').map((one) => one.displayName)).toEqual([
			'a',
			'y',
			'Bee',
		]);
	});

	it('refuses forms whose joint rule would show for an operation of the other resource', () => {
		const first = forOperation('agent', 'start', [field('a')]);
		expect(() => declaredOnce(first, forOperation('phoneCall', 'start', [field('a')]))).toThrow(
			'differ in both resource and operation',
		);
	});

	it('Start and Call: each operation of each version sees its own form and only its own', () => {
		const description = new Agora().description;
		const start = agentOperations.start.description;
		const call = phoneCallOperations.call.description;
		const joint = declaredOnce(start, call);
		expect(joint.length).toBeLessThan((start.length + call.length) * 0.6);
		// The node declares the joint list, not the two forms.
		for (const one of joint) expect(description.properties).toContainEqual(one);
		const resources = description.properties.find((one) => one.name === 'resource')!
			.options as Array<{
			value: string;
		}>;
		for (const version of description.version as number[]) {
			for (const { value: resource } of resources) {
				const lists = description.properties.filter(
					(one) =>
						one.name === 'operation' &&
						(one.displayOptions?.show?.resource as string[]).includes(resource),
				);
				const operations = lists.flatMap((list) =>
					(list.options as Array<{ value: string }>).map((option) => option.value),
				);
				for (const operation of operations) {
					const own =
						resource === 'agent' && operation === 'start'
							? start
							: resource === 'phoneCall' && operation === 'call'
								? call
								: [];
					expect({
						version,
						resource,
						operation,
						form: shown(joint, version, resource, operation),
					}).toEqual({
						version,
						resource,
						operation,
						form: shown(own, version, resource, operation),
					});
				}
			}
		}
	});
});
