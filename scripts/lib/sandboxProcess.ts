/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- not part of the published package: test or dev code run by plain Node */
/** The Agora sandbox as a process of its own, as Agora is to a real n8n. */
import { spawn } from 'child_process';
import path from 'path';

import { ROOT } from './n8nInstall';

/** The sandbox as a separate process, as Agora is to a real n8n. */
export interface SandboxProcess {
	url: string;
	customerId: string;
	customerSecret: string;
	appId: string;
	notificationSecret: string;
	control(pathname: string, body?: unknown, method?: string): Promise<any>;
	/** A call to the sandbox's Conversational AI API under the project, as any client of Agora makes it. */
	agentApi(
		pathname: string,
		body?: unknown,
	): Promise<{ status: number; data: Record<string, any> }>;
	stop(): Promise<void>;
}

export async function startSandboxProcess(env: NodeJS.ProcessEnv = {}): Promise<SandboxProcess> {
	const child = spawn(
		process.execPath,
		['-r', 'ts-node/register/transpile-only', path.join(ROOT, 'sandbox/src/cli.ts')],
		{
			cwd: ROOT,
			env: { ...process.env, ...env },
			stdio: ['ignore', 'pipe', 'inherit'],
		},
	);
	const first: string = await new Promise((resolve, reject) => {
		let buffer = '';
		child.stdout!.on('data', (d) => {
			buffer += d;
			const nl = buffer.indexOf('\n');
			if (nl >= 0) resolve(buffer.slice(0, nl));
		});
		child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
	});
	child.stdout!.resume();
	process.once('exit', () => child.kill('SIGKILL'));
	const info = JSON.parse(first);
	return {
		...info,
		async control(pathname: string, body?: unknown, method?: string) {
			const res = await fetch(`${info.url}/_sandbox/${pathname}`, {
				method: method ?? (body === undefined ? 'GET' : 'POST'),
				headers: { 'content-type': 'application/json' },
				body: body === undefined ? undefined : JSON.stringify(body),
			});
			const text = await res.text();
			return text ? JSON.parse(text) : undefined;
		},
		async agentApi(pathname: string, body?: unknown) {
			const res = await fetch(
				`${info.url}/api/conversational-ai-agent/v2/projects/${info.appId}${pathname}`,
				{
					method: body === undefined ? 'GET' : 'POST',
					headers: {
						Authorization: `Basic ${Buffer.from(`${info.customerId}:${info.customerSecret}`).toString('base64')}`,
						'Content-Type': 'application/json',
					},
					body: body === undefined ? undefined : JSON.stringify(body),
				},
			);
			const text = await res.text();
			return { status: res.status, data: (text ? JSON.parse(text) : {}) as Record<string, any> };
		},
		async stop() {
			if (child.exitCode !== null) return;
			await new Promise<void>((resolve) => {
				child.once('exit', () => resolve());
				child.kill('SIGTERM');
			});
		},
	};
}
