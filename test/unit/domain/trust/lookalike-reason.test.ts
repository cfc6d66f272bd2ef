import { expect } from 'chai';
import { BrandCatalog } from '../../../../src/domain/trust/brand-catalog.js';
import { LookalikeDetector } from '../../../../src/domain/trust/lookalike.js';
import { lookalikeReason } from '../../../../src/domain/trust/lookalike-reason.js';
import type { BrandFinding } from '../../../../src/domain/trust/trust-inputs.js';

const detector = new LookalikeDetector(BrandCatalog.standard());

describe('the reason of a lookalike finding', () => {
  it("tells a brand's label under another suffix or with a word added as possibly the brand's own, with where its ownership stands", () => {
    const suffix = detector.judge('barclays.fr');
    expect(suffix.rule).to.equal('suffix');
    expect(lookalikeReason(suffix)).to.match(/^Possibly barclays\.co\.uk's own domain, possibly an impersonation of it: /);
    expect(lookalikeReason(suffix)).to.contain('Until evidence shows barclays.co.uk owns it, no better than FLAG.');
    const checking: BrandFinding = { ...suffix, ownership: { status: 'not_checked', reason: 'queued' } };
    expect(lookalikeReason(checking)).to.contain('Whether barclays.co.uk owns it is being checked');
    const checked: BrandFinding = { ...suffix, ownership: { status: 'not_owned', checkedAt: '2026-12-01T00:00:00.000Z' } };
    expect(lookalikeReason(checked)).to.contain(
      'found nothing tying it to barclays.co.uk (certificate, registrant, nameservers): treat it as a possible impersonation.',
    );
    expect(lookalikeReason(detector.judge('aboutamazon.de'))).to.match(/^Possibly amazon\.de's own domain/);
  });

  it('tells a typo, a homoglyph or a lure word as a possible impersonation', () => {
    for (const name of ['paypa1.com', 'twiter.com', 'paypal-login.com']) {
      expect(lookalikeReason(detector.judge(name)), name).to.match(/^Possible impersonation of /);
    }
  });
});
