/**
 * Preloaded into `n8n start` by brain-cost.ts (NODE_OPTIONS=--require): times, inside n8n, what a
 * brain turn spends in n8n-workflow's getNodeParameters per node type (n8n runs it for every node
 * each time it builds a Workflow) and in this package's own entry points; writes the totals to
 * BRAIN_COST_OUT on SIGUSR2 (and a CPU profile of the same span with BRAIN_COST_PROFILE).
 */
const fs = require('fs');
const Module = require('module');

const totals = {};
const add = (key, ms) => {
	const t = (totals[key] ??= { calls: 0, ms: 0 });
	t.calls++;
	t.ms += ms;
};
const now = () => Number(process.hrtime.bigint()) / 1e6;

let depth = 0;
function wrapGetNodeParameters(helpers) {
	const original = helpers.getNodeParameters;
	if (typeof original !== 'function' || original.__probed) return;
	const wrapped = function (...args) {
		if (depth > 0) return original.apply(this, args);
		depth++;
		const t0 = now();
		try {
			return original.apply(this, args);
		} finally {
			depth--;
			add(`getNodeParameters ${args[4]?.type ?? '?'}`, now() - t0);
		}
	};
	wrapped.__probed = true;
	helpers.getNodeParameters = wrapped;
}

/** Times a function (until its promise settles, for an async one) under `key`. */
function timed(original, key) {
	return function (...args) {
		const t0 = now();
		let result;
		try {
			result = original.apply(this, args);
		} catch (error) {
			add(key, now() - t0);
			throw error;
		}
		if (result && typeof result.then === 'function')
			return result.finally(() => add(key, now() - t0));
		add(key, now() - t0);
		return result;
	};
}

/** The webhook's `this`, each n8n helper it calls timed by name. */
function timedContext(ctx) {
	return new Proxy(ctx, {
		get(target, name) {
			const value = target[name];
			return typeof value === 'function' && typeof name === 'string'
				? timed(value.bind(target), `  n8n this.${name}()`)
				: value;
		},
	});
}

/** Times an async method of a class's prototype under `key`, with n8n's helpers it calls. */
function wrapMethod(proto, method, key) {
	const original = proto?.[method];
	if (typeof original !== 'function' || original.__probed) return;
	const wrapped = async function (...args) {
		const t0 = now();
		const arrived = this.getRequestObject?.().__t0;
		if (arrived !== undefined) add(`wall package: request -> ${key} start`, t0 - arrived);
		try {
			return await original.apply(timedContext(this), args);
		} finally {
			add(key, now() - t0);
		}
	};
	wrapped.__probed = true;
	proto[method] = wrapped;
}

const load = Module._load;
Module._load = function (request, parent, isMain) {
	const exports = load.apply(this, arguments);
	let file = '';
	try {
		file = Module._resolveFilename(request, parent, isMain);
	} catch {}
	if (/n8n-workflow[\\/]dist[\\/](cjs[\\/])?node-helpers\.js$/.test(file))
		wrapGetNodeParameters(exports);
	const runner = exports?.WorkflowExecute?.prototype;
	if (
		/n8n-core[\\/]dist[\\/]execution-engine[\\/]workflow-execute\.js$/.test(file) &&
		runner &&
		!runner.__probed
	) {
		runner.__probed = true;
		const processRun = runner.processRunExecutionData;
		runner.processRunExecutionData = function (...args) {
			milestone('workflow execution start', 'started');
			return processRun.apply(this, args);
		};
	}
	const helperFile =
		/n8n-nodes-agora[\\/]dist[\\/]nodes[\\/](AgoraLlmTrigger[\\/](request|answerBound|answerGuard|streamTranslator)|shared[\\/](secretCache|brain[\\/]openAiChat))\.js$/.exec(
			file,
		);
	if (helperFile && !exports.__probedHelpers) {
		exports.__probedHelpers = true;
		for (const name of Object.keys(exports))
			if (typeof exports[name] === 'function' && !/^[A-Z]/.test(name))
				try {
					exports[name] = timed(exports[name], `  package ${helperFile[1]}.${name}()`);
				} catch {}
	}
	if (
		/n8n-nodes-agora[\\/]dist[\\/]nodes[\\/]AgoraLlmTrigger[\\/]AgoraLlmTrigger\.node\.js$/.test(
			file,
		)
	)
		wrapMethod(exports.AgoraLlmTrigger?.prototype, 'webhook', 'package: trigger webhook()');
	if (
		/n8n-nodes-agora[\\/]dist[\\/]nodes[\\/]AgoraLlmReply[\\/]AgoraLlmReply\.node\.js$/.test(file)
	)
		wrapMethod(exports.AgoraLlmReply?.prototype, 'execute', 'package: Reply execute()');
	if (
		/n8n-nodes-agora[\\/]dist[\\/]nodes[\\/]Agora[\\/]actions[\\/]agentLlm[\\/]reply\.operation\.js$/.test(
			file,
		) &&
		!exports.__probed
	) {
		const execute = exports.execute;
		if (typeof execute === 'function') {
			try {
				Object.defineProperty(exports, 'execute', {
					value: async function (...args) {
						const t0 = now();
						try {
							return await execute.apply(this, args);
						} finally {
							add('package: Reply execute()', now() - t0);
						}
					},
				});
			} catch {}
		}
	}
	return exports;
};

// Wall-clock milestones of each webhook request (the CPU totals above miss waits): from its arrival
// to the first body bytes and to the first bytes carrying BRAIN_COST_FIRST_TEXT, per kind of path.
const http = require('http');
const firstText = process.env.BRAIN_COST_FIRST_TEXT;
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, res) {
	if (event === 'request' && /^\/webhook\//.test(req.url ?? '')) {
		const t0 = (req.__t0 = now());
		const kind = /\/chat\/completions$/.test(req.url) ? 'package' : 'core';
		lastRequest = { t0, kind, started: false, asked: false };
		let wrote = false;
		let texted = false;
		const seen = (chunk) => {
			if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
			const text = Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk);
			if (text === '') return;
			if (!wrote) add(`wall ${kind}: request -> first body bytes`, now() - t0);
			wrote = true;
			if (!texted && firstText && text.includes(firstText)) {
				texted = true;
				add(`wall ${kind}: request -> first text written`, now() - t0);
			}
		};
		for (const method of ['write', 'end']) {
			const original = res[method];
			res[method] = function (chunk, ...rest) {
				seen(chunk);
				return original.call(this, chunk, ...rest);
			};
		}
	}
	return emit.apply(this, arguments);
};

// Turns run one after the other: the last request's milestones inside n8n, the execution's start
// (WorkflowExecute) and the chat model's request (to the paced model's port, BRAIN_COST_MODEL_PORT).
let lastRequest;
const milestone = (what, flag) => {
	if (!lastRequest || lastRequest[flag]) return;
	lastRequest[flag] = true;
	add(`wall ${lastRequest.kind}: request -> ${what}`, now() - lastRequest.t0);
};
const modelPort = process.env.BRAIN_COST_MODEL_PORT;
for (const client of [http, require('https')]) {
	const request = client.request;
	client.request = function (...args) {
		const target = args.find((a) => a && typeof a === 'object' && !(a instanceof URL)) ?? {};
		const url = args.find((a) => typeof a === 'string' || a instanceof URL);
		if (
			modelPort &&
			(String(target.port) === modelPort || String(url ?? '').includes(`:${modelPort}`))
		)
			milestone('model request sent', 'asked');
		return request.apply(this, args);
	};
}
if (typeof globalThis.fetch === 'function') {
	const fetch = globalThis.fetch;
	globalThis.fetch = function (input, ...rest) {
		if (modelPort && String(input?.url ?? input).includes(`:${modelPort}`))
			milestone('model request sent', 'asked');
		return fetch.call(this, input, ...rest);
	};
}

// With BRAIN_COST_PROFILE, each SIGUSR2 also ends a CPU profile (written beside the totals as
// <out>.cpuprofile) and starts the next, so every block of turns gets its own profile.
let session;
if (process.env.BRAIN_COST_PROFILE) {
	const inspector = require('inspector');
	session = new inspector.Session();
	session.connect();
	session.post('Profiler.enable', () => session.post('Profiler.start'));
}

process.on('SIGUSR2', () => {
	const write = () => {
		fs.writeFileSync(process.env.BRAIN_COST_OUT, JSON.stringify(totals));
		for (const key of Object.keys(totals)) delete totals[key];
	};
	if (!session) return write();
	session.post('Profiler.stop', (error, result) => {
		if (!error)
			fs.writeFileSync(`${process.env.BRAIN_COST_OUT}.cpuprofile`, JSON.stringify(result.profile));
		session.post('Profiler.start', write);
	});
});
