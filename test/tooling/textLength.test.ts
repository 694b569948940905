/**
 * Every text the editor shows for a parameter (description, hint, placeholder, notice, option
 * description), nested ones included, is at most 200 characters, in every version of every node.
 */
import type {
	ICredentialType,
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	INodeType,
} from 'n8n-workflow';

import { AgoraAgentLlmApi } from '../../credentials/AgoraAgentLlmApi.credentials';
import { AgoraApi } from '../../credentials/AgoraApi.credentials';
import { AgoraNotificationsApi } from '../../credentials/AgoraNotificationsApi.credentials';
import { AgoraVendorKeysApi } from '../../credentials/AgoraVendorKeysApi.credentials';
import { Agora } from '../../nodes/Agora/Agora.node';
import { AgoraLlmTrigger } from '../../nodes/AgoraLlmTrigger/AgoraLlmTrigger.node';
import { AgoraLlmReply } from '../../nodes/AgoraLlmReply/AgoraLlmReply.node';
import { AgoraTrigger } from '../../nodes/AgoraTrigger/AgoraTrigger.node';

const LIMIT = 200;

interface Text {
	where: string;
	text: string;
}

/** The texts of one option of an options/multiOptions list. */
function optionTexts(option: INodePropertyOptions, where: string): Text[] {
	return option.description ? [{ where: `${where}.description`, text: option.description }] : [];
}

/** Every user-visible text of the properties, nested collections and lists included. */
function textsOf(properties: INodeProperties[], prefix: string, version?: number): Text[] {
	const out: Text[] = [];
	for (const property of properties) {
		const versions = property.displayOptions?.show?.['@version'] as number[] | undefined;
		const hidden = property.displayOptions?.hide?.['@version'] as number[] | undefined;
		if (
			version !== undefined &&
			((versions && !versions.includes(version)) || hidden?.includes(version))
		)
			continue;
		const shown = property.displayOptions?.show;
		const scope = [shown?.resource, shown?.operation]
			.filter(Boolean)
			.map((values) => (values as string[]).join('|'))
			.join(':');
		const here = `${prefix}.${property.name}${scope ? `[${scope}]` : ''}`;
		if (property.type === 'notice')
			out.push({ where: `${here}.displayName`, text: property.displayName });
		for (const key of ['description', 'hint', 'placeholder'] as const) {
			const text = property[key];
			if (typeof text === 'string') out.push({ where: `${here}.${key}`, text });
		}
		for (const mode of property.modes ?? []) {
			for (const key of ['hint', 'placeholder'] as const) {
				const text = mode[key];
				if (typeof text === 'string')
					out.push({ where: `${here}.modes.${mode.name}.${key}`, text });
			}
		}
		if (property.type === 'options' || property.type === 'multiOptions') {
			for (const option of (property.options ?? []) as INodePropertyOptions[])
				out.push(...optionTexts(option, `${here}.${String(option.value)}`));
		}
		if (property.type === 'collection')
			out.push(...textsOf((property.options ?? []) as INodeProperties[], here));
		if (property.type === 'fixedCollection') {
			for (const group of (property.options ?? []) as INodePropertyCollection[])
				out.push(...textsOf(group.values, `${here}.${group.name}`));
		}
	}
	return out;
}

/** Every text of a node, once per version it declares. */
function nodeTexts(name: string, node: INodeType): Text[] {
	const { version, properties, description } = node.description;
	const versions = Array.isArray(version) ? version : [version];
	return versions.flatMap((v) => [
		{ where: `${name}@${v}.description`, text: description },
		...textsOf(properties, `${name}@${v}`, v),
	]);
}

const credentials: ICredentialType[] = [
	new AgoraApi(),
	new AgoraNotificationsApi(),
	new AgoraVendorKeysApi(),
	new AgoraAgentLlmApi(),
];
const texts: Text[] = [
	...nodeTexts('Agora', new Agora()),
	...nodeTexts('AgoraTrigger', new AgoraTrigger()),
	...nodeTexts('AgoraLlmTrigger', new AgoraLlmTrigger()),
	...nodeTexts('AgoraLlmReply', new AgoraLlmReply()),
	...credentials.flatMap((type) => textsOf(type.properties, type.name)),
];

it('walks enough texts to mean something', () => {
	expect(texts.length).toBeGreaterThan(300);
	expect(texts.some(({ where }) => where.startsWith('Agora@1.2.'))).toBe(true);
	expect(texts.some(({ where }) => where.startsWith('agoraVendorKeysApi.'))).toBe(true);
});

it(`no description, hint, placeholder or notice is over ${LIMIT} characters`, () => {
	const long = texts
		.filter(({ text }) => text.length > LIMIT)
		.map(({ where, text }) => `${where} (${text.length})`);
	expect([...new Set(long)]).toEqual([]);
});
