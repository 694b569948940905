export * from './request';
export { resetRateLimits, type RateRule } from './rateLimit';
export { collectSecrets, redact, REDACTED } from './redact';
export { retryTiming } from './retry';
