/** Cloud Player › Create parameters for the tests (no set-up: safe to import from any test file). */
import type { INodeParameters } from 'n8n-workflow';

export const STREAM = 'rtmp://media.example.com/live/stream1';

export function createParams(over: INodeParameters = {}): INodeParameters {
	return {
		resource: 'cloudPlayer',
		operation: 'create',
		region: 'na',
		streamUrl: STREAM,
		channelName: 'room1',
		identityType: 'uid',
		uid: 555,
		...over,
	};
}
