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
	const helperFile =
		/n8n-nodes-agora[\\/]dist[\\/]nodes[\\/](AgoraLlmTrigger[\\/](request|answerBound|answerGuard|streamTranslator)|shared[\\/](secretCache|openAiChat))\.js$/.exec(
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
