/** Agent operations for the fuzzer: Start's parameter sets and mutations, then the operations on a running agent. */
import { requestOptionMutations, type MutationSpec } from '../spec';
import { combinationMutations } from './combinations';
import { featureMutations } from './features';
import { identityMutations } from './identity';
import { llmMutations, mcpMutations } from './llm';
import { mllmMutations } from './mllm';
import { ttsMutations } from './tts';
import { turnMutations } from './turns';

// The order the single list had: the fuzzer's seeded runs pick mutations by index.
const startMutations: MutationSpec[] = [
	...identityMutations,
	...llmMutations,
	...ttsMutations,
	...mcpMutations,
	...turnMutations,
	...featureMutations,
	...mllmMutations,
	...combinationMutations,
	...requestOptionMutations,
];

export {
	sosVad,
	startBase,
	cascade,
	hasLlm,
	llmSpeaksAlone,
	hasTts,
	notMllm,
	noPreset,
	stringUid,
} from './startBase';
export * from './running';
export { startMutations };
