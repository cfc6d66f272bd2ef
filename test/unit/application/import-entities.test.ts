import { ReadAheadCaches } from '../../../src/application/caching/read-ahead.js';
import { ObservationCache } from '../../../src/application/trust/observation-cache.js';
import { OwnershipCache } from '../../../src/application/trust/ownership-cache.js';
import { expect } from 'chai';
import { ImportEntities, type ImportLine } from '../../../src/application/registry/import-entities.js';
import type { NewEntity } from '../../../src/application/ports/entity-repository.js';
import { RegistryReadCache } from '../../../src/application/caching/registry-read-cache.js';
import { VerifyDomain } from '../../../src/application/verdict/verify-domain.js';
import type { Entity } from '../../../src/domain/entity.js';
import { FixedClock } from '../../fakes/fixed-clock.js';
import { InMemoryRegistry } from '../../fakes/in-memory-registry.js';
import { rejection } from '../../support/rejection.js';
import { firstObservations } from '../../support/ownership-parts.js';

const lines = (...fields: Array<Record<string, unknown>>): ImportLine[] => fields.map((f, i) => ({ line: i + 1, fields: f }));

describe('ImportEntities', () => {
  let clock: FixedClock;
  let registry: InMemoryRegistry;
  let cache: RegistryReadCache;
  let importEntities: ImportEntities;

  beforeEach(() => {
    clock = new FixedClock('2026-09-01T12:00:00.000Z');
    registry = new InMemoryRegistry();
    cache = new RegistryReadCache(clock);
    importEntities = new ImportEntities(registry, cache, clock, firstObservations());
  });

  it("creates every entity with AddEntity's defaults, in the order of the lines", async () => {
    const created = await importEntities.run(
      lines(
        { domain: 'Example.com', name: ' Example Corp ' },
        { domain: 'api.acme.org', name: 'Acme API', type: 'api', level: 'enterprise', expires_at: '2030-01-01T00:00:00+01:00' },
      ),
    );
    expect(created).to.deep.equal([
      {
        id: 'ent_examplecorp001',
        name: 'Example Corp',
        domain: 'example.com',
        type: 'organization',
        level: 'verified',
        coverage: 'zone',
        status: 'active',
        verifiedAt: '2026-09-01T12:00:00.000Z',
        expiresAt: '2027-09-01T12:00:00.000Z',
      },
      {
        id: 'ent_acmeapi001',
        name: 'Acme API',
        domain: 'api.acme.org',
        type: 'api',
        level: 'enterprise',
        coverage: 'zone',
        status: 'active',
        verifiedAt: '2026-09-01T12:00:00.000Z',
        expiresAt: '2029-12-31T23:00:00.000Z',
      },
    ]);
    expect(registry.entities).to.deep.equal(created);
  });

  it('stores them all at once, through createMany', async () => {
    const batches: NewEntity[][] = [];
    const createMany = registry.createMany.bind(registry);
    registry.createMany = (entities) => (batches.push([...entities]), createMany(entities));
    registry.create = () => expect.fail('one by one');
    await importEntities.run(lines({ domain: 'a.com', name: 'A' }, { domain: 'b.com', name: 'B' }));
    expect(batches.map((b) => b.map((e) => e.domain))).to.deep.equal([['a.com', 'b.com']]);
  });

  it('forgets the cached answers of the imported names, as AddEntity does', async () => {
    const verify = new VerifyDomain(registry, cache, clock, new ReadAheadCaches(new ObservationCache(clock), new OwnershipCache(clock)));
    expect((await verify.run('example.com')).verdict.kind).to.equal('not_verified');
    await importEntities.run(lines({ domain: 'example.com', name: 'Example' }));
    expect((await verify.run('example.com')).verdict.kind).to.equal('verified');
    expect(registry.reads).to.equal(2);
  });

  it('refuses a line whose expiry has passed, naming it, and stores nothing', async () => {
    const error = await rejection(
      importEntities.run([
        { line: 1, fields: { domain: 'good.com', name: 'Good' } },
        { line: 2, fields: { domain: 'old.com', name: 'Old', expires_at: '2020-01-01T00:00:00Z' } },
      ]),
    );
    expect(error.code).to.equal('VALIDATION_ERROR');
    expect(error.message).to.equal(
      'line 2: expires_at must be in the future: an entity that has already expired would never be answered as verified. Nothing was imported.',
    );
    expect(registry.entities).to.deep.equal([]);
  });

  it('names each bad line with its problem in one VALIDATION_ERROR and stores nothing', async () => {
    const input: ImportLine[] = [
      { line: 1, fields: { domain: 'good.com', name: 'Good' } },
      { line: 3, fields: { name: 'No Domain' } },
      { line: 4, fields: { domain: '10.0.0.1', name: 'Address' } },
      { line: 5, fields: { domain: 'x.com', name: 'X', level: 'gold', expiresAt: '2030-01-01T00:00:00Z' } },
      { line: 6, unreadable: 'not valid JSON' },
      { line: 7, fields: { domain: 'x.com', name: 'Y', expires_at: 'soon' } },
      { line: 8, fields: { domain: 'GOOD.com', name: 'good' } },
    ];
    const error = await rejection(importEntities.run(input));
    expect(error.code).to.equal('VALIDATION_ERROR');
    expect(error.message).to.equal(
      'line 3: domain is required. ' +
        'line 4: Invalid domain "10.0.0.1": IP addresses are not accepted, only domain names. ' +
        'line 5: level must be one of basic, verified, enterprise; unknown field "expiresAt". ' +
        'line 6: not valid JSON. ' +
        'line 7: expires_at must be an ISO 8601 instant with a time zone (2027-01-31T00:00:00Z). ' +
        'line 8: the same domain and name as line 1. ' +
        'Nothing was imported.',
    );
    expect(error.details).to.deep.equal({ invalid_lines: 6 });
    expect(registry.entities).to.deep.equal([]);
  });

  it('lists ten bad lines at most and says how many more there are', async () => {
    const error = await rejection(importEntities.run(lines(...Array.from({ length: 12 }, () => ({ name: 'X' })))));
    expect(error.message).to.match(/^line 1: domain is required\. .* line 10: domain is required\. \(2 more bad lines not shown\.\) Nothing was imported\.$/);
  });

  it('imports nothing from an empty file without touching the store', async () => {
    expect(await importEntities.run([])).to.deep.equal([]);
  });

  it('lets a storage failure through and stores nothing when the batch fails', async () => {
    const failure = new Error('the database went away');
    registry.createMany = async (): Promise<Entity[]> => {
      throw failure;
    };
    expect(await rejection(importEntities.run(lines({ domain: 'a.com', name: 'A' })))).to.equal(failure);
    expect(registry.entities).to.deep.equal([]);
  });
});
