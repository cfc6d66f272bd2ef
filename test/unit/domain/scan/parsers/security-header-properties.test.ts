import { expect } from 'chai';
import fc from 'fast-check';
import { judgeCsp, parseCspPolicies, type ScriptProtection } from '../../../../../src/domain/scan/parsers/csp-policy.js';
import { parseHsts } from '../../../../../src/domain/scan/parsers/hsts-header.js';
import { isNosniff, parseFrameOptions, parseReferrerPolicy, REFERRER_POLICIES } from '../../../../../src/domain/scan/parsers/response-headers.js';

const RUNS = { numRuns: 300 };
const HUGE = `${'x, '.repeat(400_000)}nosniff`;
/** A value with surrounding HTTP whitespace and its ASCII letters in any case. */
const spelled = (token: string) => fc.tuple(fc.mixedCase(fc.constant(token)), fc.constantFrom('', ' ', '\t', '  ')).map(([t, pad]) => `${pad}${t}${pad}`);
const noComma = (maxLength = 30) => fc.string({ maxLength }).filter((s) => !s.includes(','));
const unknownReferrerToken = noComma().filter((s) => !(REFERRER_POLICIES as readonly string[]).includes(s.trim().toLowerCase()));

describe('Referrer-Policy (W3C Referrer Policy §8.1), properties', () => {
  it('never throws, answers a defined policy or null, and reads at most 4096 characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (value) => {
        const policy = parseReferrerPolicy(value);
        expect(policy === null || (REFERRER_POLICIES as readonly string[]).includes(policy)).to.equal(true);
      }),
      RUNS,
    );
    expect(parseReferrerPolicy(`${' '.repeat(4096)}, no-referrer`)).to.equal(null);
    expect(parseReferrerPolicy(HUGE)).to.equal(null);
  });

  it('never changes when a token browsers do not recognize is appended', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), unknownReferrerToken, (value, unknown) => {
        expect(parseReferrerPolicy(`${value},${unknown}`)).to.equal(parseReferrerPolicy(value));
      }),
      RUNS,
    );
  });

  it('takes the last recognized token, whatever its case and surrounding whitespace', () => {
    const token = fc.oneof(
      fc.constantFrom(...REFERRER_POLICIES).chain((p) => spelled(p).map((text) => ({ text, policy: p as string | null }))),
      unknownReferrerToken.map((text) => ({ text, policy: null })),
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 8 }), (tokens) => {
        const last =
          tokens
            .map((t) => t.policy)
            .filter((p) => p !== null)
            .at(-1) ?? null;
        expect(parseReferrerPolicy(tokens.map((t) => t.text).join(','))).to.equal(last);
      }),
      RUNS,
    );
  });
});

describe('X-Content-Type-Options (WHATWG Fetch), properties', () => {
  it('is decided by the first value alone, whatever follows', () => {
    fc.assert(
      fc.property(noComma(), fc.string({ maxLength: 100 }), (first, rest) => {
        expect(isNosniff(`${first},${rest}`)).to.equal(isNosniff(first));
      }),
      RUNS,
    );
  });

  it('takes nosniff in any ASCII case, between HTTP whitespace', () => {
    fc.assert(
      fc.property(spelled('nosniff'), fc.string({ maxLength: 50 }), (first, rest) => {
        expect(isNosniff(first)).to.equal(true);
        expect(isNosniff(`${first},${rest}`)).to.equal(true);
      }),
      RUNS,
    );
  });

  it('never throws and reads a bounded prefix', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (value) => {
        expect(isNosniff(value)).to.be.a('boolean');
      }),
      RUNS,
    );
    expect(isNosniff(HUGE)).to.equal(false);
  });
});

describe('X-Frame-Options (WHATWG HTML), properties', () => {
  const value = fc.oneof(fc.constantFrom('DENY', 'deny', 'SameOrigin', 'ALLOWALL', 'ALLOW-FROM https://a.example', '', 'junk'), noComma(12));

  it('reads the values as a set: their order and repetition never matter', () => {
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 5 }), fc.nat(), (values, seed) => {
        const shuffled = [...values].sort((a, b) => ((a.length * 31 + seed) % 7) - ((b.length * 31 + seed) % 7));
        const expected = parseFrameOptions(values.join(','));
        expect(parseFrameOptions(shuffled.join(','))).to.equal(expected);
        expect(parseFrameOptions([...values, values[seed % values.length]!].join(','))).to.equal(expected);
      }),
      RUNS,
    );
  });

  it('blocks framing whenever one of several values is DENY, and never throws', () => {
    fc.assert(
      fc.property(fc.array(value, { maxLength: 4 }), spelled('deny'), fc.nat(4), (values, deny, at) => {
        const list = [...values];
        list.splice(Math.min(at, list.length), 0, deny);
        expect(parseFrameOptions(list.join(','))).not.to.equal('allow');
      }),
      RUNS,
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (v) => {
        expect(['deny', 'sameorigin', 'allow']).to.include(parseFrameOptions(v));
      }),
      RUNS,
    );
  });
});

describe('Strict-Transport-Security (RFC 6797 §6.1), properties', () => {
  const directives = fc
    .tuple(fc.nat({ max: 100_000_000 }), fc.subarray(['includeSubDomains', 'preload', 'x-ext=1', 'report="https://r.example"']))
    .map(([age, others]) => [`max-age=${age}`, ...others]);

  it('makes a header invalid when any directive repeats, in any case and with any value', () => {
    fc.assert(
      fc.property(directives, fc.nat(), fc.nat(), (list, pick, at) => {
        expect(parseHsts(list.join('; ')).valid).to.equal(true);
        const copy = list[pick % list.length]!.replace(/^[^=]+/, (name) => name.toUpperCase()).replace(/=.*$/, '=2');
        const repeated = [...list];
        repeated.splice(at % (list.length + 1), 0, copy);
        expect(parseHsts(repeated.join('; ')))
          .to.include({ valid: false })
          .and.to.have.property('errors')
          .that.deep.equals(['DUPLICATE_DIRECTIVE']);
      }),
      RUNS,
    );
  });
});

describe('Content Security Policy (CSP Level 3), properties', () => {
  const RANK: Record<ScriptProtection, number> = { protected: 2, eval_allowed: 1, unprotected: 0 };
  const source = fc.constantFrom(
    "'self'",
    "'none'",
    "'unsafe-inline'",
    "'unsafe-eval'",
    "'strict-dynamic'",
    "'nonce-r4nd0m'",
    "'sha256-abc'",
    '*',
    'https:',
    'https://*',
    'cdn.example',
    'data:',
  );
  const name = fc.constantFrom('default-src', 'script-src', 'script-src-elem', 'script-src-attr', 'object-src', 'base-uri', 'frame-ancestors');
  const directive = fc.tuple(name, fc.array(source, { maxLength: 4 })).map(([n, s]) => [n, ...s].join(' '));
  const policy = fc.oneof(
    { weight: 4, arbitrary: fc.array(directive, { maxLength: 5 }).map((d) => d.join('; ')) },
    { weight: 1, arbitrary: fc.string({ maxLength: 80 }) },
  );

  it('never weakens the combined protection when a second enforced policy is added, by header or by <meta>', () => {
    fc.assert(
      fc.property(policy, policy, fc.boolean(), (first, second, asMeta) => {
        const one = judgeCsp(parseCspPolicies([first], []));
        const two = judgeCsp(asMeta ? parseCspPolicies([first], [second]) : parseCspPolicies([first, second], []));
        expect(RANK[two.scripts]).to.be.at.least(RANK[one.scripts]);
        if (one.objectsRestricted) expect(two.objectsRestricted).to.equal(true);
        if (one.baseUriRestricted) expect(two.baseUriRestricted).to.equal(true);
        if (one.frameAncestors === 'restricted') expect(two.frameAncestors).to.equal('restricted');
      }),
      RUNS,
    );
  });

  it('never counts frame-ancestors from a <meta> policy', () => {
    fc.assert(
      fc.property(fc.array(policy, { maxLength: 2 }), fc.array(policy, { maxLength: 2 }), fc.array(source, { maxLength: 3 }), (headers, metas, sources) => {
        const withFraming = [...metas, `frame-ancestors ${sources.join(' ')}`];
        expect(judgeCsp(parseCspPolicies(headers, withFraming)).frameAncestors).to.equal(judgeCsp(parseCspPolicies(headers, [])).frameAncestors);
      }),
      RUNS,
    );
  });
});
