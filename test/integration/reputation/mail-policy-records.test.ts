import { expect } from 'chai';
import { readDmarc } from '../../../src/adapters/reputation/read-dmarc.js';
import { readSpf } from '../../../src/adapters/reputation/read-spf.js';

const one = (text: string) => [[text]];

describe('SPF and DMARC record reading', () => {
  const wellFormedSpf = [
    'v=spf1',
    'v=spf1 -all',
    'V=SPF1 +all',
    'v=spf1 a mx ptr -all',
    'v=spf1 a/24 mx//64 a:mail.example.com/24//64 ?all',
    'v=spf1 ip4:192.0.2.1 ip4:192.0.2.0/24 ip6:2001:db8::1 ip6:2001:db8::/32 ~all',
    'v=spf1 include:_spf.google.com exists:%{i}._spf.example.com -all',
    'v=spf1 redirect=_spf.example.com',
    'v=spf1 -all exp=explain._spf.%{d} custom-mod=anything  ',
  ];
  for (const record of wellFormedSpf) {
    it(`reads "${record}" as published`, () => {
      expect(readSpf(one(record))).to.deep.equal({ published: true, record });
    });
  }

  const malformedSpf = [
    'v=spf1 inclde:_spf.example.com -all',
    'v=spf1 ip4:192.0.2.0/33 -all',
    'v=spf1 ip4:2001:db8::1 -all',
    'v=spf1 ip6:192.0.2.1 -all',
    'v=spf1 ip6:2001:db8::/129 -all',
    'v=spf1 include: -all',
    'v=spf1 all:example.com',
    'v=spf1 a/40',
    'v=spf1 redirect=a.example redirect=b.example',
    'v=spf1 *all',
    'v=spf1 -all\tmx',
  ];
  for (const record of malformedSpf) {
    it(`reads ${JSON.stringify(record)} as malformed`, () => {
      expect(readSpf(one(record))).to.deep.equal({ published: false, record, error: 'malformed' });
    });
  }

  it('ignores TXT records that are not SPF version 1', () => {
    expect(readSpf([['v=spf10 -all'], ['spf1 -all'], ['v=spf2.0/pra -all']])).to.deep.equal({ published: false });
  });

  it('caps the record it reports', () => {
    const long = `v=spf1 ${'ip4:192.0.2.1 '.repeat(200)}-all`;
    const verdict = readSpf(one(long));
    expect(verdict.published).to.equal(true);
    expect(verdict.record).to.have.length(1027);
  });

  const policies: [string, 'none' | 'quarantine' | 'reject'][] = [
    ['v=DMARC1; p=none', 'none'],
    ['v=DMARC1;p=quarantine;', 'quarantine'],
    ['v = DMARC1 ; p = REJECT ; sp=none; adkim=s', 'reject'],
    ['V=DMARC1; rua=mailto:a@example.com; p=reject', 'reject'],
  ];
  for (const [record, policy] of policies) {
    it(`reads "${record}" as policy ${policy}`, () => {
      expect(readDmarc(one(record))).to.deep.equal({ published: true, policy, record });
    });
  }

  const malformedDmarc = ['v=DMARC1', 'v=DMARC1; rua=mailto:a@example.com', 'v=DMARC1; p=block', 'v=DMARC1; p=none; p=reject', 'v=DMARC1; p=none; garbage'];
  for (const record of malformedDmarc) {
    it(`reads ${JSON.stringify(record)} as a malformed DMARC record`, () => {
      expect(readDmarc(one(record))).to.deep.equal({ published: false, record, error: 'malformed' });
    });
  }

  it('ignores records whose version is not exactly DMARC1', () => {
    expect(readDmarc([['v=dmarc1; p=reject'], ['v=DMARC2; p=reject'], ['p=reject; v=DMARC1']])).to.deep.equal({
      published: false,
    });
  });
});
