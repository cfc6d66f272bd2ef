import { expect } from 'chai';
import { BrandCatalog } from '../../../../src/domain/trust/brand-catalog.js';
import { LookalikeDetector } from '../../../../src/domain/trust/lookalike.js';

const detector = new LookalikeDetector(BrandCatalog.standard());
const imitated = (name: string) => detector.judge(name).lookalikeOf;

// Universities and local bodies one edit from a short brand (Hipo's university list, 2026).
describe('a local name one edit from a short brand', () => {
  it('is left alone under a country suffix the brand uses for none of its domains', () => {
    for (const name of ['ceti.mx', 'upit.ro', 'unite.it', 'wsps.waw.pl', 'msta.ac.ru']) expect(imitated(name), name).to.equal(null);
  });

  it('is still a typo under the brand own suffix, an open one, or a country suffix sold to anyone', () => {
    expect(imitated('ceti.com')).to.equal('citi.com');
    expect(imitated('upit.xyz')).to.not.equal(null);
    expect(imitated('ceti.io')).to.equal('citi.com');
    expect(imitated('paypa1.mx'), 'a homoglyph is never a local name').to.equal('paypal.com');
  });
});
