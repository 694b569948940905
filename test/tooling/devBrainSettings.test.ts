/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * `npm run dev` runs n8n 2.x with the expression isolate pool docs/brain.md advises, so a newcomer's
 * brain is as fast as the docs promise; n8n 1.x has no such pool; the user's own value wins.
 */
import fs from 'fs';
import path from 'path';

import { brainSettings } from '../../scripts/lib/devSteps';

const advised = /N8N_EXPRESSION_ENGINE_POOL_SIZE=(\d+)/.exec(
	fs.readFileSync(path.join(__dirname, '../../docs/brain.md'), 'utf8'),
)?.[1];

test('n8n 2.x gets the pool size docs/brain.md advises, 1.x nothing, and the user’s value wins', () => {
	expect(advised).toBeDefined();
	expect(brainSettings('2.41.1', {})).toEqual({ N8N_EXPRESSION_ENGINE_POOL_SIZE: advised });
	expect(brainSettings('1.123.81', {})).toEqual({});
	expect(brainSettings('2.41.1', { N8N_EXPRESSION_ENGINE_POOL_SIZE: '4' })).toEqual({
		N8N_EXPRESSION_ENGINE_POOL_SIZE: '4',
	});
});
