/**
 * Fields of a form that changed in a node version: the earlier form stays for the earlier versions
 * (saved workflows keep their meaning), the new one is shown from that version on.
 */
import type { INodeProperties } from 'n8n-workflow';

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

export function fromVersion(version: number, fields: INodeProperties[]): INodeProperties[] {
	return fields.map((field) =>
		withRule(field, 'show', { '@version': [{ _cnd: { gte: version } }] }),
	);
}

/** Shown in this one version only: a later version has a layout of its own. */
export function inVersion(version: number, fields: INodeProperties[]): INodeProperties[] {
	return fields.map((field) => withRule(field, 'show', { '@version': [version] }));
}
