/**
 * Products and event types of Agora's message notifications, as Agora's notification reference
 * lists them. The `name` of an event is the readable value the trigger puts in `event`.
 */

const ALL_EVENTS = '*';

/** productId of each product the trigger can listen to. */
export const PRODUCT_IDS = { conversationalAi: 17, mediaPull: 4 } as const;
export type ProductKey = keyof typeof PRODUCT_IDS;

interface AgoraEventType {
	eventType: number;
	name: string;
	displayName: string;
	description: string;
	/** Names earlier versions of this package saved in workflows; still selected. */
	formerNames?: string[];
}

export const CONVERSATIONAL_AI_EVENTS: AgoraEventType[] = [
	{
		eventType: 101,
		name: 'agent_joined',
		displayName: 'Agent Joined (101)',
		description: 'The agent joined the channel',
	},
	{
		eventType: 102,
		name: 'agent_left',
		displayName: 'Agent Left (102)',
		description: 'The agent left the channel; payload has stop_ts, status and message',
	},
	{
		eventType: 103,
		name: 'agent_history',
		displayName: 'Agent History (103)',
		description: 'Conversation history after the agent stopped; payload.contents',
	},
	{
		eventType: 104,
		name: 'agent_expire',
		displayName: 'Agent Expire (104)',
		description: 'Agora’s “agent expire”: the agent’s channel token is about to expire',
		formerNames: ['token_expiring'],
	},
	{
		eventType: 110,
		name: 'agent_error',
		displayName: 'Agent Error (110)',
		description: 'Module errors of one turn; payload.errors',
	},
	{
		eventType: 111,
		name: 'agent_metrics',
		displayName: 'Agent Metrics (111)',
		description: 'Latency metrics per turn (ASR, LLM, TTS); payload.metrics',
	},
	{
		eventType: 112,
		name: 'turns_finished',
		displayName: 'Turns Finished (112)',
		description: 'Summary of the conversation turns; payload.turns',
	},
	{
		eventType: 201,
		name: 'inbound_call_state',
		displayName: 'Inbound Phone Call State Changed (201)',
		description:
			'payload.state of a call to one of your numbers: START, ANSWERED, TRANSFERED (to a person) or HANGUP (ended)',
	},
	{
		eventType: 202,
		name: 'outbound_call_state',
		displayName: 'Outbound Phone Call State Changed (202)',
		description:
			'payload.state of a call placed by Phone Call › Call: START, CALLING, RINGING, ANSWERED or HANGUP (ended)',
	},
];

export const MEDIA_PULL_EVENTS: AgoraEventType[] = [
	{
		eventType: 1,
		name: 'player_created',
		displayName: 'Player Created (1)',
		description: 'A cloud player was created',
	},
	{
		eventType: 3,
		name: 'player_destroyed',
		displayName: 'Player Destroyed (3)',
		description: 'A cloud player was destroyed; payload.destroyReason says why',
	},
	{
		eventType: 4,
		name: 'player_status_changed',
		displayName: 'Player Status Changed (4)',
		description: 'payload.player.status: connecting, success, running, failed or stopped',
	},
];

const EVENTS_BY_PRODUCT: Record<number, AgoraEventType[]> = {
	[PRODUCT_IDS.conversationalAi]: CONVERSATIONAL_AI_EVENTS,
	[PRODUCT_IDS.mediaPull]: MEDIA_PULL_EVENTS,
};

const PRODUCT_NAMES: Record<number, string> = {
	1: 'rtc',
	3: 'cloud_recording',
	4: 'media_pull',
	5: 'media_push',
	17: 'conversational_ai',
};

export function productName(productId: number): string {
	return PRODUCT_NAMES[productId] ?? `product_${productId}`;
}

/** Readable name of an event; event types the catalogue does not know yet read `event_<n>`. */
export function eventName(productId: number, eventType: number): string {
	const known = EVENTS_BY_PRODUCT[productId]?.find((e) => e.eventType === eventType);
	return known?.name ?? `event_${eventType}`;
}

/**
 * Whether an event passes the selection of one product. An empty selection or `*` means every
 * event of the product, including event types added by Agora after this list was written.
 */
export function isEventSelected(productId: number, eventType: number, selected: string[]): boolean {
	if (selected.length === 0 || selected.includes(ALL_EVENTS)) return true;
	const known = EVENTS_BY_PRODUCT[productId]?.find((e) => e.eventType === eventType);
	const names = known
		? [known.name, ...(known.formerNames ?? [])]
		: [eventName(productId, eventType)];
	return names.some((name) => selected.includes(name));
}

export function eventOptions(events: AgoraEventType[], allLabel: string) {
	return [
		{
			name: allLabel,
			value: ALL_EVENTS,
			description: 'Every event of this product, also ones added later',
		},
		...events.map((e) => ({ name: e.displayName, value: e.name, description: e.description })),
	];
}
