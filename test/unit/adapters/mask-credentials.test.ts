import { expect } from 'chai';
import fc from 'fast-check';
import { loggablePath } from '../../../src/adapters/http/loggable-path.js';
import { maskCredentials } from '../../../src/adapters/shared/mask-credentials.js';

describe('maskCredentials', () => {
  it('masks the user information of every URL in a text, in any scheme', () => {
    expect(maskCredentials('postgres://vetted:s3cret@db:5432/v and smtp://u:p@mail:587')).to.equal('postgres://***@db:5432/v and smtp://***@mail:587');
    expect(maskCredentials('mysql://u:pw@h/db')).to.equal('mysql://***@h/db');
    expect(maskCredentials('{"msg":"connect to http://user@host failed"}')).to.equal('{"msg":"connect to http://***@host failed"}');
    expect(maskCredentials('redis:%2F%2Fu:pw@h')).to.equal('redis:%2F%2F***@h');
    expect(maskCredentials('postgres://u:p@ss@db/v')).to.equal('postgres://***@db/v');
  });

  it('leaves texts without credentials as they are: addresses, paths, plain URLs', () => {
    for (const text of ['owner@example.com wrote', 'https://example.com/a@b', 'mailto:someone@example.com', 'GET /verify/example.com']) {
      expect(maskCredentials(text)).to.equal(text);
    }
  });

  it('never lets a planted password through, whatever surrounds the URL', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('postgres', 'smtps', 'http', 'mysql'),
        fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=%-]{1,20}$/),
        fc.string({ maxLength: 20 }),
        (scheme, user, around) => {
          const password = 'PLANTEDsecret42';
          const masked = maskCredentials(`${around} ${scheme}://${user}:${password}@db.example.com/x ${around}`);
          expect(masked).not.to.contain(password);
        },
      ),
    );
  });
});

describe('loggablePath', () => {
  it('redacts a confirmation token whatever the case or encoding of the path', () => {
    for (const path of [
      '/confirm/tok',
      '/CONFIRM/tok',
      '/Confirm/tok/',
      '/%63onfirm/tok',
      '/%2Fconfirm%2Ftok',
      '//confirm/tok',
      '/%252Fconfirm%252Ftok',
      '/confirm%2Ftok',
    ]) {
      expect(loggablePath(path), path).not.to.contain('tok');
      expect(loggablePath(path), path).to.match(/\/confirm\/\[redacted\]$/);
    }
  });

  it('redacts a registration page token, and its check, whatever the case or encoding', () => {
    for (const path of ['/registrations/tok', '/REGISTRATIONS/tok/check', '/%72egistrations/tok', '/%2Fregistrations%2Ftok']) {
      expect(loggablePath(path), path).to.equal('/registrations/[redacted]');
    }
    expect(loggablePath('/register')).to.equal('/register');
  });

  it('keeps every other path as it came', () => {
    for (const path of ['/verify/example.com', '/reports/rpt_1', '/confirmation-help', '/%E0%A4%A']) expect(loggablePath(path)).to.equal(path);
  });
});
