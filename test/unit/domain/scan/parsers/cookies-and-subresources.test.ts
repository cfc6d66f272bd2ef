import { expect } from 'chai';
import fc from 'fast-check';
import { readHtmlSecurity } from '../../../../../src/domain/scan/parsers/html-security.js';
import { readSetCookies } from '../../../../../src/domain/scan/parsers/set-cookies.js';

describe('readSetCookies (RFC 6265bis)', () => {
  it('reads each cookie’s protection, with its place and whether its name is session-like', () => {
    expect(readSetCookies(['sessionid=abc; Secure; HttpOnly; SameSite=Lax; Path=/', 'theme=dark'])).to.deep.equal([
      { position: 1, name: 'sessionid', sessionLike: true, secure: true, httpOnly: true, sameSite: 'lax', rejectedBecause: null },
      { position: 2, name: 'theme', sessionLike: false, secure: false, httpOnly: false, sameSite: 'missing', rejectedBecause: null },
    ]);
    expect(readSetCookies(['connect.sid=1', 'PHPSESSID=2', 'auth_token=3', 'lang=en']).map((c) => c.sessionLike)).to.deep.equal([true, true, true, false]);
    expect(readSetCookies(['a=1; SameSite=Sideways'])[0]!.sameSite).to.equal('invalid');
  });

  it('knows what browsers refuse: broken __Host- and __Secure- prefixes, SameSite=None without Secure', () => {
    const why = (raw: string) => readSetCookies([raw])[0]!.rejectedBecause;
    expect(why('__Host-id=1; Secure; Path=/')).to.equal(null);
    expect(why('__Host-id=1; Secure; Path=/app')).to.equal('a __Host- cookie needs Secure, Path=/ and no Domain');
    expect(why('__host-id=1; Secure; Path=/; Domain=example.com')).to.equal('a __Host- cookie needs Secure, Path=/ and no Domain');
    expect(why('__Secure-id=1')).to.equal('a __Secure- cookie needs Secure');
    expect(why('x=1; SameSite=None')).to.equal('SameSite=None needs Secure');
  });

  it('is bounded and never throws, whatever the headers (property)', () => {
    expect(readSetCookies(Array.from({ length: 80 }, (_, i) => `c${i}=1`))).to.have.length(50);
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 200 }), { maxLength: 5 }), (values) => {
        for (const cookie of readSetCookies(values)) expect(cookie.name.length).to.be.at.most(100);
      }),
      { numRuns: 300 },
    );
  });
});

describe('readHtmlSecurity', () => {
  const PAGE = 'https://www.shop.example/';

  it('finds CSP in <meta> inside the head only, and the meta referrer', () => {
    const facts = readHtmlSecurity(
      `<html><head><meta http-equiv="Content-Security-Policy" content="default-src 'self'"><meta name="referrer" content="no-referrer"></head>
      <body><meta http-equiv="content-security-policy" content="script-src *"></body></html>`,
      PAGE,
    );
    expect(facts.metaCsp).to.deep.equal(["default-src 'self'"]);
    expect(facts.metaReferrer).to.equal('no-referrer');
  });

  it('leaves the referrer policy the last valid <meta name=referrer> sets, wherever it is, as browsers apply each in turn', () => {
    const referrer = (html: string) => readHtmlSecurity(html, PAGE).metaReferrer;
    expect(referrer('<head><meta name="referrer" content="no-referrer"></head><body><meta name="Referrer" content="always"></body>')).to.equal('unsafe-url');
    expect(
      referrer('<meta name="referrer" content="never"><meta name="referrer" content="no-referrer, unsafe-url"><meta name="referrer" content="">'),
    ).to.equal('no-referrer');
    expect(referrer('<meta name=" referrer" content="unsafe-url"><meta name="referrer">')).to.equal(null);
  });

  it('lists scripts and stylesheets from other origins with whether each carries a well-formed integrity digest', () => {
    const digest = `sha384-${'A'.repeat(64)}`;
    const facts = readHtmlSecurity(
      `<script src="/own.js"></script><script src="https://cdn.example/a.js" integrity="${digest}" crossorigin="anonymous"></script>
      <script src="//cdn.example/b.js" integrity="md5-abc"></script><link rel="preload stylesheet" href="https://fonts.example/f.css">
      <link rel="icon" href="https://cdn.example/i.png"><script src="http://old.example/c.js"></script><script>inline()</script>`,
      PAGE,
    );
    expect(facts.crossOrigin).to.deep.equal([
      { kind: 'script', insecure: false, integrity: true },
      { kind: 'script', insecure: false, integrity: false },
      { kind: 'stylesheet', insecure: false, integrity: false },
      { kind: 'script', insecure: true, integrity: false },
    ]);
    expect(readHtmlSecurity('<base href="https://cdn.example/"><script src="x.js"></script>', PAGE).crossOrigin).to.have.length(1);
  });

  it('never throws and stays bounded, whatever the page (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), (html) => {
        const facts = readHtmlSecurity(html, PAGE);
        expect(facts.crossOrigin.length).to.be.at.most(200);
        expect(facts.metaCsp.length).to.be.at.most(5);
      }),
      { numRuns: 300 },
    );
  });
});
