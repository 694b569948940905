/**
 * Fields of a form that changed in a node version: the earlier form stays for the earlier versions
 * (saved workflows keep their meaning), the new one is shown from that version on.
 */
import type { INodeProperties } from 'n8n-workflow';

import { canonical, mergedAlike } from './declaredOnce';

type Rules = NonNullable<NonNullable<INodeProperties['displayOptions']>['show']>;

function withRule(field: INodeProperties, key: 'show' | 'hide', rule: Rules): INodeProperties {
	const current = field.displayOptions?.[key] ?? {};
	return { ...field, displayOptions: { ...field.displayOptions, [key]: { ...current, ...rule } } };
}

/** Hidden from `version` on (a hide rule: a field may already show by version). */
export function beforeVersion(version: number, fields: INodeProperties[]): INodeProperties[] {
	return fields.map((field) =>
		withRule(field, 'hide', { '@version': [{ _cnd: { gte: version } }] }),
	);
}

function fromVersion(version: number, fields: INodeProperties[]): INodeProperties[] {
	return fields.map((field) =>
		withRule(field, 'show', { '@version': [{ _cnd: { gte: version } }] }),
	);
}

/** Shown in this one version only: a later version has a layout of its own. */
function inVersion(version: number, fields: INodeProperties[]): INodeProperties[] {
	return fields.map((field) => withRule(field, 'show', { '@version': [version] }));
}

/**
 * Two grouped layouts in one list: the top-level fields (those before the first group), each
 * declared once where both versions declare it alike, then the groups the later version keeps
 * unchanged, declared once, then each version's other groups.
 */
export function successiveLayouts(
	earlier: { version: number; fields: INodeProperties[] },
	later: { version: number; fields: INodeProperties[] },
	kept: string[],
): INodeProperties[] {
	const split = (fields: INodeProperties[]) => {
		const first = fields.findIndex((field) => field.name === kept[0]);
		const groups = fields.slice(first);
		return {
			top: fields.slice(0, first),
			kept: groups.filter((group) => kept.includes(group.name)),
			own: groups.filter((group) => !kept.includes(group.name)),
		};
	};
	const before = split(earlier.fields);
	const after = split(later.fields);
	// Kept means identical: a group that changed needs a declaration per version.
	if (JSON.stringify(before.kept) !== JSON.stringify(after.kept))
		throw new Error(`Groups ${kept.join(', ')} differ from version ${later.version} on`);
	return [
		...mergedAlike(before.top, after.top, canonical, {
			onlyFirst: (fields) => inVersion(earlier.version, fields),
			onlySecond: (fields) => fromVersion(later.version, fields),
			both: (field) => fromVersion(earlier.version, [field])[0],
		}),
		...fromVersion(earlier.version, before.kept),
		...inVersion(earlier.version, before.own),
		...fromVersion(later.version, after.own),
	];
}
