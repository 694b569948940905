/**
 * The Start and Call forms as a new user meets them: the credential at the top as n8n shows it for
 * core nodes, the required fields before the settings with defaults. The control counts are
 * reproducible from the node description (formControls.ts); docs/editor.md quotes them.
 */
import type { INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { Agora } from '../../nodes/Agora/Agora.node';
import { controlsOfNewNode } from './formControls';

const description = new Agora().description;
const names = (resource: string, operation: string, version?: number) =>
	controlsOfNewNode(description, { resource, operation }, version).map((control) => control.name);

describe('version 1.4 (a new node)', () => {
	it('Agent › Start: the credentials, what must be filled, Instructions and Greeting, the mode, the five groups: 14 controls', () => {
		expect(names('agent', 'start')).toEqual([
			'resource',
			'operation',
			'credential:agoraVendorKeysApi',
			'credential:agoraApi',
			'channel',
			'remoteRtcUid',
			'instructions',
			'greeting',
			'mode',
			'model',
			'voice',
			'conversation',
			'identity',
			'options',
		]);
	});

	it('Phone Call › Call: the numbers, Instructions, Greeting and Wait for the Call to End, the same groups: 15 controls', () => {
		expect(names('phoneCall', 'call')).toEqual([
			'resource',
			'operation',
			'credential:agoraVendorKeysApi',
			'credential:agoraApi',
			'toNumber',
			'fromNumber',
			'instructions',
			'greeting',
			'waitForEnd',
			'mode',
			'model',
			'voice',
			'conversation',
			'identity',
			'options',
		]);
	});

	it('Identity and Security › Vendor Keys › Typed Into This Node hides the Vendor Keys credential picker', () => {
		const typed = controlsOfNewNode(description, {
			resource: 'agent',
			operation: 'start',
			identity: { vendorKeys: 'form' },
		}).map((control) => control.name);
		expect(typed).not.toContain('credential:agoraVendorKeysApi');
		expect(typed).toContain('credential:agoraApi');
	});

	it('the groups are labelled as a user thinks of an agent', () => {
		const labels = controlsOfNewNode(description, { resource: 'agent', operation: 'start' })
			.slice(-5)
			.map((control) => control.label);
		expect(labels).toEqual(['Model', 'Voice', 'Conversation', 'Identity and Security', 'Advanced']);
	});
});

describe('version 1.3 (saved workflows) keeps its form', () => {
	it('Start and Call: 12 controls each, no Instructions or Greeting at the top', () => {
		for (const [resource, operation] of [
			['agent', 'start'],
			['phoneCall', 'call'],
		]) {
			const controls = names(resource, operation, 1.3);
			expect(controls).toHaveLength(12);
			expect(controls).not.toContain('instructions');
		}
	});
});

describe('the groups of version 1.4', () => {
	const groups = ['start', 'call'].flatMap((operation) => {
		const resource = operation === 'start' ? 'agent' : 'phoneCall';
		const values = { resource, operation } as never;
		const node = { typeVersion: 1.4, parameters: values } as never;
		return description.properties
			.filter(
				(p) =>
					p.type === 'collection' && NodeHelpers.displayParameter(values, p, node, description),
			)
			.map((group) => [`${resource} › ${operation} › ${group.displayName}`, group] as const);
	});

	it.each(groups)('%s: no option is shown by an on/off switch inside the group', (_, group) => {
		const options = (group.options ?? []) as INodeProperties[];
		const switches = new Set(options.filter((o) => o.type === 'boolean').map((o) => o.name));
		const gated = options.filter((option) =>
			Object.entries(option.displayOptions?.show ?? {}).some(
				([key, values]) => switches.has(key) && (values as unknown[]).includes(true),
			),
		);
		expect(
			gated.map(
				(option) => `${option.displayName} (by ${Object.keys(option.displayOptions!.show!)})`,
			),
		).toEqual([]);
	});

	it.each(groups)('%s: the group and each of its options say what they are for', (_, group) => {
		expect(group.description).toBeTruthy();
		const options = (group.options ?? []) as INodeProperties[];
		expect(options.filter((option) => !option.description).map((o) => o.displayName)).toEqual([]);
	});

	it.each(groups)(
		'%s: no Presets (Agora Managed credentials in each provider instead)',
		(_, group) => {
			expect(((group.options ?? []) as INodeProperties[]).map((o) => o.name)).not.toContain(
				'preset',
			);
		},
	);
});

describe('versions 1 to 1.2 (saved workflows) keep their form', () => {
	const controls = controlsOfNewNode(description, { resource: 'agent', operation: 'start' }, 1.2);
	const position = (name: string) => controls.findIndex((control) => control.name === name);

	it('a version 1.2 Start shows the credentials right under Resource and Operation', () => {
		// The Agora credential listed last, so that n8n 1.x pre-selects it (Agora.node.ts).
		expect(controls.slice(0, 4).map((control) => control.name)).toEqual([
			'resource',
			'operation',
			'credential:agoraVendorKeysApi',
			'credential:agoraApi',
		]);
	});

	it('the fields a user must fill come before the first setting with a default, after Vendor Keys', () => {
		const lastRequired = Math.max(
			...controls.map((control, index) =>
				control.required && !control.name.startsWith('credential:') && control.name !== 'name'
					? index
					: -1,
			),
		);
		expect(controls.slice(0, lastRequired + 1).map((control) => control.name)).toEqual([
			'resource',
			'operation',
			'credential:agoraVendorKeysApi',
			'credential:agoraApi',
			'vendorKeys',
			'channel',
			'remoteRtcUid',
		]);
		// Mode, the choice that changes the form's shape, comes next; the deprecated Presets last.
		expect(position('mode')).toBe(lastRequired + 1);
		expect(position('preset')).toBe(position('options') - 1);
	});

	it('counts the controls of each old version as before', () => {
		// 37 in 1.2 with the Vendor Keys credential picker (From Credential is 1.2's default), 36 in 1 and 1.1.
		const counts = [1, 1.1, 1.2].map((version) => [
			names('agent', 'start', version).length,
			names('phoneCall', 'call', version).length,
		]);
		expect(counts).toEqual([
			[36, 40],
			[36, 40],
			[37, 41],
		]);
	});
});

describe('the credential n8n 1.x pre-selects in a new node', () => {
	// n8n 1.x takes the newest of the shown pickers' credentials by updatedAt, which its editor's
	// credential list does not carry: the last one listed wins. It must be the Agora credential.
	const operations = description.properties
		.filter((property) => property.name === 'operation')
		.flatMap((field) =>
			(field.displayOptions?.show?.resource ?? []).flatMap((resource) =>
				(field.options ?? []).map((option) => [
					String(resource),
					String((option as { value: unknown }).value),
				]),
			),
		);

	it.each(operations)(
		'%s › %s: the Agora credential is the last picker shown',
		(resource, operation) => {
			const pickers = names(resource, operation).filter((name) => name.startsWith('credential:'));
			if (resource === 'agentLlm') expect(pickers).toEqual([]);
			else expect(pickers[pickers.length - 1]).toBe('credential:agoraApi');
		},
	);
});

it('every credential has a show rule: n8n 1.x’s Create New opens the picker’s own type, not the first listed', () => {
	// n8n 1.x treats a credential without a show rule as the node's main one and, from its picker's
	// Create New, opens the node's first credential type (the Vendor Keys one, listed first).
	for (const credential of description.credentials ?? [])
		expect([credential.name, Object.keys(credential.displayOptions?.show ?? {})]).toEqual([
			credential.name,
			expect.arrayContaining(['resource']),
		]);
});
