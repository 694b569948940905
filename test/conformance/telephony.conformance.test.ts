/**
 * The node's telephony and phone number schemas against the conformance data (test/conformance,
 * written from Agora's reference, not from the node): every example request passes, every input
 * the reference calls invalid is refused naming its field, every enumerated value passes.
 */
import type { ZodType } from 'zod';

import { describeZodError } from '../../nodes/shared/validate';
import { numeric } from '../../nodes/shared/values';
import {
	addPhoneNumberSchema,
	updatePhoneNumberSchema,
} from '../../nodes/Agora/schemas/phoneNumber';
import { callRecordsQuerySchema, callRequestSchema } from '../../nodes/Agora/schemas/telephony';
import {
	applyInvalid,
	loadEnums,
	loadFixtures,
	loadInvalid,
	setPath,
	type Fixture,
} from './fixtures';

/** The request part each operation's schema judges: the body, or the query with numbers as numbers. */
const SCHEMAS: Record<string, { schema: ZodType<unknown>; input: (f: Fixture) => unknown }> = {
	'call-telephony': { schema: callRequestSchema, input: (f) => f.body },
	'list-telephony': {
		schema: callRecordsQuerySchema,
		input: (f) =>
			Object.fromEntries(
				Object.entries(f.query ?? {})
					.filter(([key]) => key !== 'cursor')
					.map(([key, value]) => [key, numeric(value)]),
			),
	},
	'add-phone-number': { schema: addPhoneNumberSchema, input: (f) => f.body },
	'update-phone-number': { schema: updatePhoneNumberSchema, input: (f) => f.body },
};

const fixtures = loadFixtures().filter((f) => SCHEMAS[f.operation]);
const byName = new Map(fixtures.map((f) => [f.name, f]));

function problems(fixture: Fixture): string[] {
	const { schema, input } = SCHEMAS[fixture.operation];
	const result = schema.safeParse(input(fixture));
	return result.success ? [] : describeZodError(result.error).all;
}

test('the data holds examples of every telephony and phone number request with a body or query', () => {
	expect(new Set(fixtures.map((f) => f.operation))).toEqual(new Set(Object.keys(SCHEMAS)));
});

test.each(fixtures.map((f) => [f.name, f] as const))('example %s passes', (_, fixture) => {
	expect(problems(fixture)).toEqual([]);
});

const invalid = loadInvalid().filter((entry) => byName.has(entry.base));

test.each(
	invalid.map((entry) => [`${entry.base}: ${entry.field} (${entry.rule})`, entry] as const),
)('%s is refused naming the field', (_, entry) => {
	const found = problems(applyInvalid(byName.get(entry.base)!, entry));
	expect(found.length).toBeGreaterThan(0);
	expect(found.some((problem) => problem.startsWith(`${entry.field}:`))).toBe(true);
});

const enums = loadEnums().filter((entry) => SCHEMAS[entry.operation]);

test.each(enums.map((entry) => [`${entry.operation} ${entry.field}`, entry] as const))(
	'every value of %s passes',
	(_, entry) => {
		const base = fixtures.find((f) => f.operation === entry.operation)!;
		for (const value of [...entry.values, ...(entry.open ? ['a-value-added-later'] : [])]) {
			const copy = JSON.parse(JSON.stringify(base)) as Fixture;
			if (entry.field.startsWith('query.'))
				copy.query = { ...copy.query, [entry.field.slice(6)]: String(value) };
			else setPath(copy.body, entry.field, value);
			expect(problems(copy)).toEqual([]);
		}
	},
);
