export * from './request';
export { acquire, resetRateLimits, type RateRule } from './rateLimit';
export { collectSecrets, redact, REDACTED } from './redact';
export { retryTiming } from './retry';
