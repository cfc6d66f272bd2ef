import { expect } from 'chai';
import { domainFromPasted } from '../../../src/application/input/domain-input.js';

describe('domainFromPasted (forms only)', () => {
  it('takes a plain name as it is, and the host of a pasted URL, saying which', () => {
    expect(domainFromPasted(' Example.COM ')).to.deep.equal({ domain: 'example.com', tookHost: false });
    for (const url of ['https://example.com/', 'http://www.example.com/a/b?c=d#e', 'example.com/pricing', 'https://user@example.com:8443/x']) {
      expect(domainFromPasted(url).tookHost, url).to.equal(true);
    }
    expect(domainFromPasted('http://www.example.com/a').domain).to.equal('www.example.com');
  });

  it('refuses what is neither a name nor an http(s) URL of a name', () => {
    for (const input of ['ftp://example.com/', 'https://127.0.0.1/', 'javascript:alert(1)', 'https://', 'example.com:8080', 'localhost/x']) {
      expect(() => domainFromPasted(input), input)
        .to.throw()
        .with.property('code', 'VALIDATION_ERROR');
    }
  });
});
