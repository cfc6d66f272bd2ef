import type { NewEntity } from '../../src/application/ports/entity-repository.js';
import type { BlockedDomain } from '../../src/domain/blocked-domain.js';
import { domainName } from '../../src/domain/domain-name.js';
import type { Entity } from '../../src/domain/entity.js';

export function aNewEntity(overrides: Partial<Omit<NewEntity, 'domain'>> & { domain?: string } = {}): NewEntity {
  return {
    name: 'Example Corp',
    type: 'business',
    level: 'verified',
    coverage: 'zone',
    verifiedAt: '2026-01-01T00:00:00.000Z',
    expiresAt: '2027-01-01T00:00:00.000Z',
    ...overrides,
    domain: domainName(overrides.domain ?? 'example.com'),
  };
}

export function anEntity(overrides: Partial<Omit<Entity, 'domain'>> & { domain?: string } = {}): Entity {
  return { id: 'ent_examplecorp001', status: 'active', ...aNewEntity(overrides), ...overrides, domain: domainName(overrides.domain ?? 'example.com') };
}

export function aBlock(domain: string, reason = 'phishing'): BlockedDomain {
  return { domain: domainName(domain), reason, blockedAt: '2026-01-01T00:00:00.000Z' };
}
