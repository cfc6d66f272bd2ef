import { expect } from 'chai';
import { AppError } from '../../../src/application/errors.js';
import type { MailMessage, MailRoute, Mailer } from '../../../src/application/ports/mailer.js';
import { RegistryReadCache } from '../../../src/application/caching/registry-read-cache.js';
import { ConfirmRegistration } from '../../../src/application/registration/confirm-registration.js';
import { ProofChecker } from '../../../src/application/registration/proof-checker.js';
import { RevokeLostProof } from '../../../src/application/registration/revoke-lost-proof.js';
import { RecheckProofs } from '../../../src/application/registration/recheck-proofs.js';
import { RegisterDomain } from '../../../src/application/registration/register-domain.js';
import { loadConfig } from '../../../src/adapters/config/load-config.js';
import { FakeSiteFetcher } from '../../fakes/fake-site-fetcher.js';
import { FixedClock } from '../../fakes/fixed-clock.js';
import { SequentialTokens } from '../../fakes/fixed-tokens.js';
import { InMemoryRegistry } from '../../fakes/in-memory-registry.js';
import { FakeDnsResolver, InMemoryProofRepository, InMemoryRegistrationRepository } from '../../fakes/in-memory-registrations.js';
import { rejection } from '../../support/rejection.js';
import { Sha256TokenHasher } from '../../../src/adapters/random/sha256-token-hasher.js';
import { RecordingLogger } from '../../fakes/recording-logger.js';
import { firstObservations } from '../../support/ownership-parts.js';
import { SyncCounterparty } from '../../../src/application/counterparty/sync-counterparty.js';
import { InMemoryCounterpartyBindings } from '../../fakes/in-memory-counterparty-bindings.js';

class Mails implements Mailer {
  readonly sent: MailMessage[] = [];
  fail = false;
  route: MailRoute = 'smtp';
  async send(message: MailMessage): Promise<void> {
    if (this.fail) throw new AppError('INTERNAL_ERROR', 'smtp down');
    this.sent.push(message);
  }
}

const silent = new RecordingLogger();
const hasher = new Sha256TokenHasher();

describe('registration and domain verification', () => {
  let clock: FixedClock;
  let registry: InMemoryRegistry;
  let registrations: InMemoryRegistrationRepository;
  let proofs: InMemoryProofRepository;
  let dns: FakeDnsResolver;
  let web: FakeSiteFetcher;
  let mails: Mails;
  let register: RegisterDomain;
  let confirm: ConfirmRegistration;
  let recheck: RecheckProofs;
  let bindings: InMemoryCounterpartyBindings;

  const body = (overrides: Record<string, unknown> = {}) => ({
    domain: 'Shop.Example.com',
    entity_name: 'Shop Ltd',
    entity_type: 'business',
    contact_email: 'Owner@Example.com',
    ...overrides,
  });
  const tokenOf = (mail: MailMessage) => /\/confirm\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;

  beforeEach(() => {
    clock = new FixedClock('2026-09-01T00:00:00.000Z');
    registry = new InMemoryRegistry();
    registrations = new InMemoryRegistrationRepository();
    proofs = new InMemoryProofRepository();
    dns = new FakeDnsResolver();
    web = new FakeSiteFetcher();
    mails = new Mails();
    const cache = new RegistryReadCache(clock);
    const config = loadConfig({ BASE_URL: 'https://vetted.example.org' });
    const checker = new ProofChecker(dns, web);
    register = new RegisterDomain(registrations, registry, mails, new SequentialTokens(), hasher, clock, silent, config);
    bindings = new InMemoryCounterpartyBindings();
    const counterparty = new SyncCounterparty(bindings, registry, dns, web, clock, silent);
    confirm = new ConfirmRegistration(registrations, registry, proofs, checker, hasher, cache, clock, firstObservations(), counterparty);
    recheck = new RecheckProofs(proofs, checker, new RevokeLostProof(proofs, registry, mails, cache, silent, counterparty), counterparty, clock, {
      recheckConcurrency: 16,
    });
  });

  it('registers: pending, instructions in the contract shape, the token stored only as its hash, a mail with the link', async () => {
    const { registration, mail: outcome } = await register.run(body(), '198.51.100.1');
    expect(outcome).to.equal('sent');
    expect(registration).to.include({
      domain: 'shop.example.com',
      status: 'pending',
      contactEmail: 'owner@example.com',
      expiresAt: '2026-09-08T00:00:00.000Z',
    });
    expect(registration.id).to.match(/^reg_/);
    const mail = mails.sent[0]!;
    expect(mail.to).to.equal('owner@example.com');
    expect(mail.text)
      .to.contain(`vetted-verification=${registration.verificationCode}`)
      .and.contain('_vetted-challenge.shop.example.com')
      .and.contain('https://vetted.example.org/confirm/');
    const token = tokenOf(mail);
    expect(registrations.rows[0]!.tokenHash).to.equal(hasher.hash(token));
    expect(JSON.stringify(registrations.rows)).not.to.contain(token);
  });

  it('refuses bad input, public suffixes, verified domains and too many registrations', async () => {
    for (const bad of [
      body({ entity_name: '' }),
      body({ entity_type: 'company' }),
      body({ contact_email: 'nope' }),
      body({ extra: 1 }),
      body({ domain: 'co.uk' }),
      body({ website: 'javascript:alert(1)' }),
    ]) {
      expect((await rejection(register.run(bad, 'c'))).code).to.equal('VALIDATION_ERROR');
    }
    await registry.create({
      name: 'Example',
      domain: 'example.com' as never,
      type: 'business',
      level: 'verified',
      coverage: 'zone',
      verifiedAt: '2026-01-01T00:00:00.000Z',
      expiresAt: '2027-01-01T00:00:00.000Z',
    });
    const verified = await rejection(register.run(body(), 'c'));
    expect(verified.code).to.equal('VALIDATION_ERROR');
    expect(verified.message).to.contain('already verified');
    for (let i = 0; i < 5; i++) await register.run(body({ domain: `d${i}.example.net` }), '203.0.113.5');
    const limited = await rejection(register.run(body({ domain: 'd9.example.net' }), '203.0.113.5'));
    expect(limited.code).to.equal('RATE_LIMITED');
    expect(limited.details.retryAfterSeconds).to.equal(3600);
    expect((await rejection(register.run(body({ domain: 'other.example.net' }), '203.0.113.6'))).code).to.equal('RATE_LIMITED');
  });

  it('lets the owner of a private suffix (github.io) register and prove it, for that name alone', async () => {
    const { registration } = await register.run(body({ domain: 'GitHub.io' }), 'c');
    expect(registration.domain).to.equal('github.io');
    dns.txt.set('_vetted-challenge.github.io', [[`vetted-verification=${registration.verificationCode}`]]);
    expect((await confirm.run(tokenOf(mails.sent[0]!))).kind).to.equal('verified');
    expect(registry.entities[0]).to.include({ domain: 'github.io', coverage: 'zone' });
    expect((await rejection(register.run(body({ domain: 'github.io' }), 'c'))).message).to.contain('already verified');
    // alice.github.io is someone else's site: the zone proof of github.io does not cover it.
    expect((await register.run(body({ domain: 'alice.github.io' }), 'c')).registration.status).to.equal('pending');
  });

  it('lets a domain whose entity expired register again', async () => {
    await registry.create({
      name: 'Old',
      domain: 'shop.example.com' as never,
      type: 'business',
      level: 'verified',
      coverage: 'zone',
      verifiedAt: '2025-01-01T00:00:00.000Z',
      expiresAt: '2026-01-01T00:00:00.000Z',
    });
    const { registration } = await register.run(body(), 'c');
    expect(registration.status).to.equal('pending');
  });

  it('keeps the registration when the mail fails, and says so', async () => {
    mails.fail = true;
    const { mail } = await register.run(body(), 'c');
    expect(mail).to.equal('failed');
    expect(registrations.rows).to.have.length(1);
  });

  it('says the mail was kept, not sent, on a deployment with no mail server', async () => {
    mails.route = 'outbox';
    const { mail } = await register.run(body(), 'c');
    expect(mail).to.equal('outbox');
    expect(mails.sent).to.have.length(1);
  });

  it('confirms only with the proof in place; a failed check changes nothing and the token stays valid', async () => {
    const { registration } = await register.run(body(), 'c');
    const token = tokenOf(mails.sent[0]!);
    dns.txt.set('_vetted-challenge.shop.example.com', [['vetted-verification=wrong-code']]);
    web.set('https://shop.example.com/.well-known/vetted-verification.txt', { body: `verification_code: ${registration.verificationCode}x` });
    const first = await confirm.run(token);
    expect(first.kind).to.equal('not_proven');
    expect(registry.entities).to.have.length(0);
    expect(proofs.log.map((a) => a.lookedUp)).to.deep.equal([
      '_vetted-challenge.shop.example.com',
      'shop.example.com',
      'https://shop.example.com/.well-known/vetted-verification.txt',
      'http://shop.example.com/.well-known/vetted-verification.txt',
    ]);
    dns.txt.set('_vetted-challenge.shop.example.com', [['vetted-verif', `ication=${registration.verificationCode}`]]);
    const second = await confirm.run(token);
    expect(second.kind).to.equal('verified');
    expect(registry.entities).to.have.length(1);
    expect(registry.entities[0]).to.include({
      domain: 'shop.example.com',
      level: 'verified',
      coverage: 'zone',
      verifiedAt: '2026-09-01T00:00:00.000Z',
      expiresAt: '2027-09-01T00:00:00.000Z',
    });
    const replay = await confirm.run(token);
    expect(replay.kind).to.equal('verified');
    expect(registry.entities).to.have.length(1);
  });

  it('gives a well-known proof host-only coverage, and ignores a file reached by a redirect to another host', async () => {
    const { registration } = await register.run(body(), 'c');
    const token = tokenOf(mails.sent[0]!);
    const fetch = web.fetch.bind(web);
    web.fetch = async (request) => {
      const outcome = await fetch(request);
      if (outcome.ok && request.url.startsWith('https:'))
        return {
          ok: true,
          resource: {
            ...outcome.resource,
            redirects: [{ url: request.url, status: 302, location: 'https://evil.example.net/x' }],
            finalUrl: 'https://evil.example.net/x',
          },
        };
      return outcome;
    };
    web.set('https://shop.example.com/.well-known/vetted-verification.txt', { body: `verification_code: ${registration.verificationCode}\n` });
    expect((await confirm.run(token)).kind).to.equal('not_proven');
    web.fetch = fetch;
    expect((await confirm.run(token)).kind).to.equal('verified');
    expect(registry.entities[0]!.coverage).to.equal('host');
  });

  it('answers unknown and expired tokens without touching anything', async () => {
    await register.run(body(), 'c');
    const token = tokenOf(mails.sent[0]!);
    expect((await confirm.run('not-a-token-at-all-0123456789')).kind).to.equal('unknown');
    expect((await confirm.run('../../etc/passwd')).kind).to.equal('unknown');
    clock.advance(7 * 86_400);
    expect((await confirm.run(token)).kind).to.equal('expired');
    expect(proofs.log).to.have.length(0);
  });

  it('creates one entity when two confirmations race', async () => {
    const { registration } = await register.run(body(), 'c');
    dns.txt.set('_vetted-challenge.shop.example.com', [[`vetted-verification=${registration.verificationCode}`]]);
    const token = tokenOf(mails.sent[0]!);
    const outcomes = await Promise.all([confirm.run(token), confirm.run(token), confirm.run(token)]);
    expect(outcomes.every((o) => o.kind === 'verified')).to.equal(true);
    expect(registry.entities).to.have.length(1);
  });

  it('revokes after three failed re-checks spread over 72 hours, and mails the contact', async () => {
    const { registration } = await register.run(body(), 'c');
    dns.txt.set('_vetted-challenge.shop.example.com', [[`vetted-verification=${registration.verificationCode}`]]);
    await confirm.run(tokenOf(mails.sent[0]!));
    expect((await recheck.run()).checked).to.equal(0);
    clock.advance(30 * 86_400);
    expect(await recheck.run()).to.deep.equal({ checked: 1, proven: 1, failed: 0, revoked: [] });
    dns.txt.clear();
    clock.advance(30 * 86_400);
    expect((await recheck.run()).failed).to.equal(1);
    clock.advance(24 * 3600);
    expect((await recheck.run()).revoked).to.deep.equal([]);
    clock.advance(24 * 3600);
    expect((await recheck.run()).revoked).to.deep.equal([], 'three failures within 48 hours are not enough');
    clock.advance(24 * 3600);
    const summary = await recheck.run();
    expect(summary.revoked).to.deep.equal([registry.entities[0]!.id]);
    expect(registry.entities[0]!.status).to.equal('revoked');
    expect(mails.sent.at(-1)!.subject).to.contain('revoked');
  });

  it('binds the destinations a new entity declares, follows each re-check that finds the proof, and unbinds them all when the proof is lost', async () => {
    const wallet = 'eip155:8453:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    const next = 'eip155:8453:0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
    const { registration } = await register.run(body(), 'c');
    dns.txt.set('_vetted-challenge.shop.example.com', [[`vetted-verification=${registration.verificationCode}`]]);
    dns.txt.set('_vetted-counterparty.shop.example.com', [[`vetted-pay-to=${wallet}`]]);
    await confirm.run(tokenOf(mails.sent[0]!));
    const entityId = registry.entities[0]!.id;
    expect((await bindings.ofEntity(entityId)).map((b) => [b.value, b.since])).to.deep.equal([[wallet, '2026-09-01T00:00:00.000Z']]);
    dns.txt.set('_vetted-counterparty.shop.example.com', [[`vetted-pay-to=${next}`]]);
    clock.advance(30 * 86_400);
    await recheck.run();
    expect((await bindings.ofEntity(entityId)).map((b) => b.value)).to.deep.equal([next]);
    dns.txt.clear();
    for (let day = 0; day < 4; day++) {
      clock.advance(day === 0 ? 30 * 86_400 : 24 * 3600);
      await recheck.run();
    }
    expect(registry.entities[0]!.status).to.equal('revoked');
    expect(await bindings.ofEntity(entityId)).to.deep.equal([]);
    expect(await bindings.find('pay_to', next.toLowerCase())).to.deep.equal([]);
  });
});
