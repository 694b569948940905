// Test-only node installed beside the package in the e2e n8n: reads every parameter through the
// package's reader and through getNodeParameter, and reports whether they match and which path was taken.
const { isDeepStrictEqual } = require('util');
// The installed package, the very file the Agora node runs.
const { itemParameter } = require('n8n-nodes-agora/dist/nodes/Agora/form/parameters');

const text = (name) => ({ displayName: name, name, type: 'string', default: '' });

class ParameterProbe {
	constructor() {
		this.description = {
			displayName: 'Agora Parameter Probe',
			name: 'agoraParameterProbe',
			group: ['transform'],
			version: 1,
			description: 'Test only',
			defaults: { name: 'Probe' },
			inputs: ['main'],
			outputs: ['main'],
			properties: [
				text('plainString'),
				{ displayName: 'plainNumber', name: 'plainNumber', type: 'number', default: 0 },
				{ displayName: 'plainBoolean', name: 'plainBoolean', type: 'boolean', default: false },
				text('nestedRead'),
				text('bracketRead'),
				text('indexRead'),
				text('unicodeRead'),
				text('objectRead'),
				text('nullRead'),
				text('computed'),
				text('literal'),
				{
					displayName: 'collection',
					name: 'collection',
					type: 'collection',
					default: {},
					options: [text('a'), { displayName: 'b', name: 'b', type: 'number', default: 0 }],
				},
			],
		};
	}

	async execute() {
		const items = this.getInputData();
		const names = Object.keys(this.getNode().parameters);
		let asked = 0;
		// What the Agora node hands the reader is `this`; the reader uses only these members, so this
		// view forwards them (connectionInputData as n8n has it, or undefined) and counts n8n reads.
		const context = this;
		const reader = {
			getNode: () => context.getNode(),
			getInputData: (...args) => context.getInputData(...args),
			getNodeParameter: (...args) => {
				asked++;
				return context.getNodeParameter(...args);
			},
			connectionInputData: context.connectionInputData,
		};
		const out = [];
		for (let i = 0; i < items.length; i++) {
			const reads = {};
			for (const name of names) {
				const before = asked;
				const shortcut = itemParameter(reader, name, i);
				const fellBack = asked > before;
				const n8n = this.getNodeParameter(name, i);
				reads[name] = {
					same: isDeepStrictEqual(shortcut, n8n),
					fellBack,
					shortcut: shortcut === undefined ? '(undefined)' : shortcut,
					n8n: n8n === undefined ? '(undefined)' : n8n,
				};
			}
			out.push({
				json: { item: i, connectionInputDataIsInput: context.connectionInputData === items, reads },
			});
		}
		return [out];
	}
}

module.exports = { ParameterProbe };
