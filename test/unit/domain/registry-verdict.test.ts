import { expect } from 'chai';
import { domainName } from '../../../src/domain/domain-name.js';
import { judgeRegistry, verdictCacheSeconds } from '../../../src/domain/registry-verdict.js';
import { aBlock, anEntity } from '../../support/builders.js';

const NOW = new Date('2026-06-01T00:00:00.000Z');

describe('registry verdicts', () => {
  const zone = anEntity({ domain: 'example.com', coverage: 'zone' });

  it('is verified for the domain and, for a zone-wide entity, its subdomains', () => {
    expect(judgeRegistry(domainName('example.com'), { entities: [zone], blocks: [] }, NOW)).to.deep.include({ kind: 'verified', entity: zone });
    expect(judgeRegistry(domainName('a.b.example.com'), { entities: [zone], blocks: [] }, NOW).kind).to.equal('verified');
  });

  it('covers only its own host for a host-only entity', () => {
    const host = anEntity({ domain: 'www.example.com', coverage: 'host' });
    expect(judgeRegistry(domainName('www.example.com'), { entities: [host], blocks: [] }, NOW).kind).to.equal('verified');
    expect(judgeRegistry(domainName('api.www.example.com'), { entities: [host], blocks: [] }, NOW).kind).to.equal('not_verified');
  });

  it('lets the most specific entity decide', () => {
    const sub = anEntity({ id: 'ent_shop001', name: 'Shop', domain: 'shop.example.com' });
    const verdict = judgeRegistry(domainName('x.shop.example.com'), { entities: [zone, sub], blocks: [] }, NOW);
    expect(verdict).to.deep.include({ kind: 'verified', entity: sub });
  });

  it('is expired from the expiry instant on, and a newer verification wins over an expired one', () => {
    const expiring = anEntity({ expiresAt: '2026-06-01T00:00:00.000Z' });
    expect(judgeRegistry(domainName('example.com'), { entities: [expiring], blocks: [] }, new Date('2026-05-31T23:59:59.999Z')).kind).to.equal('verified');
    expect(judgeRegistry(domainName('example.com'), { entities: [expiring], blocks: [] }, NOW).kind).to.equal('expired');
    const renewed = anEntity({ id: 'ent_examplecorp002', verifiedAt: '2026-05-01T00:00:00.000Z', expiresAt: '2027-05-01T00:00:00.000Z' });
    expect(judgeRegistry(domainName('example.com'), { entities: [expiring, renewed], blocks: [] }, NOW)).to.deep.include({ kind: 'verified', entity: renewed });
  });

  it('ignores revoked entities', () => {
    const revoked = anEntity({ status: 'revoked' });
    expect(judgeRegistry(domainName('example.com'), { entities: [revoked], blocks: [] }, NOW).kind).to.equal('not_verified');
  });

  it('blocks the blocked domain and its subdomains, before anything else', () => {
    const records = { entities: [zone], blocks: [aBlock('example.com', 'fraud')] };
    expect(judgeRegistry(domainName('example.com'), records, NOW)).to.deep.include({ kind: 'blocked' });
    expect(judgeRegistry(domainName('pay.example.com'), records, NOW)).to.deep.include({ kind: 'blocked', block: aBlock('example.com', 'fraud') });
    expect(judgeRegistry(domainName('notexample.com'), { entities: [], blocks: [aBlock('example.com')] }, NOW).kind).to.equal('not_verified');
  });

  it('may be cached an hour when verified (never past expiry), five minutes otherwise, never when expired', () => {
    expect(verdictCacheSeconds({ kind: 'verified', domain: domainName('example.com'), entity: zone }, NOW)).to.equal(3600);
    const soon = anEntity({ expiresAt: '2026-06-01T00:10:00.000Z' });
    expect(verdictCacheSeconds({ kind: 'verified', domain: domainName('example.com'), entity: soon }, NOW)).to.equal(600);
    expect(verdictCacheSeconds({ kind: 'not_verified', domain: domainName('example.com') }, NOW)).to.equal(300);
    expect(verdictCacheSeconds({ kind: 'blocked', domain: domainName('example.com'), block: aBlock('example.com') }, NOW)).to.equal(300);
    expect(verdictCacheSeconds({ kind: 'expired', domain: domainName('example.com'), entity: zone }, NOW)).to.equal(0);
  });
});
