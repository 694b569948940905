/**
 * Two lists of fields as one, each field both declare alike declared once: Start's and Call's forms
 * (both operations in its display rule), or two versions' top-level fields (form/versions.ts).
 * Each side still sees its own fields in its own order.
 */
import type { INodeProperties } from 'n8n-workflow';

/** Keys sorted: declarations built alike compare equal whatever order their rules were merged in. */
export function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
	const entries = Object.entries(value as Record<string, unknown>)
		.filter(([, member]) => member !== undefined)
		.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
	return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonical(member)}`).join(',')}}`;
}

type Shown = { resource: string[]; operation: string[] };

/** The one resource and operation every field of an operation's form shows for. */
function operationOf(form: INodeProperties[]): Shown {
	const rules = new Set(form.map((field) => canonical(operationRule(field))));
	const [rule] = form.map(operationRule);
	if (rules.size !== 1 || rule.resource?.length !== 1 || rule.operation?.length !== 1)
		throw new Error('Each form declared once must show for one resource and operation');
	return rule as Shown;
}

function operationRule(field: INodeProperties): Partial<Shown> {
	const show = field.displayOptions?.show ?? {};
	return { resource: show.resource as string[], operation: show.operation as string[] };
}

/** The field as declared without its operation's rule, or shown for `rule` instead. */
function shownFor(field: INodeProperties, rule?: Shown): INodeProperties {
	const rules = field.displayOptions ?? {};
	const show = { ...rules.show };
	delete show.resource;
	delete show.operation;
	return { ...field, displayOptions: { ...rules, show: { ...show, ...rule } } };
}

/**
 * The pairs of fields declared alike, as indexes into `a` and `b`, in order: the common subsequence
 * with the most declaration text, so the longest fields are the ones shared.
 */
function alike(a: string[], b: string[]): Array<[number, number]> {
	const best = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
	for (let i = a.length - 1; i >= 0; i--) {
		for (let j = b.length - 1; j >= 0; j--) {
			best[i][j] =
				a[i] === b[j] ? best[i + 1][j + 1] + a[i].length : Math.max(best[i + 1][j], best[i][j + 1]);
		}
	}
	const pairs: Array<[number, number]> = [];
	let [i, j] = [0, 0];
	while (i < a.length && j < b.length) {
		if (a[i] === b[j] && best[i][j] === best[i + 1][j + 1] + a[i].length) pairs.push([i++, j++]);
		else if (best[i + 1][j] >= best[i][j + 1]) i++;
		else j++;
	}
	return pairs;
}

/**
 * Two lists of fields as one, each list's order kept: a field whose `key` is alike in both is
 * written once through `both`, the others through `onlyFirst` and `onlySecond`.
 */
export function mergedAlike(
	first: INodeProperties[],
	second: INodeProperties[],
	key: (field: INodeProperties) => string,
	rules: {
		onlyFirst: (fields: INodeProperties[]) => INodeProperties[];
		onlySecond: (fields: INodeProperties[]) => INodeProperties[];
		both: (field: INodeProperties) => INodeProperties;
	},
): INodeProperties[] {
	const pairs = alike(first.map(key), second.map(key));
	const out: INodeProperties[] = [];
	let [i, j] = [0, 0];
	for (const [nextI, nextJ] of [...pairs, [first.length, second.length]]) {
		out.push(
			...rules.onlyFirst(first.slice(i, nextI)),
			...rules.onlySecond(second.slice(j, nextJ)),
		);
		if (nextI < first.length) out.push(rules.both(first[nextI]));
		[i, j] = [nextI + 1, nextJ + 1];
	}
	return out;
}

/**
 * Both operations' forms as one list. A shared field shows for both resources and both operations,
 * so neither resource may have an operation of the other's name (form/declaredOnce.test.ts checks).
 */
export function declaredOnce(
	first: INodeProperties[],
	second: INodeProperties[],
): INodeProperties[] {
	const [a, b] = [operationOf(first), operationOf(second)];
	if (a.resource[0] === b.resource[0] || a.operation[0] === b.operation[0])
		throw new Error('Forms declared once must differ in both resource and operation');
	const both = {
		resource: [...a.resource, ...b.resource],
		operation: [...a.operation, ...b.operation],
	};
	const own = (fields: INodeProperties[]) => fields;
	return mergedAlike(first, second, (field) => canonical(shownFor(field)), {
		onlyFirst: own,
		onlySecond: own,
		both: (field) => shownFor(field, both),
	});
}
