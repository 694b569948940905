/** Agent Start mutations of the LLM: its URL, options, parameters and MCP servers. */
import { expr } from '../engine';
import { mutation, values, type MutationSpec } from '../spec';
import { cascade, hasLlm, llmSpeaksAlone, noPreset } from './startBase';

const llmMutations: MutationSpec[] = [
	// LLM
	mutation('LLM URL blank', /properties\.llm\.url/, true, 'llmUrl', values(expr(''), expr('   ')), {
		when: (p) => cascade(p) && noPreset(p) && !llmSpeaksAlone(p),
	}),
	mutation(
		'max history not whole',
		/max_history/,
		true,
		'llmOptions.maxHistory',
		values(2.5, 0.5),
		{ when: hasLlm },
	),
	mutation(
		'max history as text',
		/max_history/,
		false,
		'llmOptions.maxHistory',
		values(expr('32'), expr('abc')),
		{ when: hasLlm },
	),
	mutation(
		'greeting delay not whole',
		/greeting_configs\.delay_ms/,
		true,
		'llmOptions.greetingDelayMs',
		values(100.5),
		{ when: hasLlm },
	),
	mutation(
		'greeting mode empty',
		/greeting_configs\.mode/,
		true,
		'llmOptions.greetingMode',
		values(expr('')),
		{ when: hasLlm },
	),
	mutation(
		'input modalities unknown',
		/input_modalities/,
		true,
		'llmOptions.inputModalities',
		values(expr('image'), expr('audio'), expr('text,text'), expr(['image'])),
		{ when: hasLlm },
	),
	mutation(
		'output modalities unknown',
		/output_modalities/,
		true,
		'llmOptions.outputModalities',
		values(expr('image'), expr('audio,video')),
		{ when: hasLlm },
	),
	mutation(
		'LLM params bad JSON',
		/llm\.params/,
		true,
		'llmParams',
		values('{', '[1,2]', '"text"', '{"a":}', 'null'),
		{ when: hasLlm },
	),
];

const mcpMutations: MutationSpec[] = [
	mutation(
		'MCP server name invalid',
		/mcp_servers\[\d+\]\.name/,
		true,
		'llmOptions.mcpServers',
		values(
			{ servers: [{ name: 'bad name!', endpoint: 'https://m.example.com' }] },
			{ servers: [{ name: 'a'.repeat(49), endpoint: 'https://m.example.com' }] },
			{
				servers: [
					{ name: 'tools', endpoint: 'https://a.example.com' },
					{ name: 'tools', endpoint: 'https://b.example.com' },
				],
			},
			{ servers: [{ name: 'ünï', endpoint: 'https://m.example.com' }] },
		),
		{ when: hasLlm },
	),
	mutation(
		'MCP server endpoint blank',
		/mcp_servers\[\d+\]\.endpoint/,
		true,
		'llmOptions.mcpServers',
		values({ servers: [{ name: 'tools', endpoint: '' }] }),
		{ when: hasLlm },
	),
	mutation(
		'MCP headers bad',
		/mcp_servers\[\d+\]\.headers/,
		true,
		'llmOptions.mcpServers',
		values({ servers: [{ name: 'tools', endpoint: 'https://m.example.com', headers: '{bad' }] }),
		{ when: hasLlm },
	),
	mutation(
		'MCP tool list empty',
		/mcp_servers\[\d+\]\.allowed_tools/,
		true,
		'llmOptions.mcpServers',
		values({
			servers: [
				{
					name: 'tools',
					endpoint: 'https://m.example.com',
					allowedToolsMode: 'list',
					allowedTools: ' , ',
				},
			],
		}),
		{ when: hasLlm },
	),
];

export { llmMutations, mcpMutations };
