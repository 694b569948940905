/**
 * "Add Option" groups built from field declarations: a field moved into a group keeps its name,
 * default and display rules (rules on fields left at the top level now read them from the root),
 * so the form reader finds it by name (places.ts) and the request stays the same.
 */
import type { INodeProperties } from 'n8n-workflow';

export interface FormGroup {
	name: string;
	displayName: string;
	description?: string;
	fields: INodeProperties[];
}

type Rules = Record<string, unknown>;

/** Rules on a sibling of the group stay relative; rules on a top-level field get n8n's root prefix "/". */
function rootedRules(
	rules: Rules | undefined,
	siblings: Set<string>,
	others: Set<string>,
	field: string,
	opened: Set<string>,
): Rules | undefined {
	if (!rules) return undefined;
	const out: Rules = {};
	for (const [key, values] of Object.entries(rules)) {
		if (opened.has(key)) continue;
		if (key.startsWith('@') || key.startsWith('/') || siblings.has(key)) out[key] = values;
		// A group's unset option has no value to show by: a rule across groups would hide a field for good.
		else if (others.has(key))
			throw new Error(`"${field}" is shown by "${key}", which is in another group`);
		else out[`/${key}`] = values;
	}
	return out;
}

/** The values of a choice other than `shown` (a boolean's or an options field's), or undefined. */
function complement(sibling: INodeProperties, shown: unknown[]): unknown[] | undefined {
	if (sibling.type === 'boolean') return [true, false].filter((value) => !shown.includes(value));
	if (sibling.type !== 'options' || !Array.isArray(sibling.options)) return undefined;
	return (sibling.options as Array<{ value: unknown }>)
		.map((option) => option.value)
		.filter((value) => !shown.includes(value));
}

/**
 * An unset option has no value, where a top-level field had its default: a rule that showed a field
 * at a sibling's default becomes "hide at the other values", so it shows before the sibling is added.
 */
function unsetMeansDefault(show: Rules, hide: Rules, siblings: INodeProperties[]): void {
	for (const [key, values] of Object.entries(show)) {
		const sibling = siblings.find((field) => field.name === key);
		if (!sibling || !Array.isArray(values) || !values.includes(sibling.default)) continue;
		const others = complement(sibling, values);
		if (!others) continue;
		delete show[key];
		hide[key] = [...((hide[key] as unknown[] | undefined) ?? []), ...others];
	}
}

function asOption(
	field: INodeProperties,
	group: INodeProperties[],
	others: Set<string>,
	opened: Set<string>,
): INodeProperties {
	// A group's option is never required: unset, it reads as its default.
	const rest = { ...field };
	delete rest.required;
	delete rest.displayOptions;
	const { displayOptions } = field;
	if (!displayOptions) return rest;
	const siblings = new Set(group.map((sibling) => sibling.name));
	const show =
		rootedRules(displayOptions.show as Rules | undefined, siblings, others, field.name, opened) ??
		{};
	const hide =
		rootedRules(displayOptions.hide as Rules | undefined, siblings, others, field.name, opened) ??
		{};
	unsetMeansDefault(show, hide, group);
	const rules = {
		...(Object.keys(show).length > 0 && { show }),
		...(Object.keys(hide).length > 0 && { hide }),
	};
	return { ...rest, displayOptions: rules } as INodeProperties;
}

/**
 * Each group as one collection, its options in alphabetical order as n8n lists them. `opened`: the
 * on/off switches left out, adding a setting they showed is the opt-in (the reader: switchedOn).
 */
export function groupedFields(groups: FormGroup[], opened: string[] = []): INodeProperties[] {
	const leftOut = new Set(opened);
	const members = groups.map((group) => new Set(group.fields.map((field) => field.name)));
	return groups.map((group, index) => {
		const others = new Set(members.filter((_, at) => at !== index).flatMap((names) => [...names]));
		const fields = group.fields.filter((field) => !leftOut.has(field.name));
		const options = fields
			.map((field) => asOption(field, fields, others, leftOut))
			.sort((a, b) => a.displayName.localeCompare(b.displayName));
		return {
			displayName: group.displayName,
			name: group.name,
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			...(group.description ? { description: group.description } : {}),
			options,
		};
	});
}

/** The fields an on/off switch shows (`{switch: [true]}` in their show rule). */
export function shownBy(fields: INodeProperties[], name: string): string[] {
	return fields
		.filter((field) =>
			(field.displayOptions?.show?.[name] as unknown[] | undefined)?.includes(true),
		)
		.map((field) => field.name);
}
