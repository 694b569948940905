/** Cloud Player operations for the fuzzer. */
export { REGIONS, streamUrl, createBase, byUid, encrypted, gcm2, createMutations } from './create';
export {
	playerIdMutations,
	regionMutation,
	deleteSpec,
	getPlayerSpec,
	listPlayersSpec,
	updatePlayerSpec,
} from './running';
