import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { SideEffectOf } from '../run/sideEffects';
import type { AgoraContext } from '../transport';
import type { VendorKeys } from '../agentConfig/vendorKeys';

/** What every item of one execution is handed: the Agora context, and the vendor keys (Start, Call). */
export interface OperationContext extends AgoraContext {
	/** Keys of the Agora Vendor Keys credential, when the node takes them from there. */
	vendorKeys?: VendorKeys;
}

/** What every `<operation>.operation.ts` exports. */
export interface AgoraOperation {
	description: INodeProperties[];
	/** Handles one input item; returns its output items (paired by the caller). */
	execute(
		this: IExecuteFunctions,
		itemIndex: number,
		ctx: OperationContext,
	): Promise<INodeExecutionData[]>;
	/** Operations that create or change something at Agora: what one output item says was done. */
	sideEffect?: SideEffectOf;
	/** How the execution's items run, where not as Agora requests (credential, concurrent pool). */
	itemLoop?: ItemLoop;
}

/** Runs every input item of one execution; returns the node's output. */
export type ItemLoop = (fn: IExecuteFunctions) => Promise<INodeExecutionData[][]>;
