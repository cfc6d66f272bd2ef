import { expect } from 'chai';
import type { AppError } from '../../../src/application/errors.js';
import { RegisterDomain } from '../../../src/application/registration/register-domain.js';
import { registrationFormView } from '../../../src/application/views/registration-form-view.js';
import { loadConfig } from '../../../src/adapters/config/load-config.js';
import { renderRegistrationForm } from '../../../src/adapters/http/presenters/registration-form-page.js';
import { parseRegistrationForm } from '../../../src/adapters/http/registration-form-body.js';
import { FixedClock } from '../../fakes/fixed-clock.js';
import { SequentialTokens } from '../../fakes/fixed-tokens.js';
import { InMemoryRegistry } from '../../fakes/in-memory-registry.js';
import { InMemoryRegistrationRepository } from '../../fakes/in-memory-registrations.js';
import { rejection } from '../../support/rejection.js';
import { Sha256TokenHasher } from '../../../src/adapters/random/sha256-token-hasher.js';
import { RecordingLogger } from '../../fakes/recording-logger.js';

const silent = new RecordingLogger();
const hasher = new Sha256TokenHasher();

describe('the registration form', () => {
  let register: RegisterDomain;
  let registry: InMemoryRegistry;
  beforeEach(() => {
    registry = new InMemoryRegistry();
    const mailer = { route: 'smtp' as const, send: async () => undefined };
    register = new RegisterDomain(
      new InMemoryRegistrationRepository(),
      registry,
      mailer,
      new SequentialTokens(),
      hasher,
      new FixedClock(),
      silent,
      loadConfig({ BASE_URL: 'https://vetted.example.org' }),
    );
  });

  /** The problems beside each field when the form `body` is posted. */
  async function problemsOf(body: string): Promise<Record<string, string>> {
    const values = parseRegistrationForm(body);
    const error = await rejection<AppError>(register.run(values, '198.51.100.1'));
    expect(error.code).to.equal('VALIDATION_ERROR');
    const view = registrationFormView(values, error);
    return Object.fromEntries(view.problems.map((p) => [p.field, p.message]));
  }

  it('reads the known fields of a urlencoded body: the first value, trimmed, empty ones left out, the rest ignored', () => {
    expect(
      parseRegistrationForm(
        'domain=+shop.example.com+&domain=other.example&entity_name=Shop+%26+Co&entity_type=business&contact_email=a%40b.example&website=&submit=Register&extra=1',
      ),
    ).to.deep.equal({
      domain: 'shop.example.com',
      entity_name: 'Shop & Co',
      entity_type: 'business',
      contact_email: 'a@b.example',
    });
    expect(parseRegistrationForm('')).to.deep.equal({});
  });

  it("puts each of the use case's problems beside its field, in words, and keeps what was typed", async () => {
    expect(await problemsOf('entity_type=business&contact_email=nope&website=ftp%3A%2F%2Fx.example')).to.deep.equal({
      domain: 'The domain is required.',
      entity_name: 'The organisation name is required.',
      contact_email: 'The contact e-mail must be an e-mail address (name@example.com).',
      website: 'The website must be an absolute http or https URL (https://example.com/).',
    });
    expect(await problemsOf('domain=shop.example.com&entity_name=+++&contact_email=a%40b.example&entity_type=company')).to.deep.equal({
      entity_name: 'The organisation name is required.',
      entity_type: 'The type must be one of organization, business, individual, api, infrastructure.',
    });
  });

  it('says a refused domain beside the domain field: a public suffix, or one already verified', async () => {
    expect((await problemsOf('domain=co.uk&entity_name=Shop&contact_email=a%40b.example')).domain).to.match(/^Invalid domain "co\.uk": /);
    await registry.create({
      name: 'Shop',
      domain: 'shop.example.com' as never,
      type: 'business',
      level: 'verified',
      coverage: 'zone',
      verifiedAt: '2026-01-01T00:00:00.000Z',
      expiresAt: '2027-12-01T00:00:00.000Z',
    });
    expect(await problemsOf('domain=shop.example.com&entity_name=Shop&contact_email=a%40b.example')).to.have.keys(['domain']);
  });

  it('renders the problems beside their fields and in a summary linking to them, escaping what was typed', async () => {
    const values = parseRegistrationForm('domain=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E&entity_name=Shop&contact_email=nope');
    const html = renderRegistrationForm(registrationFormView(values, await rejection<AppError>(register.run(values, 'c'))));
    expect(html).to.contain('<title>Error: Register a domain · Vetted</title>');
    expect(html).to.contain('<a href="#contact_email">Contact e-mail: The contact e-mail must be an e-mail address (name@example.com).</a>');
    expect(html).to.match(
      /<p class="problem" id="contact_email-problem">The contact e-mail must be[^<]*<\/p>\n<input type="email" id="contact_email" name="contact_email" required aria-describedby="contact_email-hint contact_email-problem" aria-invalid="true"/,
    );
    expect(html).to.contain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"').and.not.contain('<script>');
    expect(html).to.contain('value="Shop"');
    const empty = renderRegistrationForm(registrationFormView());
    expect(empty).not.to.contain('aria-invalid').and.not.contain('class="error-summary"');
    expect(empty).to.contain('<option value="organization" selected>Organisation</option>').and.contain('<form method="post" action="/register">');
  });
});
