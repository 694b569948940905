/**
 * The scripted model's tool mode when its arguments are a function: it sees the tool offered and
 * may leave a turn to conversation, as a model that calls a tool only when asked.
 */
import { startScriptedModel, type ScriptedModel } from '../src/scriptedModel';

let model: ScriptedModel;
const seen: string[] = [];

beforeAll(async () => {
	model = await startScriptedModel(async ({ messages, tool }) => {
		seen.push(tool);
		const said = String(messages.at(-1)?.content ?? '');
		return /time/.test(said) ? { zone: 'UTC' } : undefined;
	});
});

afterAll(async () => {
	await model.close();
});

const turn = async (text: string) => {
	const res = await fetch(`${model.url}/chat/completions`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({
			model: 'gpt-4o-mini',
			messages: [{ role: 'user', content: text }],
			tools: [{ type: 'function', function: { name: 'Date_Time', parameters: {} } }],
		}),
	});
	return ((await res.json()) as { choices: Array<{ message: unknown; finish_reason: string }> })
		.choices[0];
};

test('a turn the function answers with arguments calls the tool offered', async () => {
	expect(await turn('what time is it')).toEqual({
		index: 0,
		message: {
			role: 'assistant',
			content: null,
			tool_calls: [
				{
					id: 'call_1',
					type: 'function',
					function: { name: 'Date_Time', arguments: '{"zone":"UTC"}' },
				},
			],
		},
		finish_reason: 'tool_calls',
	});
});

test('a turn the function leaves without arguments is a chat, tool offered or not', async () => {
	expect(await turn('hello')).toEqual({
		index: 0,
		message: { role: 'assistant', content: 'You said: hello' },
		finish_reason: 'stop',
	});
	expect(seen).toEqual(['Date_Time', 'Date_Time']);
});
