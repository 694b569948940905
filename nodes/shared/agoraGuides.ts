/** Agora's guides for the steps a user takes in Agora Console or at a SIP provider, as editor links. */
const AGORA_GUIDES = {
	enableConversationalAi:
		'https://docs.agora.io/en/conversational-ai/get-started/manage-agora-account',
	notifications: 'https://docs.agora.io/en/ai/build/handle-runtime-events/webhooks',
	sipTrunk: 'https://docs.agora.io/en/ai/studio/deploy/sip-trunk',
} as const;

/** An HTML link the editor shows in hints, descriptions and notices, opening in a new tab. */
export function guideLink(guide: keyof typeof AGORA_GUIDES, text: string): string {
	return `<a href="${AGORA_GUIDES[guide]}" target="_blank">${text}</a>`;
}
