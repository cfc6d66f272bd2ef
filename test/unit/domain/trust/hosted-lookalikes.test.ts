import { expect } from 'chai';
import { BrandCatalog } from '../../../../src/domain/trust/brand-catalog.js';
import { LookalikeDetector } from '../../../../src/domain/trust/lookalike.js';

const detector = new LookalikeDetector(BrandCatalog.standard());
const imitated = (name: string) => detector.judge(name).lookalikeOf;

// Phishing that PhishTank listed in 2025-2026 (test/data/real-world-measure), and names like them.
describe('lookalikes on hosting platforms and in the languages phishing is written in', () => {
  it('catches a brand on a hosting platform beside any words, or inside a longer name with a lure word', () => {
    expect(imitated('aap-ledger--auth.webflow.io')).to.equal('ledger.com');
    expect(imitated('backup-exodus.vercel.app')).to.equal('exodus.com');
    expect(imitated('ledgerlivewallet.pages.dev')).to.equal('ledger.com');
    expect(imitated('blockfilogin.webflow.io')).to.not.equal(null);
  });

  it('catches lure words in French, Spanish, Portuguese and German', () => {
    expect(imitated('ameli-espace-assurance.com')).to.equal('ameli.fr');
    expect(imitated('paypal-cuenta-verificacion.com')).to.equal('paypal.com');
    expect(imitated('amazon-konto-sicherheit.de')).to.not.equal(null);
  });

  it('leaves a platform site with no brand, a brand inside a longer word, and a generic label without a strong lure alone', () => {
    expect(imitated('my-portfolio.github.io')).to.equal(null);
    expect(imitated('awesome-operator-865337.framer.app')).to.equal(null);
    expect(imitated('live-score.pages.dev')).to.equal(null);
  });
});
