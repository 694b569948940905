/* eslint-disable @typescript-eslint/no-explicit-any -- not part of the published package: test or dev code run by plain Node */
/** The workflows of reference.e2e.ts, built as a user builds them: Agora nodes after a manual trigger. */
import { EXAMPLE_CREDENTIAL } from '../../scripts/lib/examples';

export type Json = Record<string, any>;

/** A workflow of Agora nodes run one after another from a manual trigger. */
export function workflow(
	id: string,
	nodes: Array<{ name: string; parameters: Json; continueOnFail?: boolean; typeVersion?: number }>,
	settings: Json = {},
): Json {
	const trigger = 'Start';
	const all = [
		{
			id: 'trigger',
			name: trigger,
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		...nodes.map((node, index) => ({
			id: `n${index}`,
			name: node.name,
			type: 'n8n-nodes-agora.agora',
			typeVersion: node.typeVersion ?? 1,
			position: [220 * (index + 1), 0],
			parameters: node.parameters,
			credentials: { agoraApi: { id: EXAMPLE_CREDENTIAL.id, name: EXAMPLE_CREDENTIAL.name } },
			...(node.continueOnFail ? { onError: 'continueRegularOutput' } : {}),
		})),
	];
	const names = [trigger, ...nodes.map((n) => n.name)];
	const connections: Json = {};
	names
		.slice(0, -1)
		.forEach(
			(name, i) =>
				(connections[name] = { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] }),
		);
	return {
		id,
		name: `reference ${id}`,
		active: false,
		nodes: all,
		connections,
		settings: { executionOrder: 'v1', ...settings },
		pinData: {},
	};
}

/** Agent › Start parameters of a cascade agent, `over` replacing any. */
export const start = (name: string, channel: string, over: Json = {}): Json => ({
	resource: 'agent',
	operation: 'start',
	name,
	channel,
	remoteRtcUid: '2002',
	agentRtcUid: '1001',
	llmUrl: 'https://llm.example.com/v1/chat/completions',
	ttsVendor: 'microsoft',
	ttsParams: '{"key": "k", "voice_name": "v"}',
	...over,
});
/** Agent › Start parameters of an MLLM agent, `over` replacing any. */
export const mllm = (name: string, channel: string, over: Json = {}): Json => ({
	resource: 'agent',
	operation: 'start',
	name,
	channel,
	remoteRtcUid: '2002',
	mode: 'mllm',
	mllmApiKey: 'mllm-key-1',
	...over,
});
