import { expect } from 'chai';
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import {
  decodeBase64Strict,
  formatSignedNote,
  noteKeyId,
  parseSignedNote,
  parseVerifierKey,
  verifierKey,
  verifySignedNote,
  type NoteVerifierKey,
  type VerifyEd25519,
} from '../../../../src/domain/log/signed-note.js';
import type { Sha256 } from '../../../../src/domain/log/merkle.js';

const sha256: Sha256 = (data) => createHash('sha256').update(data).digest();
const ed25519: VerifyEd25519 = (publicKey, message, signature) =>
  verify(null, message, createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') }, format: 'jwk' }), signature);

// Known-answer vectors copied from the Go module golang.org/x/mod: repository golang/mod,
// sumdb/note/note_test.go (TestNewVerifier, TestSign, TestOpen).
const PETER_VKEY = 'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW';
const PETER_SKEY = 'PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz';
const ENOCH_VKEY = 'EnochRoot+af0cfe78+ATtqJ7zOtqQtYqOo0CpvDXNlMhV3HeJDpjrASKGLWdop';
const TEXT = "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
const PETER_SIG = '— PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n';
const ENOCH_SIG = '— EnochRoot rwz+eBzmZa0SO3NbfRGzPCpDckykFXSdeX+MNtCOXm2/5n2tiOHp+vAF1aGrQ5ovTG01oOTGwnWLox33WWd1RvMc+QQ=\n';
const PETER_NOTE = `${TEXT}\n${PETER_SIG}`;

function rawKey(vkey: string): Uint8Array {
  return new Uint8Array(Buffer.from(vkey.split('+').slice(2).join('+'), 'base64').subarray(1));
}
const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

function freshKey(name: string): { key: NoteVerifierKey; privateKey: KeyObject } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = new Uint8Array(Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url'));
  return { key: { name, keyId: noteKeyId(sha256, name, raw), publicKey: raw }, privateKey };
}
const signText = (text: string, privateKey: KeyObject): Uint8Array => new Uint8Array(sign(null, Buffer.from(text, 'utf8'), privateKey));

describe('signed notes', () => {
  const peter = parseVerifierKey(sha256, PETER_VKEY)!;
  const enoch = parseVerifierKey(sha256, ENOCH_VKEY)!;

  describe('the Go sumdb/note vectors', () => {
    it('computes the key ids and verifier key strings from the public keys', () => {
      expect(hex(noteKeyId(sha256, 'PeterNeumann', rawKey(PETER_VKEY)))).to.equal('c74f20a3');
      expect(hex(noteKeyId(sha256, 'EnochRoot', rawKey(ENOCH_VKEY)))).to.equal('af0cfe78');
      expect(verifierKey(sha256, 'PeterNeumann', rawKey(PETER_VKEY))).to.equal(PETER_VKEY);
      expect(verifierKey(sha256, 'EnochRoot', rawKey(ENOCH_VKEY))).to.equal(ENOCH_VKEY);
    });

    it('parses the verifier keys, an upper-case id too, as Go does', () => {
      expect(peter).to.deep.equal({ name: 'PeterNeumann', keyId: new Uint8Array([0xc7, 0x4f, 0x20, 0xa3]), publicKey: rawKey(PETER_VKEY) });
      expect(enoch.name).to.equal('EnochRoot');
      expect(hex(parseVerifierKey(sha256, 'PeterNeumann+C74F20A3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW')!.keyId)).to.equal('c74f20a3');
    });

    it('refuses every proper substring and every single-byte increment of a verifier key, and the Go bad keys', () => {
      for (let i = 0; i <= PETER_VKEY.length; i++) {
        for (let j = i + 1; j <= PETER_VKEY.length; j++) {
          if (i !== 0 || j !== PETER_VKEY.length) expect(parseVerifierKey(sha256, PETER_VKEY.slice(i, j)), PETER_VKEY.slice(i, j)).to.equal(undefined);
        }
      }
      for (let i = 0; i < PETER_VKEY.length; i++) {
        const mangled = PETER_VKEY.slice(0, i) + String.fromCharCode(PETER_VKEY.charCodeAt(i) + 1) + PETER_VKEY.slice(i + 1);
        expect(parseVerifierKey(sha256, mangled), mangled).to.equal(undefined);
      }
      expect(parseVerifierKey(sha256, 'PeterNeumann+cc469956+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TWBADKEY==')).to.equal(undefined);
      expect(parseVerifierKey(sha256, 'PeterNeumann+173116ae+ZRpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW')).to.equal(undefined);
    });

    it('verifies the known note with a real Ed25519 check, and both signatures of the doubly signed one', () => {
      expect(verifySignedNote(PETER_NOTE, peter, ed25519)).to.deep.equal({ ok: true, text: TEXT });
      expect(verifySignedNote(PETER_NOTE, enoch, ed25519)).to.deep.equal({ ok: false, reason: 'NO_SIGNATURE_BY_KEY' });
      const both = `${TEXT}\n${PETER_SIG}${ENOCH_SIG}`;
      expect(verifySignedNote(both, peter, ed25519)).to.deep.equal({ ok: true, text: TEXT });
      expect(verifySignedNote(both, enoch, ed25519)).to.deep.equal({ ok: true, text: TEXT });
      expect(verifySignedNote(new Uint8Array(Buffer.from(both)), enoch, ed25519)).to.deep.equal({ ok: true, text: TEXT });
    });

    it('reproduces the known note byte for byte from the text and a signature by the Go test seed', () => {
      const seed = Buffer.from(PETER_SKEY.split('+').slice(4).join('+'), 'base64').subarray(1);
      const privateKey = createPrivateKey({ key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]), format: 'der', type: 'pkcs8' });
      const signature = signText(TEXT, privateKey);
      expect(formatSignedNote(TEXT, [{ name: 'PeterNeumann', keyId: peter.keyId, signature }])).to.equal(PETER_NOTE);
      const parsed = parseSignedNote(`${TEXT}\n${PETER_SIG}${ENOCH_SIG}`);
      if ('error' in parsed) throw new Error(parsed.error);
      expect(hex(parsed.signatures[0]!.signature)).to.equal(hex(signature));
      expect(formatSignedNote(parsed.text, parsed.signatures)).to.equal(`${TEXT}\n${PETER_SIG}${ENOCH_SIG}`);
    });

    it('fails when any single byte of the text changes', () => {
      for (let i = 0; i < TEXT.length; i++) {
        const changed = TEXT.slice(0, i) + String.fromCharCode(TEXT.charCodeAt(i) ^ 1) + TEXT.slice(i + 1);
        expect(verifySignedNote(`${changed}\n${PETER_SIG}`, peter, ed25519).ok, `text byte ${i}`).to.equal(false);
      }
    });

    it('fails when any single byte of the key id or signature changes', () => {
      const parsed = parseSignedNote(PETER_NOTE);
      if ('error' in parsed) throw new Error(parsed.error);
      const { keyId, signature } = parsed.signatures[0]!;
      for (let i = 0; i < keyId.length + signature.length; i++) {
        const bytes = new Uint8Array([...keyId, ...signature]);
        bytes[i]! ^= 0x01;
        const note = formatSignedNote(TEXT, [{ name: 'PeterNeumann', keyId: bytes.slice(0, 4), signature: bytes.slice(4) }]);
        const expected = i < 4 ? 'NO_SIGNATURE_BY_KEY' : 'BAD_SIGNATURE';
        expect(verifySignedNote(note, peter, ed25519), `byte ${i}`).to.deep.equal({ ok: false, reason: expected });
      }
    });

    it('fails on the Go test signature with bytes inserted, which still decodes', () => {
      expect(verifySignedNote(`${TEXT}\n${PETER_SIG.slice(0, 60)}ABCD${PETER_SIG.slice(60)}`, peter, ed25519)).to.deep.equal({
        ok: false,
        reason: 'BAD_SIGNATURE',
      });
    });
  });

  describe('with fresh keys', () => {
    const alice = freshKey('log.example/alice');
    const bob = freshKey('log.example/bob');

    it('round-trips a verifier key', () => {
      const text = verifierKey(sha256, alice.key.name, alice.key.publicKey);
      expect(text).to.match(/^log\.example\/alice\+[0-9a-f]{8}\+[A-Za-z0-9+/]{44}$/);
      expect(parseVerifierKey(sha256, text)).to.deep.equal(alice.key);
    });

    it('verifies each of several signatures and ignores lines of other keys and unknown names', () => {
      const text = 'log.example\n5\nsome text with a\n\nblank line\n';
      const unknown = { name: 'unknown.example/key', keyId: new Uint8Array([1, 2, 3, 4]), signature: new Uint8Array(64).fill(7) };
      const sameName = { name: alice.key.name, keyId: new Uint8Array([9, 9, 9, 9]), signature: new Uint8Array(64) };
      const sameId = { name: 'log.example/carol', keyId: alice.key.keyId, signature: new Uint8Array(64) };
      const note = formatSignedNote(text, [
        unknown,
        sameName,
        sameId,
        { name: bob.key.name, keyId: bob.key.keyId, signature: signText(text, bob.privateKey) },
        { name: alice.key.name, keyId: alice.key.keyId, signature: signText(text, alice.privateKey) },
      ]);
      expect(verifySignedNote(note, alice.key, ed25519)).to.deep.equal({ ok: true, text });
      expect(verifySignedNote(note, bob.key, ed25519)).to.deep.equal({ ok: true, text });
      const parsed = parseSignedNote(note);
      if ('error' in parsed) throw new Error(parsed.error);
      expect(parsed.text).to.equal(text);
      expect(parsed.signatures.map((s) => s.name)).to.deep.equal([
        'unknown.example/key',
        'log.example/alice',
        'log.example/carol',
        'log.example/bob',
        'log.example/alice',
      ]);
    });

    it('lets the first line of the key decide, so a bad signature before a good one rejects the note', () => {
      const text = 'hello\n';
      const good = { ...alice.key, signature: signText(text, alice.privateKey) };
      const bad = { ...alice.key, signature: signText('other\n', alice.privateKey) };
      expect(verifySignedNote(formatSignedNote(text, [bad, good]), alice.key, ed25519)).to.deep.equal({ ok: false, reason: 'BAD_SIGNATURE' });
      expect(verifySignedNote(formatSignedNote(text, [good, bad]), alice.key, ed25519)).to.deep.equal({ ok: true, text });
    });

    it('signs and verifies non-ASCII text as UTF-8 and keeps a leading BOM of a byte note', () => {
      const text = '\uFEFFed è subito sera — 🌅\n';
      const note = formatSignedNote(text, [{ ...alice.key, signature: signText(text, alice.privateKey) }]);
      expect(verifySignedNote(new Uint8Array(Buffer.from(note, 'utf8')), alice.key, ed25519)).to.deep.equal({ ok: true, text });
    });
  });

  describe('refusals', () => {
    const refusals: Array<[string, string | Uint8Array, string]> = [
      ['no final newline', `${TEXT}\n${PETER_SIG.slice(0, -1)}`, 'NO_FINAL_NEWLINE'],
      ['no blank line', `${TEXT}${PETER_SIG}`, 'NO_BLANK_LINE'],
      ['text alone', TEXT, 'NO_BLANK_LINE'],
      ['a blank line and no signature', `${TEXT}\n`, 'NO_SIGNATURES'],
      ['a hyphen for the em dash', `${TEXT}\n${PETER_SIG.replace('—', '-')}`, 'NO_EM_DASH'],
      ['a line after the signatures', `${TEXT}\n${PETER_SIG}Unexpected line.\n`, 'NO_EM_DASH'],
      ['a control character', `\u0001${PETER_NOTE}`, 'CONTROL_CHARACTER'],
      ['a carriage return', PETER_NOTE.replace('\n', '\r\n'), 'CONTROL_CHARACTER'],
      ['invalid UTF-8', new Uint8Array([0xff, ...Buffer.from(PETER_NOTE)]), 'INVALID_UTF8'],
      ['a lone surrogate', `\uD800${PETER_NOTE}`, 'INVALID_UTF8'],
      ['a name with +', `${TEXT}\n${PETER_SIG.replace('PeterNeumann', 'Peter+Neumann')}`, 'BAD_KEY_NAME'],
      ['a name with a no-break space', `${TEXT}\n${PETER_SIG.replace('PeterNeumann', 'Peter\u00A0Neumann')}`, 'BAD_KEY_NAME'],
      ['an empty name', `${TEXT}\n${PETER_SIG.replace('PeterNeumann', '')}`, 'BAD_KEY_NAME'],
      ['a name with a space', `${TEXT}\n${PETER_SIG.replace('PeterNeumann', 'Peter Neumann')}`, 'BAD_BASE64'],
      ['no signature after the name', `${TEXT}\n— PeterNeumann\n`, 'BAD_BASE64'],
      ['a character outside base64', `${TEXT}\n${PETER_SIG.replace('x08go/', 'x08go_')}`, 'BAD_BASE64'],
      ['missing padding', `${TEXT}\n${PETER_SIG.replace('=\n', '\n')}`, 'BAD_BASE64'],
      ['non-zero unused bits', `${TEXT}\n${PETER_SIG.replace('AM=', 'AN=')}`, 'BAD_BASE64'],
      ['a signature of four bytes', `${TEXT}\n— PeterNeumann x08gow==\n`, 'SHORT_SIGNATURE'],
      ['101 signatures', `${TEXT}\n${PETER_SIG.repeat(101)}`, 'TOO_MANY_SIGNATURES'],
      ['more than 1 MiB', `${'a'.repeat(1024 * 1024)}\n\n${PETER_SIG}`, 'TOO_LARGE'],
      ['more than 1 MiB of UTF-8 in fewer code units', `${'é'.repeat(512 * 1024)}\n\n${PETER_SIG}`, 'TOO_LARGE'],
      ['more than 1 MiB of bytes', new Uint8Array(1024 * 1024 + 1).fill(0x61), 'TOO_LARGE'],
    ];
    for (const [what, note, error] of refusals) {
      it(`refuses ${what} as ${error}`, () => {
        expect(parseSignedNote(note)).to.deep.equal({ error });
        expect(verifySignedNote(note, peter, ed25519)).to.deep.equal({ ok: false, reason: error });
      });
    }

    it('accepts 100 signatures', () => {
      expect(verifySignedNote(`${TEXT}\n${PETER_SIG.repeat(100)}`, peter, ed25519)).to.deep.equal({ ok: true, text: TEXT });
    });

    it('throws when asked to format a note that would not parse', () => {
      const sig = { name: 'a', keyId: new Uint8Array(4), signature: new Uint8Array(64) };
      expect(() => formatSignedNote('no newline', [sig])).to.throw(/newline/);
      expect(() => formatSignedNote('tab\there\n', [sig])).to.throw(/control/);
      expect(() => formatSignedNote('x\n', [])).to.throw(/at least one/);
      expect(() => formatSignedNote('x\n', [{ ...sig, name: 'a b' }])).to.throw(/invalid note signature/);
      expect(() => formatSignedNote('x\n', [{ ...sig, keyId: new Uint8Array(3) }])).to.throw(/invalid note signature/);
      expect(() => formatSignedNote('x\n', [{ ...sig, signature: new Uint8Array(0) }])).to.throw(/invalid note signature/);
      expect(() => noteKeyId(sha256, 'a+b', new Uint8Array(32))).to.throw(/name/);
      expect(() => verifierKey(sha256, 'a', new Uint8Array(31))).to.throw(/32 bytes/);
    });

    it('decodes only canonical padded base64', () => {
      expect(decodeBase64Strict('')).to.deep.equal(new Uint8Array(0));
      expect(decodeBase64Strict('AAE=')).to.deep.equal(new Uint8Array([0, 1]));
      for (const bad of ['AAE', 'AAF=', 'AA-_', 'AA E=', 'AAE==', '====']) expect(decodeBase64Strict(bad), bad).to.equal(undefined);
    });
  });
});
