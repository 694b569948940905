/* eslint-disable @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-explicit-any -- not part of the published package: test or dev code run by plain Node */
/**
 * Steps the recording e2e files share: the Agora Recording Storage credential on the local S3 store,
 * one-node Agora workflows run by hand (Start or Call with Record the Conversation, Stop, Hang Up),
 * and the sandbox's view of a recording.
 */
import { EXAMPLE_CREDENTIAL } from '../../scripts/lib/examples';
import { nodeOutput, type N8nHost } from '../../scripts/lib/n8nHost';
import type { SandboxProcess } from '../../scripts/lib/sandboxProcess';
import type { ObjectStore } from '../../sandbox/src/objectStore';

export const RECORDING_STORAGE_CREDENTIAL = {
	id: 'agoraRecConvStore',
	name: 'Local recording bucket',
};

/** The Agora Recording Storage credential writing to `store` under `fileNamePrefix`. */
export async function importRecordingStorage(
	host: N8nHost,
	store: ObjectStore,
	fileNamePrefix: string,
): Promise<void> {
	await host.importCredentialData([
		{
			...RECORDING_STORAGE_CREDENTIAL,
			type: 'agoraRecordingStorageApi',
			data: {
				vendor: 's3Compatible',
				endpoint: store.endpoint,
				bucket: store.bucket,
				accessKey: store.accessKey,
				secretKey: store.secretKey,
				fileNamePrefix,
			},
		},
	]);
}

const manual = {
	id: 'm',
	name: 'Run',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** Manual -> [Code giving `item`] -> Agora with `parameters` (node version 1.4). */
export function agoraWorkflow(name: string, parameters: object, item?: object) {
	const agora = {
		id: 'a',
		name: 'Agora',
		type: 'n8n-nodes-agora.agora',
		typeVersion: 1.4,
		position: [400, 0],
		parameters,
		credentials: {
			agoraApi: { id: EXAMPLE_CREDENTIAL.id, name: EXAMPLE_CREDENTIAL.name },
			agoraRecordingStorageApi: RECORDING_STORAGE_CREDENTIAL,
		},
	};
	const code = item && {
		id: 'c',
		name: 'Item',
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		position: [200, 0],
		parameters: { jsCode: `return [{ json: ${JSON.stringify(item)} }];` },
	};
	const nodes = code ? [manual, code, agora] : [manual, agora];
	const chain = nodes.slice(1).map((node, i) => [nodes[i].name, node.name]);
	return {
		name,
		// n8n 1.x stores no workflow without it.
		active: false,
		nodes,
		settings: { executionOrder: 'v1' },
		connections: Object.fromEntries(
			chain.map(([from, to]) => [from, { main: [[{ node: to, type: 'main', index: 0 }]] }]),
		),
	};
}

/** Runs a workflow once; returns the Agora node's first output item. */
export async function agoraOutput(host: N8nHost, workflow: object): Promise<Record<string, any>> {
	const { run, raw } = await host.executeDefinition(workflow);
	if (run.status !== 'success')
		throw new Error(
			`${JSON.stringify(run.data.resultData.error ?? {})}\n${raw.stderr.slice(-2000)}`,
		);
	return nodeOutput(run.data, 'Agora')[0] as Record<string, any>;
}

const recordingStatus = async (sandbox: SandboxProcess, sid: string) =>
	((await sandbox.control('recordings')) as Array<{ sid: string; status: number }>).find(
		(r) => r.sid === sid,
	)?.status;

/** Waits for recording status 5 ("in progress"): its first slice is written once someone has spoken. */
export async function untilRecordingInProgress(
	sandbox: SandboxProcess,
	sid: string,
): Promise<number | undefined> {
	for (let polls = 0; polls < 200 && (await recordingStatus(sandbox, sid)) !== 5; polls++)
		await new Promise((resolve) => setTimeout(resolve, 100));
	return recordingStatus(sandbox, sid);
}
