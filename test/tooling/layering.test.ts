/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * Imports run downward only, no resource imports another, and the sandbox stays independent of the
 * node and the tests (docs/design.md, Layering). The floors are data in layering.ts.
 */
import * as path from 'path';

import { importsOf, placeOf, repositoryImports, violation } from './layering';

const root = path.resolve(__dirname, '../..');

describe('the repository', () => {
	const edges = repositoryImports(root);

	it('reads the imports of the node, the credentials and the sandbox', () => {
		expect(
			edges.some(
				(edge) =>
					edge.from === 'nodes/Agora/Agora.node.ts' && edge.to === 'nodes/Agora/run/pool.ts',
			),
		).toBe(true);
		expect(edges.some((edge) => edge.from.startsWith('sandbox/'))).toBe(true);
	});

	it('has no import that runs back up, crosses between resources or leaves the sandbox', () => {
		expect(edges.map(violation).filter(Boolean)).toEqual([]);
	});
});

describe('the rules', () => {
	it('place each file in its room and floor', () => {
		expect(placeOf('nodes/Agora/Agora.node.ts')).toEqual({
			room: 'nodes/Agora/Agora.node.ts',
			floor: 0,
		});
		expect(placeOf('nodes/Agora/actions/agent/start.operation.ts')).toEqual({
			room: 'nodes/Agora/actions/agent/',
			floor: 1,
		});
		expect(placeOf('nodes/AgoraTrigger/receive.ts')).toEqual({
			room: 'nodes/AgoraTrigger/',
			floor: 1,
		});
		expect(placeOf('nodes/Agora/actions/types.ts')?.floor).toBe(2);
		expect(placeOf('nodes/Agora/agentConfig/llm.ts')?.room).toBe('nodes/Agora/agentConfig/');
		expect(placeOf('nodes/shared/brain/reply.ts')).toEqual({
			room: 'nodes/shared/brain/',
			floor: 6,
		});
		expect(placeOf('nodes/shared/token/accessToken2.ts')).toEqual({
			room: 'nodes/shared/',
			floor: 7,
		});
		expect(placeOf('test/lib/harness.ts')).toBeUndefined();
	});

	it('allow imports downward and within a room', () => {
		expect(
			violation({
				from: 'nodes/Agora/actions/agent/start.operation.ts',
				to: 'nodes/Agora/agentConfig/index.ts',
			}),
		).toBeUndefined();
		expect(
			violation({
				from: 'nodes/Agora/actions/agent/index.ts',
				to: 'nodes/Agora/actions/agent/start.operation.ts',
			}),
		).toBeUndefined();
		expect(
			violation({ from: 'sandbox/src/token.ts', to: 'sandbox/src/accessToken2Decoder.ts' }),
		).toBeUndefined();
	});

	it('refuse an import back up, between resources, sideways, out of the floors, and out of the sandbox', () => {
		expect(
			violation({
				from: 'nodes/Agora/transport/request.ts',
				to: 'nodes/Agora/agentConfig/vendorKeys.ts',
			}),
		).toMatch(/runs back up/);
		expect(
			violation({
				from: 'nodes/Agora/actions/phoneCall/call.body.ts',
				to: 'nodes/Agora/actions/agent/start.operation.ts',
			}),
		).toMatch(/one resource imports another/);
		expect(
			violation({ from: 'nodes/Agora/api/agents.ts', to: 'nodes/Agora/run/rerun.ts' }),
		).toMatch(/sideways/);
		expect(violation({ from: 'nodes/Agora/form/reader.ts', to: 'test/lib/harness.ts' })).toMatch(
			/outside the floors/,
		);
		expect(
			violation({ from: 'nodes/Agora/newRoom/index.ts', to: 'nodes/shared/values.ts' }),
		).toMatch(/on no floor/);
		expect(violation({ from: 'sandbox/src/auth.ts', to: 'test/lib/sandbox.ts' })).toMatch(
			/the sandbox imports nothing/,
		);
		expect(violation({ from: 'sandbox/src/auth.ts', to: 'nodes/shared/values.ts' })).toMatch(
			/the sandbox imports nothing/,
		);
	});

	it('read type-only, re-exported and dynamic imports, resolved to files', () => {
		const source = [
			"import type { VendorKeys } from '../agentConfig/vendorKeys';",
			"export { agoraRequest } from './request';",
			"const later = () => import('../../shared/values');",
			"import { z } from 'zod';",
		].join('\n');
		const present = new Set([
			'nodes/Agora/agentConfig/vendorKeys.ts',
			'nodes/Agora/transport/request.ts',
			'nodes/shared/values.ts',
		]);
		expect(
			importsOf('nodes/Agora/transport/index.ts', source, (file) => present.has(file)).map(
				(edge) => edge.to,
			),
		).toEqual([
			'nodes/Agora/agentConfig/vendorKeys.ts',
			'nodes/Agora/transport/request.ts',
			'nodes/shared/values.ts',
		]);
	});
});
