/**
 * The sandbox's talk page (GET /_sandbox/talk): the running agents and calls, and for each a box
 * to speak as the caller and read the agent's answers with each turn's latency; and a form that
 * sends any of Agora's notification types, signed as configured, to a URL typed there (an Agora
 * Trigger's Test or Production URL); and a website's client: it asks a backend (example 18's session
 * webhook, `?session=…&stop=…`) for a session and joins with it (POST /_sandbox/join). Plain HTML and
 * a little JS polling the control API.
 */
export const TALK_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Agora sandbox: talk to your agents</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; max-width: 60em; }
h1 { font-size: 1.3em; }
.agent { border: 1px solid #ccc; border-radius: 6px; padding: .8em 1em; margin: 1em 0; }
.agent h2 { font-size: 1em; margin: 0 0 .4em; }
.agent.yours { border-color: #064; }
.meta { color: #666; font-size: .9em; }
.transcript { margin: .6em 0; }
.line { margin: .2em 0; }
.user { color: #064; }
.assistant { color: #024; }
.tool { color: #666; font-size: .9em; }
.latency { color: #888; font-size: .85em; margin-left: .5em; }
.error { color: #a00; }
[hidden] { display: none !important; }
form { display: flex; gap: .5em; }
.thinking { color: #888; font-style: italic; }
#website, #notify { border: 1px solid #ccc; border-radius: 6px; padding: .8em 1em; margin: 1em 0; }
#website label, #notify label { display: block; margin: .4em 0 .2em; }
#website input, #notify input, #notify select, #notify textarea { width: 100%; box-sizing: border-box; padding: .3em; font: inherit; }
#notify textarea { font-family: monospace; height: 8em; }
form input { flex: 1; padding: .3em; }
</style>
</head>
<body>
<h1>Agora sandbox: agents and calls</h1>
<p class="meta">Type as the caller; the agent calls its <code>llm.url</code> and speaks the answer. Agents without an LLM URL (MLLM, pipeline) are listed without a box.</p>
<section id="website">
<h2>Be the website: a session from your backend</h2>
<p class="meta">As a web page with Agora's Web SDK does: ask the backend (example 18's session webhook, Production URL) for a session, then join its channel with the App ID, token and UID it answered. The agent it started shows below, marked as yours; Stop sends the session back to the backend's stop webhook, which ends its agent.</p>
<label for="session-url">Session URL</label>
<input id="session-url" placeholder="http://127.0.0.1:5678/webhook/agora/session">
<label for="stop-url">Stop URL</label>
<input id="stop-url" placeholder="http://127.0.0.1:5678/webhook/agora/session/stop">
<p><button id="session-start" type="button">Start session</button> <button id="session-stop" type="button" disabled>Stop</button> <span id="session-result" class="meta"></span></p>
</section>
<div id="agents"><p id="empty">No agent yet: start one (Agent › Start, or Phone Call › Call).</p></div>
<section id="notify">
<h2>Send a notification</h2>
<p class="meta">For an Agora Trigger's panel: click "Listen for test event", paste its Test URL here (or the Production URL of an active workflow) and send. The envelope and its Agora-Signature headers are made as Agora makes them, with the sandbox's notification secret.</p>
<label for="notify-url">Webhook URL</label>
<input id="notify-url" placeholder="http://127.0.0.1:5678/webhook-test/…/webhook">
<label for="notify-type">Event</label>
<select id="notify-type"></select>
<label for="notify-payload">Payload (JSON)</label>
<textarea id="notify-payload"></textarea>
<p><button id="notify-send" type="button">Send</button> <span id="notify-result" class="meta"></span></p>
</section>
<script>
const boxes = new Map();
function el(tag, cls, text) {
	const e = document.createElement(tag);
	if (cls) e.className = cls;
	if (text !== undefined) e.textContent = text;
	return e;
}
function box(agent) {
	let b = boxes.get(agent.agent_id);
	if (b) return b;
	const root = el('section', 'agent');
	root.dataset.agentId = agent.agent_id;
	const title = el('h2');
	const meta = el('div', 'meta');
	const transcript = el('div', 'transcript');
	const form = el('form');
	const input = el('input');
	input.name = 'text';
	input.placeholder = 'Say something to the agent';
	const send = el('button', '', 'Say');
	form.append(input, send);
	form.addEventListener('submit', async (ev) => {
		ev.preventDefault();
		const text = input.value.trim();
		if (!text) return;
		input.value = '';
		send.disabled = true;
		try {
			const res = await fetch('/_sandbox/agents/' + encodeURIComponent(agent.agent_id) + '/say', {
				method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ text }),
			});
			if (!res.ok) transcript.append(el('div', 'line error', (await res.json()).error));
		} finally {
			send.disabled = false;
			refresh();
		}
	});
	root.append(title, meta, transcript, form);
	document.getElementById('agents').append(root);
	b = { root, title, meta, transcript, form, shown: '' };
	boxes.set(agent.agent_id, b);
	return b;
}
let yourAgent;
let yourSession;
function render(agent) {
	const b = box(agent);
	b.root.classList.toggle('yours', agent.agent_id === yourAgent);
	b.title.textContent = agent.name + ' (' + agent.status + ')';
	const call = agent.call ? ' · ' + agent.call.type + ' call ' + agent.call.from_number + ' → ' + agent.call.to_number + ': ' + agent.call.state + (agent.call.reason ? ' (' + agent.call.reason + ')' : '') : '';
	b.meta.textContent = 'agent ' + agent.agent_id + ' · channel ' + agent.channel + call;
	b.form.hidden = !agent.can_talk || agent.status !== 'RUNNING' || (agent.call !== undefined && agent.call.state !== 'ANSWERED');
	const key = JSON.stringify([agent.greeting, agent.exchanges]);
	if (key === b.shown) return;
	b.shown = key;
	b.transcript.replaceChildren();
	if (agent.greeting) b.transcript.append(el('div', 'line assistant', 'Agent (greeting): ' + agent.greeting));
	for (const x of agent.exchanges) {
		b.transcript.append(el('div', 'line user', 'You: ' + x.said));
		for (const t of x.toolCalls) b.transcript.append(el('div', 'line tool', 'tool ' + t.name + '(' + t.arguments + ') → ' + t.result));
		if (x.error) b.transcript.append(el('div', 'line error', 'LLM failed: ' + x.error.message));
		if (x.totalMs === undefined && !x.error) {
			b.transcript.append(el('div', 'line thinking', 'Agent is thinking…'));
			continue;
		}
		const silent = agent.can_talk ? '(silence)' : '(not simulated: this agent has no llm.url)';
		const answer = el('div', 'line assistant', 'Agent: ' + (x.answer || silent));
		if (x.ttftMs !== undefined) answer.append(el('span', 'latency', 'first token ' + x.ttftMs + ' ms · total ' + x.totalMs + ' ms'));
		b.transcript.append(answer);
	}
}
async function refresh() {
	const res = await fetch('/_sandbox/conversations');
	if (!res.ok) return;
	const agents = await res.json();
	document.getElementById('empty').hidden = agents.length > 0;
	for (const a of agents) render(a);
}
// Agora's message notification types: Conversational AI (productId 17) and Media Pull (4).
const now = () => Date.now();
const agentBase = () => ({ agent_id: 'A42AC47HT37DK62MY86KP45', name: 'agent-1', channel: 'room-1', labels: { campaign: 'test' } });
const EVENTS = [
	[17, 101, 'agent joined', () => ({ ...agentBase(), start_ts: Math.floor(now() / 1000) })],
	[17, 102, 'agent left', () => ({ ...agentBase(), start_ts: Math.floor(now() / 1000) - 60, stop_ts: Math.floor(now() / 1000), status: 'STOPPED', message: 'OK' })],
	[17, 103, 'agent history', () => ({ ...agentBase(), start_ts: Math.floor(now() / 1000) - 60, stop_ts: Math.floor(now() / 1000), contents: [{ role: 'user', content: 'Hello' }, { role: 'assistant', content: 'Hi, how can I help?' }] })],
	[17, 110, 'agent error', () => ({ ...agentBase(), turn_id: 1, errors: [{ module: 'llm', code: '500', message: 'LLM request failed', turn_id: 1 }] })],
	[17, 111, 'agent metrics', () => ({ ...agentBase(), metrics: [{ turn_id: 1, asr_ttlw: 120, llm_ttfb: 450, tts_ttfb: 200 }] })],
	[17, 112, 'turns finished', () => ({ agent_id: agentBase().agent_id, total_turn_count: 1, is_truncated: false, turns: [], labels: agentBase().labels })],
	[17, 201, 'inbound call state', () => ({ ...agentBase(), state: 'ANSWERED', report_ms: now() })],
	[17, 202, 'outbound call state', () => ({ ...agentBase(), state: 'HANGUP', report_ms: now() })],
	[4, 1, 'cloud player created', () => ({ lts: now(), player: { id: 'player-1', name: 'player-1', channelName: 'room-1', uid: 0, status: 'connecting' } })],
	[4, 3, 'cloud player destroyed', () => ({ lts: now(), destroyReason: 'Delete Request', fields: 'channelName,id,name', player: { id: 'player-1', name: 'player-1', channelName: 'room-1' } })],
	[4, 4, 'cloud player status changed', () => ({ lts: now(), player: { id: 'player-1', name: 'player-1', channelName: 'room-1', status: 'running' } })],
];
const typeSelect = document.getElementById('notify-type');
const payloadBox = document.getElementById('notify-payload');
EVENTS.forEach(([productId, eventType, label], i) => {
	const option = el('option', '', productId + ' / ' + eventType + ': ' + label);
	option.value = String(i);
	typeSelect.append(option);
});
function fillPayload() {
	payloadBox.value = JSON.stringify(EVENTS[Number(typeSelect.value)][3](), null, 2);
}
typeSelect.addEventListener('change', fillPayload);
fillPayload();
document.getElementById('notify-send').addEventListener('click', async () => {
	const result = document.getElementById('notify-result');
	const [productId, eventType] = EVENTS[Number(typeSelect.value)];
	let payload;
	try {
		payload = JSON.parse(payloadBox.value);
	} catch (e) {
		result.textContent = 'The payload is not JSON: ' + e.message;
		return;
	}
	const url = document.getElementById('notify-url').value.trim();
	result.textContent = 'sending…';
	const res = await fetch('/_sandbox/notify', {
		method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ productId, eventType, payload, url }),
	});
	const answer = await res.json();
	result.textContent = res.ok ? 'answered ' + answer.status + ' after ' + answer.attempts + ' attempt(s)' : 'not sent: ' + answer.error;
});
const params = new URLSearchParams(location.search);
const sessionResult = document.getElementById('session-result');
document.getElementById('session-url').value = params.get('session') || '';
document.getElementById('stop-url').value = params.get('stop') || '';
async function answerOf(res) {
	const text = await res.text();
	try { return text ? JSON.parse(text) : {}; } catch { return { error: text }; }
}
document.getElementById('session-start').addEventListener('click', async () => {
	const url = document.getElementById('session-url').value.trim();
	if (!url) { sessionResult.textContent = 'Type the session URL first.'; return; }
	sessionResult.textContent = 'asking the backend…';
	let session;
	try {
		const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
		session = await answerOf(res);
		if (!res.ok || !session.token) { sessionResult.textContent = 'the backend answered ' + res.status + ': ' + (session.message || session.error || 'no token in its answer'); return; }
	} catch (e) {
		sessionResult.textContent = 'the backend did not answer: ' + e.message;
		return;
	}
	const res = await fetch('/_sandbox/join', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ appId: session.appId, channel: session.channel, uid: session.uid, token: session.token }) });
	const joined = await answerOf(res);
	if (!res.ok) { sessionResult.textContent = 'join refused: ' + joined.error; return; }
	yourSession = session.session;
	const listeningAgents = joined.agents.filter((a) => a.listens_to_you);
	yourAgent = listeningAgents[0] && listeningAgents[0].agent_id;
	document.getElementById('session-stop').disabled = !yourSession;
	const listening = listeningAgents.map((a) => a.name);
	sessionResult.textContent = 'joined channel ' + joined.channel + ' as UID ' + joined.uid + '; agents listening to you: ' + (listening.join(', ') || 'none');
	refresh();
});
document.getElementById('session-stop').addEventListener('click', async () => {
	const url = document.getElementById('stop-url').value.trim();
	if (!url || !yourSession) return;
	try {
		const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ session: yourSession }) });
		const answer = await answerOf(res);
		sessionResult.textContent = res.ok ? 'stopped the session' : 'the stop webhook answered ' + res.status + ': ' + (answer.message || answer.error || '');
		if (res.ok) document.getElementById('session-stop').disabled = true;
	} catch (e) {
		sessionResult.textContent = 'the stop webhook did not answer: ' + e.message;
	}
	refresh();
});
refresh();
setInterval(refresh, 1000);
</script>
</body>
</html>
`;
