// The pure domain, for other TypeScript services: `import { parseDomainName } from 'vetted/domain'`.
export * from './blocked-domain.js';
export * from './domain-name.js';
export * from './entity-id.js';
export * from './entity.js';
export * from './registry-verdict.js';
export * from './self-verification.js';
export * from './service-info.js';
export * from './trust/agent-guidance.js';
