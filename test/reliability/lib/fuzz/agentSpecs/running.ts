/** Fuzz specs of the operations on a running agent: stop, update, speak, interrupt, get, history, list. */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';
import { alnum, atBytes, jsonObject, opt, overBytes, rtcName, text, unicode } from '../arb';
import { expr } from '../engine';
import {
	mutation,
	values,
	requestOptions,
	requestOptionMutations,
	idMutations,
	type OpSpec,
} from '../spec';

const agentIdBase = (operation: string, extra: fc.Arbitrary<IDataObject> = fc.constant({})) =>
	fc.tuple(extra, requestOptions).map(([e, ro]) => ({
		resource: 'agent',
		operation,
		agentId: '@@agent',
		...e,
		...(ro ? { requestOptions: ro } : {}),
	}));

const stopSpec: OpSpec = {
	key: 'agent.stop',
	needs: 'freshAgent',
	base: agentIdBase(
		'stop',
		opt(fc.record({ ignoreNotFound: fc.boolean() })).map((o) => (o ? { options: o } : {})),
	),
	mutations: [
		...idMutations(),
		mutation(
			'ignoreNotFound as text',
			/ignoreNotFound/,
			false,
			'options.ignoreNotFound',
			values(expr('true'), expr(1)),
		),
		...requestOptionMutations,
	],
};

const updateFields = fc
	.record(
		{
			token: alnum(10, 80),
			llmParams: jsonObject,
			mllmParams: jsonObject,
			systemMessages: fc
				.array(fc.record({ role: fc.constantFrom('system', 'user'), content: text(1, 60) }), {
					minLength: 1,
					maxLength: 3,
				})
				.map((messages) => ({ messages })),
		},
		{ requiredKeys: [] },
	)
	.filter((f) => Object.keys(f).length > 0);

const updateSpec: OpSpec = {
	key: 'agent.update',
	needs: 'agent',
	base: agentIdBase(
		'update',
		updateFields.map((updateFields) => ({ updateFields })),
	),
	mutations: [
		...idMutations(),
		mutation('nothing to update', /^properties$/, true, 'updateFields', values({})),
		mutation(
			'LLM params bad JSON',
			/properties\.llm\.params/,
			true,
			'updateFields.llmParams',
			values('{', '[1]', '"s"', '{"a":1,}'),
		),
		mutation(
			'MLLM params bad JSON',
			/properties\.mllm\.params/,
			true,
			'updateFields.mllmParams',
			values('{', '[]', 'true'),
		),
		mutation(
			'token wrong type',
			/properties\.token/,
			false,
			'updateFields.token',
			values(expr(42), expr(null), expr('')),
		),
		mutation(
			'system message content unusual',
			/system_messages/,
			false,
			'updateFields.systemMessages',
			fc
				.oneof(unicode(0, 30), fc.constant('x'.repeat(20000)))
				.map((content) => ({ messages: [{ role: 'system', content }] })),
		),
		...requestOptionMutations,
	],
};

const speakSpec: OpSpec = {
	key: 'agent.speak',
	needs: 'agent',
	base: agentIdBase(
		'speak',
		fc.record(
			{
				text: fc.oneof(text(1, 200), fc.constantFrom(...atBytes(512))),
				priority: fc.constantFrom('INTERRUPT', 'APPEND', 'IGNORE'),
				interruptable: fc.boolean(),
			},
			{ requiredKeys: ['text'] },
		),
	),
	mutations: [
		...idMutations(),
		mutation('text blank', /^text$/, true, 'text', values(expr(''))),
		mutation('text over 512 bytes', /^text$/, true, 'text', overBytes(512)),
		mutation(
			'text unusual but within 512 bytes',
			/^text$/,
			false,
			'text',
			fc.oneof(unicode(1, 100), fc.constantFrom('   ', '\n', '\u0000', '{{ $json }}')),
		),
		mutation(
			'priority unknown',
			/^priority$/,
			true,
			'priority',
			values(expr('LOUD'), expr('interrupt'), expr(1)),
		),
		mutation(
			'interruptable not a boolean',
			/^interruptable$/,
			true,
			'interruptable',
			values(expr('yes'), expr(1), expr('false')),
		),
		...requestOptionMutations,
	],
};

const interruptSpec: OpSpec = {
	key: 'agent.interrupt',
	needs: 'agent',
	base: agentIdBase('interrupt'),
	mutations: [...idMutations(), ...requestOptionMutations],
};
const getSpec: OpSpec = {
	key: 'agent.get',
	needs: 'agent',
	base: agentIdBase('get'),
	mutations: [...idMutations(), ...requestOptionMutations],
};
const historySpec: OpSpec = {
	key: 'agent.getHistory',
	needs: 'agent',
	base: agentIdBase(
		'getHistory',
		opt(fc.constantFrom('whole', 'split')).map((output) => (output ? { output } : {})),
	),
	mutations: [
		...idMutations(),
		mutation('output unknown', /^output$/, false, 'output', values(expr('xml'))),
		...requestOptionMutations,
	],
};

const agentListSpec: OpSpec = {
	key: 'agent.getMany',
	needs: 'agent',
	base: fc
		.record({
			returnAll: fc.boolean(),
			limit: fc.integer({ min: 1, max: 200 }),
			filters: fc.record(
				{
					channel: fc.oneof(rtcName(1, 20), fc.constant('room1')),
					fromTime: fc
						.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01') })
						.map((d) => d.toISOString()),
					toTime: fc
						.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01') })
						.map((d) => d.toISOString()),
					state: fc.constantFrom(
						'any',
						'IDLE',
						'STARTING',
						'RUNNING',
						'STOPPING',
						'STOPPED',
						'RECOVERING',
						'FAILED',
					),
				},
				{ requiredKeys: [] },
			),
			options: fc.record({ pageSize: fc.integer({ min: 1, max: 1000 }) }, { requiredKeys: [] }),
			requestOptions,
		})
		.map((r) => {
			const p: IDataObject = {
				resource: 'agent',
				operation: 'getAll',
				returnAll: r.returnAll,
				filters: r.filters,
				options: r.options,
			};
			if (!r.returnAll) p.limit = r.limit;
			if (r.requestOptions) p.requestOptions = r.requestOptions;
			return p;
		}),
	mutations: [
		mutation(
			'limit out of range',
			/^limit$/,
			false,
			'limit',
			values(expr(0), expr(-5), expr(2.5), expr('ten')),
			{ when: (p) => p.returnAll === false },
		),
		mutation(
			'page size out of range',
			/pageSize|limit/,
			true,
			'options.pageSize',
			values(expr(0), expr(1001), expr(2.5), expr('abc'), expr(-1)),
		),
		mutation(
			'state unknown',
			/^state$/,
			true,
			'filters.state',
			values(expr('DANCING'), expr('running'), expr(2)),
		),
		mutation(
			'date unreadable',
			/^(fromTime|toTime)$/,
			true,
			'filters.fromTime',
			values(expr('yesterday-ish'), expr('2024-13-45'), expr(-1000)),
		),
		mutation(
			'channel unusual',
			/channel/,
			false,
			'filters.channel',
			fc.oneof(unicode(1, 20), fc.constant('x'.repeat(3000)), fc.constant('a&b=c')),
		),
		...requestOptionMutations,
	],
};

export {
	agentIdBase,
	stopSpec,
	updateFields,
	updateSpec,
	speakSpec,
	interruptSpec,
	getSpec,
	historySpec,
	agentListSpec,
};
