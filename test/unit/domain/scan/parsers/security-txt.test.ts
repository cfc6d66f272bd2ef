import { expect } from 'chai';
import fc from 'fast-check';
import { parseSecurityTxt } from '../../../../../src/domain/scan/parsers/security-txt.js';

const NOW = new Date('2026-11-22T12:00:00Z');

const PLAIN = `# Our security address
Contact: mailto:security@example.com
Contact: https://example.com/security/report
Expires: 2027-06-30T23:59:59.000Z
Encryption: https://example.com/.well-known/pgp-key.txt
Acknowledgments: https://example.com/hall-of-fame
Preferred-Languages: en, de , fr
Canonical: https://example.com/.well-known/security.txt
Policy: https://example.com/security-policy
Hiring: https://example.com/jobs
CSAF: https://example.com/.well-known/csaf/provider-metadata.json
`;

// Shaped like the signed files large sites publish (dash-escaped line included).
const SIGNED = `-----BEGIN PGP SIGNED MESSAGE-----
Hash: SHA512

Contact: https://hackerone.example/acme
Expires: 2027-03-01T00:00:00+01:00
- Policy: https://acme.example/disclosure
Preferred-Languages: en
-----BEGIN PGP SIGNATURE-----

iQIzBAEBCgAdFiEEabcdefghijklmnopqrstuvwxyz0123456789ABCDEF
=abcd
-----END PGP SIGNATURE-----
`;

describe('parseSecurityTxt', () => {
  it('reads every RFC 9116 field and ignores unknown ones', () => {
    expect(parseSecurityTxt(PLAIN, NOW)).to.deep.equal({
      valid: true,
      contact: ['mailto:security@example.com', 'https://example.com/security/report'],
      expires: '2027-06-30T23:59:59.000Z',
      expiresAt: '2027-06-30T23:59:59.000Z',
      encryption: ['https://example.com/.well-known/pgp-key.txt'],
      acknowledgments: ['https://example.com/hall-of-fame'],
      preferredLanguages: ['en', 'de', 'fr'],
      canonical: ['https://example.com/.well-known/security.txt'],
      policy: ['https://example.com/security-policy'],
      hiring: ['https://example.com/jobs'],
      signed: false,
      fieldsNotUri: [],
      fieldsInsecure: [],
      unknownFieldCount: 1,
      invalidLineCount: 0,
      looksLikeHtml: false,
      errors: [],
      warnings: [],
    });
  });

  it('unwraps a cleartext-signed file and converts a zone offset to UTC', () => {
    const parsed = parseSecurityTxt(SIGNED, NOW);
    expect(parsed).to.include({ valid: true, signed: true, expiresAt: '2027-02-28T23:00:00.000Z', invalidLineCount: 0 });
    expect(parsed.policy).to.deep.equal(['https://acme.example/disclosure']);
    expect(parsed.contact).to.deep.equal(['https://hackerone.example/acme']);
    expect(parsed.warnings).to.deep.equal([]);
  });

  it('warns about a signed message whose signature block is missing', () => {
    const parsed = parseSecurityTxt('-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\nContact: mailto:a@example.com\nExpires: 2027-01-01T00:00:00Z\n', NOW);
    expect(parsed).to.include({ valid: true, signed: true });
    expect(parsed.warnings).to.deep.equal(['UNTERMINATED_SIGNATURE']);
  });

  it('requires Contact and Expires', () => {
    expect(parseSecurityTxt('Policy: https://example.com/p\n', NOW).errors).to.deep.equal(['NO_CONTACT', 'NO_EXPIRES']);
  });

  it('rejects a past, repeated or malformed Expires and warns when it is over a year ahead', () => {
    const contact = 'Contact: mailto:s@example.com\n';
    expect(parseSecurityTxt(`${contact}Expires: 2025-01-01T00:00:00Z\n`, NOW).errors).to.deep.equal(['EXPIRED']);
    expect(parseSecurityTxt(`${contact}Expires: 2027-01-01T00:00:00Z\nExpires: 2027-02-01T00:00:00Z\n`, NOW).errors).to.deep.equal(['MULTIPLE_EXPIRES']);
    expect(parseSecurityTxt(`${contact}Expires: Thu, 31 Dec 2026 18:37:07 GMT\n`, NOW)).to.include({ valid: false, expiresAt: null });
    expect(parseSecurityTxt(`${contact}Expires: 2027-02-30T00:00:00Z\n`, NOW).errors).to.deep.equal(['INVALID_EXPIRES']);
    const far = parseSecurityTxt(`${contact}Expires: 2028-01-01T00:00:00Z\n`, NOW);
    expect(far).to.include({ valid: true });
    expect(far.warnings).to.deep.equal(['EXPIRES_TOO_FAR']);
  });

  it('rejects Preferred-Languages given twice and keeps the first', () => {
    const parsed = parseSecurityTxt('Contact: mailto:s@example.com\nExpires: 2027-01-01T00:00:00Z\nPreferred-Languages: en\nPreferred-Languages: nl\n', NOW);
    expect(parsed.errors).to.deep.equal(['MULTIPLE_PREFERRED_LANGUAGES']);
    expect(parsed.preferredLanguages).to.deep.equal(['en']);
  });

  it('rejects a Contact that is not a URI and an http URI, as RFC 9116 §2.5 requires, and warns about junk lines', () => {
    const parsed = parseSecurityTxt('Contact: security@example.com\nContact: http://example.com/sec\nExpires: 2027-01-01T00:00:00Z\njust some words\n', NOW);
    expect(parsed.valid).to.equal(false);
    expect(parsed.invalidLineCount).to.equal(1);
    expect(parsed.errors).to.have.members(['CONTACT_NOT_URI', 'INSECURE_URI']);
    expect(parsed.fieldsNotUri).to.deep.equal(['Contact']);
    expect(parsed.fieldsInsecure).to.deep.equal(['Contact']);
    expect(parsed.warnings).to.deep.equal(['INVALID_LINES']);
  });

  it('rejects a non-URI in the other URI fields, and Preferred-Languages that are not language tags', () => {
    const parsed = parseSecurityTxt(
      'Contact: mailto:s@example.com\nExpires: 2027-01-01T00:00:00Z\nEncryption: our key on request\nPreferred-Languages: en, Deutsch!\n',
      NOW,
    );
    expect(parsed.errors).to.have.members(['INVALID_URI', 'INVALID_LANGUAGE']);
    expect(parsed.fieldsNotUri).to.deep.equal(['Encryption']);
    const fine = parseSecurityTxt(
      'Contact: mailto:s@example.com\nContact: tel:+31-20-555-0100\nExpires: 2027-01-01T00:00:00Z\nPreferred-Languages: en, nl-NL, zh-Hant\n',
      NOW,
    );
    expect(fine.errors).to.deep.equal([]);
  });

  it('recognizes an HTML soft-404 and empty files', () => {
    const html = parseSecurityTxt('<!DOCTYPE html><html lang="en"><head><title>Home</title></head><body>Contact: x</body></html>', NOW);
    expect(html).to.include({ valid: false, looksLikeHtml: true });
    expect(html.errors).to.deep.equal(['HTML']);
    expect(html.contact).to.deep.equal([]);
    expect(parseSecurityTxt('\n\n', NOW).errors).to.deep.equal(['EMPTY']);
  });

  it('caps repeated fields and oversized files', () => {
    const many = 'Contact: mailto:a@example.com\n'.repeat(50);
    const parsed = parseSecurityTxt(`${many}Expires: 2027-01-01T00:00:00Z\n${'# padding\n'.repeat(8000)}`, NOW);
    expect(parsed.contact).to.have.length(20);
    expect(parsed.warnings).to.include.members(['TOO_MANY_VALUES', 'TRUNCATED']);
  });

  it('returns a JSON-serializable value and never throws', () => {
    const parsed = parseSecurityTxt(SIGNED, NOW);
    expect(JSON.parse(JSON.stringify(parsed))).to.deep.equal(parsed);
    fc.assert(
      fc.property(fc.string({ maxLength: 1000 }), (text) => {
        expect(typeof parseSecurityTxt(text, NOW).valid).to.equal('boolean');
        expect(typeof parseSecurityTxt(`-----BEGIN PGP SIGNED MESSAGE-----\n${text}`, NOW).valid).to.equal('boolean');
      }),
      { numRuns: 200 },
    );
  });
});
