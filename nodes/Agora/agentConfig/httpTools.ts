/**
 * Inline HTTP tools of the LLM (properties.llm.tools, Agora's join API from v2.8): the agent calls a
 * URL when the model asks for the tool and gives the answer back to the model. An n8n Webhook
 * workflow (Webhook → Respond to Webhook) is such a tool. The rules are in schemas/httpTools.ts.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { HTTP_TOOL_TIMEOUT, MAX_HTTP_TOOLS } from '../schemas/httpTools';
import { buildsAt } from '../form/labels';
import { compact, text } from '../form/bodyWriters';
import { type FormReader } from '../form/reader';

const EMPTY_SCHEMA = '{\n  "type": "object",\n  "properties": {}\n}';

// A tool's members share names (url, headers, name) with the model's own fields: labelled inside
// Tools. The LLM's and the MLLM's tools take the same definitions (Agora's custom tools guide).
const TOOL_MEMBERS: Record<string, string> = {
	'': '',
	'.type': '',
	'.execution': '',
	'.function': '',
	'.function.name': '.name',
	'.function.description': '.description',
	'.function.parameters': '.parameters',
	'.server': '',
	'.server.method': '.method',
	'.server.url': '.url',
	'.server.headers': '.headers',
	'.server.body': '.body',
	'.server.timeout_ms': '.timeoutMs',
};
/** The model block that holds tools, and the form collection its Tools sit in. */
type ToolBlock = 'llm' | 'mllm';
const TOOL_OPTIONS: Record<ToolBlock, string> = { llm: 'llmOptions', mllm: 'mllmOptions' };
for (const block of Object.keys(TOOL_OPTIONS) as ToolBlock[])
	buildsAt(
		Object.fromEntries(
			Object.entries(TOOL_MEMBERS).map(([api, form]) => [
				`properties.${block}.tools${api}`,
				`${TOOL_OPTIONS[block]}.tools${form}`,
			]),
		),
	);

const httpToolsField: INodeProperties = {
	displayName: 'Tools',
	name: 'tools',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Tool',
	default: {},
	description: `HTTP endpoints the agent calls as tools (at most ${MAX_HTTP_TOOLS}), e.g. an n8n Webhook workflow. Advanced Features › Enable Tools is switched on unless you set it.`,
	options: [
		{
			displayName: 'Tool',
			name: 'tool',
			values: [
				{
					displayName: 'Body (JSON)',
					name: 'body',
					type: 'json',
					default: '{}',
					description:
						'POST body template. Each value is a constant or exactly one placeholder: {{args.&lt;name&gt;}}, {{template_variables.&lt;name&gt;}} or {{tool_call_id}}; types are kept.',
					displayOptions: { show: { method: ['POST'] } },
				},
				{
					displayName: 'Description',
					name: 'description',
					type: 'string',
					default: '',
					placeholder: 'e.g. Looks up an order by its number',
					description: 'What the tool does, for the model to decide when to call it',
				},
				{
					displayName: 'Headers (JSON)',
					name: 'headers',
					type: 'json',
					default: '{}',
					description:
						'Each value a constant or one placeholder ({{template_variables.&lt;name&gt;}}, {{tool_call_id}}; not {{args.…}}). Secrets go in the Vendor Keys credential’s Tool Header Values.',
				},
				{
					displayName: 'Method',
					name: 'method',
					type: 'options',
					options: [
						{ name: 'GET', value: 'GET' },
						{ name: 'POST', value: 'POST' },
					],
					default: 'POST',
				},
				{
					displayName: 'Name',
					name: 'name',
					type: 'string',
					default: '',
					placeholder: 'e.g. lookup_order',
					description:
						'Function name the model sees; unique among the tools, ignoring upper and lower case',
				},
				{
					displayName: 'Parameters (JSON Schema)',
					name: 'parameters',
					type: 'json',
					default: EMPTY_SCHEMA,
					description:
						'JSON Schema of the arguments the model fills in: type "object" with "properties" (and "required")',
				},
				{
					displayName: 'Timeout (Ms)',
					name: 'timeoutMs',
					type: 'number',
					typeOptions: {
						minValue: HTTP_TOOL_TIMEOUT.min,
						maxValue: HTTP_TOOL_TIMEOUT.max,
						numberPrecision: 0,
					},
					default: 10000,
					description: `How long the agent waits for the answer, ${HTTP_TOOL_TIMEOUT.min} to ${HTTP_TOOL_TIMEOUT.max}`,
				},
				{
					displayName: 'URL',
					name: 'url',
					type: 'string',
					default: '',
					placeholder: 'e.g. https://n8n.example.com/webhook/lookup-order',
					description:
						'Full URL; {{args.&lt;name&gt;}}, {{template_variables.&lt;name&gt;}} and {{tool_call_id}} may stand in it',
					hint: 'For an n8n Webhook: its Production URL, with the workflow active (published)',
				},
			],
		},
	],
};

/** The form's tool fields, for the lead to place in the LLM's and the MLLM's options. */
export const httpToolsFields: INodeProperties[] = [httpToolsField];

/** properties.<block>.tools from the form's Tools; undefined when none was added. */
export function buildHttpTools(
	r: FormReader,
	value: unknown,
	block: ToolBlock = 'llm',
): IDataObject[] | undefined {
	const tools = (value as { tool?: IDataObject[] } | undefined)?.tool;
	if (!Array.isArray(tools) || tools.length === 0) return undefined;
	if (tools.length > MAX_HTTP_TOOLS)
		r.fail(
			`properties.${block}.tools`,
			`has ${tools.length} tools: Agora takes at most ${MAX_HTTP_TOOLS}`,
		);
	return tools.map((tool, index) => {
		const path = `properties.${block}.tools[${index}]`;
		const fn = compact({
			name: String(tool.name ?? '').trim(),
			description: text(tool.description),
			// A tool without arguments still sends parameters: Agora requires type object and properties.
			parameters: r.json(tool.parameters ?? EMPTY_SCHEMA, `${path}.function.parameters`) ?? {
				type: 'object',
				properties: {},
			},
		});
		const method = String(tool.method ?? 'POST');
		const server = compact({
			method,
			url: String(tool.url ?? '').trim(),
			headers: r.json(tool.headers, `${path}.server.headers`),
			body: method === 'POST' ? r.json(tool.body, `${path}.server.body`) : undefined,
			timeout_ms: typeof tool.timeoutMs === 'number' ? tool.timeoutMs : undefined,
		});
		return { type: 'function', function: fn, server };
	});
}

/** Whether a built llm or mllm block has at least one HTTP tool. */
export function hasHttpTools(block: unknown): boolean {
	const tools = (block as IDataObject | undefined)?.tools;
	return Array.isArray(tools) && tools.length > 0;
}
