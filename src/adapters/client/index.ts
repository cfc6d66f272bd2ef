// vetted/client: a typed client of Vetted's HTTP API for other TypeScript programs (global fetch
// only). See docs/client.md.
export { type Entity, type ServiceStatus, VettedClient, type VettedClientOptions } from './vetted-client.js';
export { type ErrorBody, RateLimited, VerificationExpired, VettedError } from './vetted-error.js';
export type { VerifyAnswer } from '../../application/views/registry-schema.js';
export type { ScanResult } from '../../application/views/scan-result-view.js';
export type { ScanStatusAnswer as ScanStatus } from '../../application/views/scan-status-view.js';
export type { TrustAnswer } from '../../application/views/trust-schema.js';
export type { TrustManyAnswer, VerifyManyAnswer } from '../../application/views/verify-many-view.js';
