/**
 * The sandbox's talk page (GET /_sandbox/talk): the running agents and calls, and for each a box
 * to speak as the caller and read the agent's answers with each turn's latency. Plain HTML and a
 * little JS polling the control API; no framework, no external assets.
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
.meta { color: #666; font-size: .9em; }
.transcript { margin: .6em 0; }
.line { margin: .2em 0; }
.user { color: #064; }
.assistant { color: #024; }
.tool { color: #666; font-size: .9em; }
.latency { color: #888; font-size: .85em; margin-left: .5em; }
.error { color: #a00; }
form { display: flex; gap: .5em; }
form input { flex: 1; padding: .3em; }
</style>
</head>
<body>
<h1>Agora sandbox: agents and calls</h1>
<p class="meta">Type as the caller; the agent calls its <code>llm.url</code> and speaks the answer. Agents without an LLM URL (MLLM, pipeline) are listed without a box.</p>
<div id="agents"><p id="empty">No agent yet: start one (Agent › Start, or Phone Call › Call).</p></div>
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
function render(agent) {
	const b = box(agent);
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
refresh();
setInterval(refresh, 1000);
</script>
</body>
</html>
`;
