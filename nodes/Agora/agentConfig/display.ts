/**
 * Display rules shared by the agent-configuration field groups. The groups carry no resource or
 * operation rule: each operation that uses them (Agent › Start, Phone Call › Call) wraps
 * them with its own `updateDisplayOptions`.
 */
import type { INodeProperties } from 'n8n-workflow';

export const MODE = { cascade: 'cascade', mllm: 'mllm', pipeline: 'pipeline' } as const;

/** Options value meaning "leave the field out, the service default applies". */
export const NOT_SET = 'notSet';

type Show = NonNullable<NonNullable<INodeProperties['displayOptions']>['show']>;

export function withShow(property: INodeProperties, show: Show): INodeProperties {
	const current = property.displayOptions?.show ?? {};
	return {
		...property,
		displayOptions: { ...property.displayOptions, show: { ...current, ...show } },
	};
}

/** Shown in the cascade and saved-pipeline modes, not with a multimodal model. */
export const NOT_MLLM = { mode: [MODE.cascade, MODE.pipeline] };
export const MLLM_ONLY = { mode: [MODE.mllm] };

/**
 * LLM and TTS settings: always in cascade mode; in saved-pipeline mode only when the user chooses
 * to override the pipeline's own settings. The same fields are declared twice, each copy with its
 * own display rule (n8n reads whichever copy is displayed).
 */
export function cascadeOrOverride(
	properties: INodeProperties[],
	overrideFlag: string,
): INodeProperties[] {
	return [
		...properties.map((property) => withShow(property, { mode: [MODE.cascade] })),
		...properties.map((property) =>
			withShow(property, { mode: [MODE.pipeline], [overrideFlag]: [true] }),
		),
	];
}

/** The credential choice of a provider block (asr, llm, tts): the user's key or Agora's. */
export const credentialModeOption: INodeProperties = {
	displayName: 'Credentials',
	name: 'credentialMode',
	type: 'options',
	options: [
		{
			name: 'Agora Managed',
			value: 'managed',
			description:
				'Agora supplies the provider key; give the vendor and model only (supported providers only)',
		},
		{
			name: 'Your Own Key',
			value: 'byok',
			description: 'The key in the params or API key field is used (default)',
		},
	],
	default: 'byok',
	description: 'Whose credentials the provider is called with (credential_mode)',
};
