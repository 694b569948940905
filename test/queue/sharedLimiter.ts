/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * Measured only, never shipped: QUEUE_SHARED_LIMITER=1 swaps the installed package's pacer for a
 * Redis-backed limiter shared by all workers, to compare with per-worker pacing (docs/queue-mode.md).
 */
import fs from 'fs';
import path from 'path';

const LUA = `
local now = tonumber(ARGV[1])
local member = ARGV[2]
local wait = 0
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[1 + 2 * i])
  local window = tonumber(ARGV[2 + 2 * i])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  if redis.call('ZCARD', key) >= limit then
    local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
    local w = tonumber(oldest[2]) + window - now
    if w > wait then wait = w end
  end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, member)
  redis.call('PEXPIRE', key, tonumber(ARGV[2 + 2 * i]))
end
return 0`;

/** Extra room per window for the time between booking (here) and arrival (at Agora). */
const TRANSIT_MARGIN_MS = 50;

export function patchSharedLimiter(packageDir: string, n8nDir: string, redisPort: number): void {
	const file = path.join(packageDir, 'dist', 'nodes', 'Agora', 'transport', 'rateLimit.js');
	if (!fs.existsSync(file))
		throw new Error(`${file} not found: the pacer moved, update the experiment`);
	const ioredis = path.join(n8nDir, 'node_modules', 'ioredis');
	fs.writeFileSync(
		file,
		`'use strict';
Object.defineProperty(exports, '__esModule', { value: true });
const Redis = require(${JSON.stringify(ioredis)});
const redis = new Redis({ host: '127.0.0.1', port: ${redisPort}, maxRetriesPerRequest: 3 });
const LUA = ${JSON.stringify(LUA)};
let counter = 0;
exports.pacerClock = { now: () => Date.now(), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) };
async function acquire(rules) {
	if (rules.length === 0) return () => {};
	for (;;) {
		const now = Date.now();
		const args = [now, process.pid + ':' + now + ':' + counter++];
		for (const rule of rules) args.push(rule.limit, rule.windowMs + ${TRANSIT_MARGIN_MS});
		const wait = Number(await redis.eval(LUA, rules.length, ...rules.map((r) => 'agora-pacer:' + r.key), ...args));
		if (wait <= 0) return () => {};
		await exports.pacerClock.sleep(Math.max(5, wait));
	}
}
exports.acquire = acquire;
exports.rateLimitKeyCount = () => 0;
exports.resetRateLimits = () => {};
`,
	);
}
