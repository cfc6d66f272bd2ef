import { expect } from 'chai';
import type { MailMessage } from '../../../src/application/ports/mailer.js';
import { CheckRegistration } from '../../../src/application/registration/check-registration.js';
import { GetRegistration } from '../../../src/application/registration/get-registration.js';
import { ProofChecker } from '../../../src/application/registration/proof-checker.js';
import { RegisterDomain } from '../../../src/application/registration/register-domain.js';
import { loadConfig } from '../../../src/adapters/config/load-config.js';
import { FakeSiteFetcher } from '../../fakes/fake-site-fetcher.js';
import { FixedClock } from '../../fakes/fixed-clock.js';
import { SequentialTokens } from '../../fakes/fixed-tokens.js';
import { InMemoryRegistry } from '../../fakes/in-memory-registry.js';
import { FakeDnsResolver, InMemoryProofRepository, InMemoryRegistrationRepository } from '../../fakes/in-memory-registrations.js';
import { Sha256TokenHasher } from '../../../src/adapters/random/sha256-token-hasher.js';
import { RecordingLogger } from '../../fakes/recording-logger.js';

const silent = new RecordingLogger();
const hasher = new Sha256TokenHasher();

describe('the registration page and its "Check now"', () => {
  let clock: FixedClock;
  let registry: InMemoryRegistry;
  let registrations: InMemoryRegistrationRepository;
  let proofs: InMemoryProofRepository;
  let dns: FakeDnsResolver;
  let web: FakeSiteFetcher;
  let mails: MailMessage[];
  let register: RegisterDomain;
  let pages: GetRegistration;
  let check: CheckRegistration;

  beforeEach(() => {
    clock = new FixedClock('2026-09-01T00:00:00.000Z');
    registry = new InMemoryRegistry();
    registrations = new InMemoryRegistrationRepository();
    proofs = new InMemoryProofRepository();
    dns = new FakeDnsResolver();
    web = new FakeSiteFetcher();
    mails = [];
    const mailer = { route: 'smtp' as const, send: async (m: MailMessage) => void mails.push(m) };
    register = new RegisterDomain(
      registrations,
      registry,
      mailer,
      new SequentialTokens(),
      hasher,
      clock,
      silent,
      loadConfig({ BASE_URL: 'https://vetted.example.org' }),
    );
    pages = new GetRegistration(registrations, hasher, clock, mailer);
    check = new CheckRegistration(pages, registrations, proofs, new ProofChecker(dns, web), clock);
  });

  async function registered() {
    const outcome = await register.run({ domain: 'shop.example.com', entity_name: 'Shop', contact_email: 'owner@example.com' }, '198.51.100.1');
    return { ...outcome, token: outcome.pagePath.replace('/registrations/', '') };
  }

  it('gives each registration a page whose token is stored only as its hash, shown in the outcome and mailed', async () => {
    const { registration, token, pagePath, pageUrl } = await registered();
    expect(pagePath).to.match(/^\/registrations\/[A-Za-z0-9_-]{20,}$/);
    expect(pageUrl).to.equal(`https://vetted.example.org${pagePath}`);
    expect(mails[0]!.text).to.contain(pageUrl).and.contain('https://vetted.example.org/confirm/');
    expect(registrations.rows[0]!.pageTokenHash).to.equal(hasher.hash(token));
    expect(JSON.stringify(registrations.rows)).not.to.contain(token);
    expect(await pages.run(token)).to.deep.equal({ kind: 'found', registration, state: 'pending', mailRoute: 'smtp' });
    expect(await pages.run('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).to.deep.equal({ kind: 'unknown' });
    expect(await pages.run('../../etc')).to.deep.equal({ kind: 'unknown' });
    clock.advance(8 * 86_400);
    expect(await pages.run(token)).to.include({ kind: 'found', state: 'expired' });
  });

  it('looks at once, records the attempts, shows what the domain publishes, and never verifies', async () => {
    const { registration, token } = await registered();
    dns.txt.set('_vetted-challenge.shop.example.com', [['v=spf1 -all'], ['vetted-verification=', 'old-code']]);
    web.set('https://shop.example.com/.well-known/vetted-verification.txt', { status: 404, body: 'Not <b>here</b>\nsecond line' });
    const first = await check.run(token);
    if (first.kind !== 'found' || first.check?.kind !== 'checked') return expect.fail('expected a check');
    expect(first.check.looks.map((l) => [l.lookedUp, l.result, l.seen, l.status, l.firstLine])).to.deep.equal([
      ['_vetted-challenge.shop.example.com', 'not_found', ['v=spf1 -all', 'vetted-verification=old-code'], undefined, undefined],
      ['shop.example.com', 'not_found', [], undefined, undefined],
      ['https://shop.example.com/.well-known/vetted-verification.txt', 'not_found', undefined, 404, 'Not <b>here</b>'],
      ['http://shop.example.com/.well-known/vetted-verification.txt', 'not_found', undefined, 404, 'not found'],
    ]);
    expect(proofs.log.map((a) => [a.registrationId, a.lookedUp, a.detail])).to.deep.equal(
      first.check.looks.map((l) => [registration.id, l.lookedUp, l.detail]),
    );
    expect(JSON.stringify(proofs.log), 'what the domain publishes is never stored').not.to.contain('spf1').and.not.to.contain('here');

    clock.advance(10);
    dns.txt.set('_vetted-challenge.shop.example.com', [[`vetted-verification=${registration.verificationCode}`]]);
    const proven = await check.run(token);
    if (proven.kind !== 'found' || proven.check?.kind !== 'checked') return expect.fail('expected a check');
    expect(proven.check.looks.map((l) => l.result)).to.deep.equal(['proven']);
    expect(proven.state).to.equal('pending');
    expect(registrations.rows[0]!.registration.status, 'only the confirmation link verifies').to.equal('pending');
    expect((await registry.findRecords(['shop.example.com'] as never)).entities).to.deep.equal([]);
  });

  it('bounds what it shows: ten TXT values of 255 characters, a first line of 200, control characters neutralized', async () => {
    const { token } = await registered();
    dns.txt.set(
      '_vetted-challenge.shop.example.com',
      Array.from({ length: 14 }, (_, i) => [`${i}`.padEnd(400, 'x')]),
    );
    web.set('https://shop.example.com/.well-known/vetted-verification.txt', { body: `\u202e${'y'.repeat(900)}` });
    const outcome = await check.run(token);
    if (outcome.kind !== 'found' || outcome.check?.kind !== 'checked') return expect.fail('expected a check');
    const [txt, , file] = outcome.check.looks;
    expect(txt!.seen).to.have.length(10);
    expect(txt!.seen!.every((v) => v.length === 255 && v.endsWith('…'))).to.equal(true);
    expect(file!.firstLine).to.have.length(200);
    expect(file!.firstLine!.startsWith('\ufffdy')).to.equal(true);
  });

  it('runs at most one check every 10 seconds, and one asked sooner gets the last result and the seconds to wait', async () => {
    const { registration, token } = await registered();
    await check.run(token);
    const looked = proofs.log.length;
    clock.advance(3);
    const soon = await check.run(token);
    if (soon.kind !== 'found' || soon.check?.kind !== 'too_soon') return expect.fail('expected too_soon');
    expect(soon.check.retryAfterSeconds).to.equal(7);
    expect(soon.check.lastLooks.map((a) => a.registrationId)).to.deep.equal(Array(looked).fill(registration.id));
    expect(proofs.log.length, 'nothing looked at').to.equal(looked);
    clock.advance(7);
    const again = await check.run(token);
    expect(again.kind === 'found' && again.check?.kind).to.equal('checked');
    expect(proofs.log.length).to.equal(2 * looked);
  });

  it('does not check a registration that is verified or expired, nor an unknown page', async () => {
    const { registration, token } = await registered();
    expect(await check.run('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).to.deep.equal({ kind: 'unknown' });
    await registrations.markVerified(registration.id, { verifiedAt: clock.now().toISOString(), method: 'dns_txt' });
    expect(await check.run(token)).to.deep.include({ kind: 'found', state: 'verified' });
    expect(proofs.log).to.deep.equal([]);
  });
});
