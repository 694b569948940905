/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * Switching Mode in the editor: n8n keeps only the parameters the new mode displays (it computes
 * the node's parameters with NodeHelpers.getNodeParameters on every change), so switching example
 * 01's Start to Multimodal and back loses its LLM and TTS settings. The Mode field warns first.
 */
import * as fs from 'fs';
import * as path from 'path';

import type { INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { Agora } from '../../../../../nodes/Agora/Agora.node';

const description = new Agora().description;
const example = JSON.parse(
	fs.readFileSync(
		path.resolve(__dirname, '../../../../../examples/01-voice-agent-lifecycle.json'),
		'utf8',
	),
);
const start = example.nodes.find((node: { name: string }) => node.name === 'Start Agent');

/** What the editor keeps after the user sets `mode`. */
function switchMode(parameters: INodeParameters, mode: string): INodeParameters {
	const node = { typeVersion: start.typeVersion, parameters } as never;
	return (
		NodeHelpers.getNodeParameters(
			description.properties,
			{ ...parameters, mode },
			false,
			false,
			node,
			description,
		) ?? {}
	);
}

it('switching example 01 to Multimodal and back drops its LLM and TTS settings, as n8n does with hidden fields', () => {
	const before = start.parameters as INodeParameters;
	// From version 1.3 the LLM and TTS fields are options of the Model and Voice groups.
	const model = (parameters: INodeParameters) => parameters.model as INodeParameters | undefined;
	const voice = (parameters: INodeParameters) => parameters.voice as INodeParameters | undefined;
	expect(model(before)?.llmParams).toBeTruthy();
	expect(voice(before)?.ttsVendor).toBeTruthy();
	const after = switchMode(switchMode(before, 'mllm'), 'cascade');
	expect(model(after)?.llmParams).toBeUndefined();
	expect(voice(after)?.ttsVendor).toBeUndefined();
	expect(after.channel).toBe(before.channel);
});

it('the Mode field warns of that before the switch, in every mode, and says how to keep the settings', () => {
	const modes = description.properties.filter((property) => property.name === 'mode');
	expect(modes.length).toBeGreaterThan(0);
	for (const mode of modes)
		expect(mode.hint).toMatch(/Switching Mode clears .*duplicate the node first/);
});
