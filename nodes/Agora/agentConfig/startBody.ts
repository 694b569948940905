/**
 * Start form -> start (join) request body: the identity, then the agent configuration
 * (agentConfig/). "Additional Body (JSON)" and the token are added by the operation.
 */
import type { IDataObject } from 'n8n-workflow';

import type { ParameterReader } from '../form/parameters';
import { isPlainObject } from '../../shared/values';
import { buildAgentProperties, buildIdentity } from './index';
import { FormReader } from '../form/reader';

/** The start request body of one item, before "Additional Body (JSON)" and token generation. */
export function buildStartBody(fn: ParameterReader, itemIndex: number): IDataObject {
	const { name, properties } = buildIdentity(new FormReader(fn, itemIndex));
	const top = buildAgentProperties(fn, itemIndex, properties);
	return { name, ...top, properties };
}

/**
 * Names from earlier versions of Agora's API are accepted and sent as the current reference names them:
 * `platform_vad` is Agora's own VAD, now `agora_vad` (mllm turn detection and the deprecated
 * turn_detection.type).
 */
export function toCurrentForm(body: IDataObject): IDataObject {
	const p = body.properties;
	if (!isPlainObject(p)) return body;
	// Copies, never edits: Additional Body may hand in the item's own objects.
	const properties: IDataObject = { ...p };
	const mllm = p.mllm;
	if (
		isPlainObject(mllm) &&
		isPlainObject(mllm.turn_detection) &&
		mllm.turn_detection.mode === 'platform_vad'
	) {
		const { platform_vad_config: config, ...turns } = mllm.turn_detection;
		const current: IDataObject = { ...turns, mode: 'agora_vad' };
		if (config !== undefined && current.agora_vad_config === undefined)
			current.agora_vad_config = config;
		properties.mllm = { ...mllm, turn_detection: current };
	}
	if (isPlainObject(p.turn_detection) && p.turn_detection.type === 'platform_vad') {
		properties.turn_detection = { ...p.turn_detection, type: 'agora_vad' };
	}
	return { ...body, properties };
}
