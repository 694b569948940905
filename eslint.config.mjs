// n8n's community-node rules: the classic n8n-nodes-base rule set (nodes, credentials, package.json)
// plus @n8n/eslint-plugin-community-nodes, the rules n8n applies to verified community nodes.
import tsParser from '@typescript-eslint/parser';
import jsoncParser from 'jsonc-eslint-parser';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import communityNodes from '@n8n/eslint-plugin-community-nodes';

const base = { 'n8n-nodes-base': n8nNodesBase };

export default [
	{ ignores: ['dist/**', 'node_modules/**', 'test/**', '.cache/**', 'eslint.config.mjs', 'gulpfile.js', 'jest.config.js'] },
	{
		files: ['**/*.ts'],
		languageOptions: { parser: tsParser, parserOptions: { sourceType: 'module' } },
		plugins: { ...base, ...communityNodes.configs.recommended.plugins },
		rules: { ...communityNodes.configs.recommended.rules },
	},
	{
		files: ['credentials/**/*.ts'],
		plugins: base,
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// Our credential documents Agora's own authentication page, not an n8n docs page.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		plugins: base,
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// Superseded by @n8n/community-nodes/node-connection-type-literal (NodeConnectionTypes enum).
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
			'n8n-nodes-base/node-class-description-inputs-wrong-trigger-node': 'off',
		},
	},
	{
		files: ['package.json'],
		languageOptions: { parser: jsoncParser },
		plugins: { ...base, ...communityNodes.configs.recommended.plugins },
		rules: { ...n8nNodesBase.configs.community.rules, ...communityNodes.configs.recommended.rules },
	},
];
