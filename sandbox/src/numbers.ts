/**
 * Imported phone numbers of the account (SDK: PhoneNumbersClient, /v2/phone-numbers). A number
 * is its own id. associated_pipeline comes from the inbound (else outbound) configuration's
 * pipeline_id; the sandbox knows no pipeline names and reports the id as the name.
 */
import { AgentError } from './agents';
import type { PhoneNumberRecord } from './types';
import type { NumberUpdate, ValidNumber } from './validate-telephony';

function clone<T>(v: T): T {
	return JSON.parse(JSON.stringify(v)) as T;
}

export class PhoneNumberStore {
	private readonly byNumber = new Map<string, PhoneNumberRecord>();

	all(): PhoneNumberRecord[] {
		return [...this.byNumber.values()];
	}

	reset(): void {
		this.byNumber.clear();
	}

	get(number: string): PhoneNumberRecord | undefined {
		return this.byNumber.get(number);
	}

	known(number: string): PhoneNumberRecord {
		const n = this.byNumber.get(number);
		if (!n) throw new AgentError(404, 'NotFound', `Phone number ${number} is not imported.`);
		return n;
	}

	add(v: ValidNumber): PhoneNumberRecord {
		if (this.byNumber.has(v.phoneNumber))
			throw new AgentError(409, 'Conflict', `Phone number ${v.phoneNumber} is already imported.`);
		const rec: PhoneNumberRecord = {
			provider: v.provider,
			phone_number: v.phoneNumber,
			label: v.label,
			inbound: v.inbound,
			outbound: v.outbound,
			inbound_config: clone(v.inboundConfig),
			outbound_config: clone(v.outboundConfig),
		};
		this.byNumber.set(rec.phone_number, rec);
		return rec;
	}

	// UpdatePhoneNumbersRequest: the given configuration members are set; null clears a configuration
	update(number: string, u: NumberUpdate): PhoneNumberRecord {
		const rec = this.known(number);
		if (u.inboundConfig !== undefined)
			rec.inbound_config =
				u.inboundConfig === null ? null : { ...rec.inbound_config, ...clone(u.inboundConfig) };
		if (u.outboundConfig !== undefined)
			rec.outbound_config =
				u.outboundConfig === null ? null : { ...rec.outbound_config, ...clone(u.outboundConfig) };
		return rec;
	}

	delete(number: string): void {
		this.known(number);
		this.byNumber.delete(number);
	}
}

export function pipelineOf(n: PhoneNumberRecord, side: 'inbound' | 'outbound'): string | undefined {
	const c = side === 'inbound' ? n.inbound_config : n.outbound_config;
	const id = c?.pipeline_id;
	return typeof id === 'string' && id ? id : undefined;
}

/** ListPhoneNumbersResponseItem / GetPhoneNumbersResponse. */
export function numberView(n: PhoneNumberRecord): Record<string, unknown> {
	const pipeline = pipelineOf(n, 'inbound') ?? pipelineOf(n, 'outbound');
	return {
		provider: n.provider,
		phone_number: n.phone_number,
		label: n.label,
		inbound: n.inbound,
		outbound: n.outbound,
		associated_pipeline: pipeline ? { pipeline_id: pipeline, pipeline_name: pipeline } : null,
		inbound_config: n.inbound_config,
		outbound_config: n.outbound_config,
	};
}
