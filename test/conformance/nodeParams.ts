/**
 * A request example of the reference as the node's form would hold it: the fields the form has go
 * into the form, everything else into Additional Body (JSON), as a user would copy the example.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Fixture } from './fixtures';

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Removes `key` from `from` and returns its value. */
function take(from: IDataObject | undefined, key: string): unknown {
	if (!from || !(key in from)) return undefined;
	const value = from[key];
	delete from[key];
	return value;
}

/** Drops empty objects left behind once their members moved to the form. */
function prune(value: IDataObject): IDataObject {
	for (const [key, entry] of Object.entries(value)) {
		if (entry && typeof entry === 'object' && !Array.isArray(entry)) {
			prune(entry as IDataObject);
			if (Object.keys(entry).length === 0) delete value[key];
		}
	}
	return value;
}

const json = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));

/** System messages as the form's fixedCollection, when every message fits it (role + text). */
function systemMessages(llm: IDataObject | undefined): INodeParameters | undefined {
	const list = llm?.system_messages;
	const fits =
		Array.isArray(list) &&
		list.every(
			(m: IDataObject) =>
				Object.keys(m).length === 2 && typeof m.role === 'string' && typeof m.content === 'string',
		);
	if (!fits) return undefined;
	take(llm, 'system_messages');
	return { messages: list as INodeParameters[] };
}

function modelFields(mode: string, p: IDataObject): INodeParameters {
	if (mode === 'mllm') {
		const mllm = p.mllm as IDataObject;
		take(mllm, 'enable');
		const text = (key: string) => (take(mllm, key) as string | undefined) ?? '';
		const fields: INodeParameters = {
			mllmVendor: text('vendor'),
			mllmUrl: text('url'),
			mllmApiKey: text('api_key'),
			mllmParams: json(take(mllm, 'params')) ?? '{}',
		};
		// Vertex AI's own fields (Agora's Vertex AI page).
		if (fields.mllmVendor === 'vertexai')
			Object.assign(fields, {
				mllmAdcCredentials: text('adc_credentials_string'),
				mllmProjectId: text('project_id'),
				mllmLocation: text('location'),
			});
		return fields;
	}
	if (mode === 'pipeline') return {};
	const llm = p.llm as IDataObject | undefined;
	const tts = p.tts as IDataObject | undefined;
	const out: INodeParameters = {
		llmUrl: (take(llm, 'url') as string) ?? '',
		llmApiKey: (take(llm, 'api_key') as string) ?? '',
		llmParams: json(take(llm, 'params')) ?? '{}',
		ttsVendor: (take(tts, 'vendor') as string) ?? '',
		ttsParams: json(take(tts, 'params')) ?? '',
	};
	const messages = systemMessages(llm);
	if (messages) out.llmSystemMessages = messages;
	// The form's Output Modalities option (Agora's audio output guide: ["audio"] needs no TTS).
	const output = llm?.output_modalities;
	if (Array.isArray(output) && output.join(',') === 'audio')
		out.llmOptions = { outputModalities: String(take(llm, 'output_modalities')) };
	if (tts?.credential_mode === 'managed')
		out.ttsCredentialMode = take(tts, 'credential_mode') as string;
	return out;
}

function startParams(example: IDataObject): INodeParameters {
	const body = clone(example);
	const p = body.properties as IDataObject;
	const mode = body.pipeline_id
		? 'pipeline'
		: (p.mllm as IDataObject | undefined)?.enable === true
			? 'mllm'
			: 'cascade';
	const remote = p.remote_rtc_uids as string[];
	const params: INodeParameters = {
		resource: 'agent',
		operation: 'start',
		mode,
		name: take(body, 'name') as string,
		preset: (take(body, 'preset') as string) ?? '',
		pipelineId: (take(body, 'pipeline_id') as string) ?? '',
		channel: take(p, 'channel') as string,
		token: take(p, 'token') as string,
		agentRtcUid: take(p, 'agent_rtc_uid') as string,
		remoteRtcUid: remote[0],
		...modelFields(mode, p),
	};
	delete p.remote_rtc_uids;
	if (p.enable_string_uid === true)
		params.enableStringUid = take(p, 'enable_string_uid') as boolean;
	if (p.idle_timeout !== undefined) params.idleTimeout = take(p, 'idle_timeout') as number;
	params.options = { additionalBody: JSON.stringify(prune(body)) };
	return params;
}

function playerCreateParams(f: Fixture): INodeParameters {
	const player = clone((f.body as { player: IDataObject }).player);
	const audio = take(player, 'audioOptions') as IDataObject | undefined;
	const video = take(player, 'videoOptions') as IDataObject | undefined;
	return {
		resource: 'cloudPlayer',
		operation: 'create',
		region: f.region ?? 'na',
		streamUrl: take(player, 'streamUrl') as string,
		channelName: take(player, 'channelName') as string,
		identityType: 'uid',
		uid: take(player, 'uid') as number,
		additionalFields: player as INodeParameters,
		...(audio ? { audioOptions: audio as INodeParameters } : {}),
		...(video ? { videoOptions: video as INodeParameters } : {}),
	};
}

function playerUpdateParams(f: Fixture, playerId = 'p1'): INodeParameters {
	const player = (f.body as { player: IDataObject }).player;
	return {
		resource: 'cloudPlayer',
		operation: 'update',
		region: f.region ?? 'na',
		playerId,
		updateFields: {
			streamUrl: player.streamUrl as string,
			seekPosition: player.seekPosition as number,
			isPause: player.isPause as boolean,
			volume: (player.audioOptions as IDataObject).volume as number,
		},
		options: { sequence: Number(f.query?.sequence ?? 0) },
	};
}

function agentParams(f: Fixture, agentId = 'AGENT'): INodeParameters {
	const body = (f.body ?? {}) as IDataObject;
	switch (f.operation) {
		case 'agent-speak':
			return {
				resource: 'agent',
				operation: 'speak',
				agentId,
				text: body.text as string,
				priority: body.priority as string,
				interruptable: body.interruptable as boolean,
			};
		case 'agent-think':
			return {
				resource: 'agent',
				operation: 'think',
				agentId,
				text: body.text as string,
				onListeningAction: body.on_listening_action as string,
				onThinkingAction: body.on_thinking_action as string,
				onSpeakingAction: body.on_speaking_action as string,
				interruptable: body.interruptable as boolean,
				metadata: JSON.stringify(body.metadata),
			};
		case 'agent-update': {
			const props = body.properties as IDataObject;
			const llm = props.llm as IDataObject;
			return {
				resource: 'agent',
				operation: 'update',
				agentId,
				updateFields: {
					token: props.token as string,
					systemMessages: { messages: llm.system_messages as INodeParameters[] },
					llmParams: JSON.stringify(llm.params),
				},
			};
		}
		case 'agent-interrupt':
			return { resource: 'agent', operation: 'interrupt', agentId };
		default:
			return { resource: 'agent', operation: 'stop', agentId };
	}
}

/** The form of one example; agentId and playerId name the resources the operation acts on. */
export function exampleParams(
	f: Fixture,
	ids: { agentId?: string; playerId?: string } = {},
): INodeParameters {
	switch (f.operation) {
		case 'start-agent':
			return startParams(f.body as IDataObject);
		case 'get-agent-list':
			return {
				resource: 'agent',
				operation: 'getAll',
				limit: Number(f.query?.limit),
				filters: { state: 'live' },
				options: { pageSize: Number(f.query?.limit) },
			};
		case 'create-player':
			return playerCreateParams(f);
		case 'update-player':
			return playerUpdateParams(f, ids.playerId);
		case 'list-players':
			return {
				resource: 'cloudPlayer',
				operation: 'getMany',
				returnAll: false,
				limit: 1,
				filters: { channelName: f.query!.filter.replace('channelName eq ', '') },
				options: { pageSize: Number(f.query?.pageSize) },
			};
		default:
			return agentParams(f, ids.agentId);
	}
}
