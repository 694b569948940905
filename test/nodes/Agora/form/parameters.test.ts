/**
 * itemParameter reads `{{ $json… }}` expressions from the item instead of n8n's expression engine.
 * These tests hold it to n8n's own getNodeParameter, item by item, in n8n's real engine: every
 * value must be the same (deep equal, same type), and every error must be an error there too.
 */
import fc from 'fast-check';
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeParameters,
} from 'n8n-workflow';

import { Agora } from '../../../../nodes/Agora/Agora.node';
import { itemParameter } from '../../../../nodes/Agora/form/parameters';
import { registerNodeType, runWorkflow, type TestWorkflow } from '../../../lib/harness';
import { testNodeType } from '../../../lib/triggerHarnessTypes';

type Outcome = { value: unknown } | { error: true };

function outcome(read: () => unknown): Outcome {
	try {
		return { value: read() };
	} catch {
		return { error: true };
	}
}

/** Reads every parameter of every item both ways; outputs one item per (item, parameter). */
const compareNode = testNodeType({
	name: 'compare',
	displayName: 'Compare',
	group: 'transform',
	description: 'Reads its parameters through itemParameter and through n8n',
	async execute() {
		const names = Object.keys(this.getNode().parameters);
		const out: INodeExecutionData[] = [];
		// Counts the reads itemParameter hands to n8n (the context's own function, wrapped here only).
		const n8nRead = this.getNodeParameter;
		let askedN8n = 0;
		const counting = ((...args: Parameters<typeof n8nRead>) => {
			askedN8n++;
			return n8nRead(...args);
		}) as typeof n8nRead;
		this.getInputData().forEach((_, itemIndex) => {
			for (const name of names) {
				askedN8n = 0;
				this.getNodeParameter = counting;
				const ours = outcome(() => itemParameter(this, name, itemIndex, 'FALLBACK'));
				const direct = askedN8n === 0;
				this.getNodeParameter = n8nRead;
				const n8n = outcome(() => this.getNodeParameter(name, itemIndex, 'FALLBACK'));
				out.push({ json: { itemIndex, name, ours, n8n, direct } as unknown as IDataObject });
			}
		});
		return [out];
	},
});
registerNodeType('test.compare', compareNode);

/** n8n keeps only the parameters a node declares: declare the ones a test uses. */
function declare(parameters: INodeParameters): void {
	compareNode.description.properties = Object.keys(parameters).map((name) => ({
		displayName: name,
		name,
		type: 'string',
		default: '',
	}));
}

async function compare(items: IDataObject[], parameters: INodeParameters): Promise<IDataObject[]> {
	declare(parameters);
	const workflow: TestWorkflow = {
		nodes: [
			{ name: 'Items', type: 'test.items', parameters: { items: JSON.stringify(items) } },
			{ name: 'Compare', type: 'test.compare', parameters },
		],
		connections: { Items: { main: [[{ node: 'Compare', type: 'main', index: 0 }]] } },
	};
	const run = await runWorkflow(workflow, {});
	const error = run.error('Compare');
	if (error) throw error;
	return run.output('Compare');
}

function expectSame(rows: IDataObject[]): void {
	for (const row of rows) {
		const ours = row.ours as Outcome;
		const n8n = row.n8n as Outcome;
		// A mismatch names the item and the parameter.
		expect({ at: [row.itemIndex, row.name], ...ours }).toStrictEqual({
			at: [row.itemIndex, row.name],
			...n8n,
		});
	}
}

const items: IDataObject[] = [
	{
		id: 'agent-1',
		n: 7,
		zero: 0,
		yes: true,
		no: false,
		empty: '',
		nil: null,
		nested: { a: { b: 'deep' }, list: ['x', 'y'] },
		'with space': 'spaced',
		arr: [1, 2, 3],
		obj: { k: 'v' },
	},
	{ id: 'agent-2', n: -1.5, nested: { a: { b: 'other' } }, arr: [] },
	{},
];

test('plain $json reads give what n8n gives, for every item and shape', async () => {
	const parameters: INodeParameters = {
		dot: '={{ $json.id }}',
		tight: '={{$json.id}}',
		spaced: '={{   $json.id   }}',
		number: '={{ $json.n }}',
		zero: '={{ $json.zero }}',
		boolTrue: '={{ $json.yes }}',
		boolFalse: '={{ $json.no }}',
		emptyString: '={{ $json.empty }}',
		nullValue: '={{ $json.nil }}',
		missing: '={{ $json.missing }}',
		missingDeep: '={{ $json.missing.deeper }}',
		deep: '={{ $json.nested.a.b }}',
		bracketDouble: '={{ $json["with space"] }}',
		bracketSingle: "={{ $json['nested']['a']['b'] }}",
		index: '={{ $json.nested.list[1] }}',
		indexOut: '={{ $json.nested.list[5] }}',
		arrayLength: '={{ $json.arr.length }}',
		stringLength: '={{ $json.id.length }}',
		wholeArray: '={{ $json.arr }}',
		wholeObject: '={{ $json.obj }}',
		wholeJson: '={{ $json }}',
		constructorKey: '={{ $json.constructor }}',
		protoKey: '={{ $json.__proto__ }}',
		method: '={{ $json.id.toUpperCase() }}',
		withText: '=id: {{ $json.id }}',
		twoExpressions: '={{ $json.id }}{{ $json.n }}',
		arithmetic: '={{ $json.n + 1 }}',
		otherNode: "={{ $('Items').item.json.id }}",
		itemIndex: '={{ $itemIndex }}',
		literal: 'agent-literal',
		literalNumber: 42,
		literalBool: true,
		equalsOnly: '=',
		collection: {
			agentId: '={{ $json.id }}',
			count: '={{ $json.n }}',
			fixed: 'x',
			flag: false,
			none: null,
		},
		collectionWithOther: { agentId: '={{ $json.id }}', upper: '={{ $json.id.toUpperCase() }}' },
		fixedCollection: {
			messages: [
				{ role: 'system', content: '={{ $json.nested.a.b }}' },
				{ role: 'user', content: 'hi' },
			],
		},
		collectionWithObject: { obj: '={{ $json.obj }}' },
	};
	const rows = await compare(items, parameters);
	expect(rows.length).toBe(items.length * Object.keys(parameters).length);
	expectSame(rows);
	// The shortcut is taken where it can be, and only there.
	const direct = (name: string, item = 0) =>
		rows.find((r) => r.name === name && r.itemIndex === item)?.direct;
	for (const name of [
		'dot',
		'tight',
		'spaced',
		'number',
		'zero',
		'boolFalse',
		'emptyString',
		'deep',
		'bracketDouble',
		'bracketSingle',
		'index',
		'arrayLength',
		'literal',
		'collection',
		'fixedCollection',
	]) {
		expect([name, direct(name)]).toEqual([name, true]);
	}
	for (const name of [
		'nullValue',
		'missing',
		'wholeArray',
		'wholeObject',
		'wholeJson',
		'constructorKey',
		'protoKey',
		'stringLength',
		'method',
		'withText',
		'twoExpressions',
		'arithmetic',
		'otherNode',
		'itemIndex',
		'collectionWithOther',
		'collectionWithObject',
	]) {
		expect([name, direct(name)]).toEqual([name, false]);
	}
});

test('fuzzed items and $json paths: the same value or error as n8n', async () => {
	const key = fc.oneof(
		fc.constantFrom('id', 'a', 'b', 'list', 'with space', 'length', 'constructor', '0', '1'),
		fc.string({ maxLength: 6 }),
	);
	const leaf = fc.oneof(
		fc.string({ maxLength: 8 }),
		fc.integer(),
		fc.double({ noNaN: true }),
		fc.boolean(),
		fc.constant(null),
	);
	const json = fc.dictionary(
		key,
		fc.oneof(leaf, fc.dictionary(key, leaf, { maxKeys: 3 }), fc.array(leaf, { maxLength: 3 })),
		{ maxKeys: 5 },
	);
	const segment = fc.oneof(
		key.filter((k) => /^[A-Za-z_$][\w$]*$/.test(k)).map((k) => `.${k}`),
		key.filter((k) => !/['"\\]/.test(k)).map((k) => `["${k}"]`),
		fc.nat(4).map((i) => `[${i}]`),
	);
	const expression = fc
		.tuple(fc.array(segment, { minLength: 1, maxLength: 3 }), fc.constantFrom('', ' ', '  '))
		.map(([path, pad]) => `={{${pad}$json${path.join('')}${pad}}}`);
	await fc.assert(
		fc.asyncProperty(
			fc.array(json, { minLength: 1, maxLength: 3 }),
			fc.array(expression, { minLength: 1, maxLength: 4 }),
			async (inputs, expressions) => {
				const parameters: INodeParameters = {};
				expressions.forEach((e, i) => (parameters[`p${i}`] = e));
				parameters.inCollection = { value: expressions[0], fixed: 'x' };
				const rows = await compare(inputs, parameters);
				expect(rows.length).toBe(inputs.length * Object.keys(parameters).length);
				expectSame(rows);
			},
		),
		{ numRuns: 150, seed: 20261123 },
	);
});

test('when $json is not the input item (a tool call), every read goes to n8n', () => {
	const input = [{ json: { id: 'tool-args' } }];
	const calls: string[] = [];
	const fn = {
		getNode: () => ({ parameters: { agentId: '={{ $json.id }}' } }),
		getInputData: () => input,
		// What n8n's $json reads here: the AI Agent's own items, not the tool call.
		connectionInputData: [{ json: { id: 'agent-item' } }],
		getNodeParameter: (name: string) => {
			calls.push(name);
			return 'from-n8n';
		},
	} as unknown as IExecuteFunctions;
	expect(itemParameter(fn, 'agentId', 0)).toBe('from-n8n');
	expect(calls).toEqual(['agentId']);
	// The same context in a normal run ($json reads the input array itself) reads the item.
	const normal = { ...(fn as object), connectionInputData: input } as unknown as IExecuteFunctions;
	expect(itemParameter(normal, 'agentId', 0)).toBe('tool-args');
	expect(calls).toEqual(['agentId']);
});

test('Request Options › Read Item Fields Directly off sends every read to n8n', () => {
	const input = [{ json: { id: 'item-value' } }];
	const calls: string[] = [];
	const context = (requestOptions: IDataObject) =>
		({
			getNode: () => ({ parameters: { agentId: '={{ $json.id }}', requestOptions } }),
			getInputData: () => input,
			connectionInputData: input,
			getNodeParameter: (name: string) => {
				calls.push(name);
				return 'from-n8n';
			},
		}) as unknown as IExecuteFunctions;
	expect(itemParameter(context({ readItemFieldsDirectly: false }), 'agentId', 0)).toBe('from-n8n');
	expect(calls).toEqual(['agentId']);
	expect(itemParameter(context({ readItemFieldsDirectly: true }), 'agentId', 0)).toBe('item-value');
	expect(itemParameter(context({}), 'agentId', 0)).toBe('item-value');
	expect(calls).toEqual(['agentId']);
});

test('the Agora node declares no validateType, so n8n does not convert the values it reads', () => {
	const found: string[] = [];
	const visit = (properties: unknown[] | undefined) => {
		for (const p of (properties ?? []) as IDataObject[]) {
			if (p.validateType) found.push(String(p.name));
			visit(p.options as unknown[] | undefined);
			visit(p.values as unknown[] | undefined);
		}
	};
	visit(new Agora().description.properties);
	expect(found).toEqual([]);
});
