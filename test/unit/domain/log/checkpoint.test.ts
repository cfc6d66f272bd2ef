import { expect } from 'chai';
import { createHash, generateKeyPairSync, sign, verify, createPublicKey } from 'node:crypto';
import { checkpointText, logOrigin, parseCheckpoint } from '../../../../src/domain/log/checkpoint.js';
import { formatSignedNote, noteKeyId, parseSignedNote, verifySignedNote, type VerifyEd25519 } from '../../../../src/domain/log/signed-note.js';

const sha256 = (data: Uint8Array): Uint8Array => createHash('sha256').update(data).digest();
const ed25519: VerifyEd25519 = (publicKey, message, signature) =>
  verify(null, message, createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') }, format: 'jwk' }), signature);

// The example checkpoint of the C2SP specification: repository C2SP/C2SP, tlog-checkpoint.md.
const SPEC_BODY = 'example.com/behind-the-sofa\n20852163\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n';
const SPEC_NOTE = `${SPEC_BODY}\n— example.com/behind-the-sofa Az3grlgtzPICa5OS8npVmf1Myq/5IZniMp+ZJurmRDeOoRDe4URYN7u5/Zhcyv2q1gGzGku9nTo+zyWE+xeMcTOAYQ8=\n`;
const SPEC_ROOT = Buffer.from('CsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=', 'base64');

const ROOT = new Uint8Array(32).map((_, i) => i);
const ROOT_B64 = Buffer.from(ROOT).toString('base64');

describe('checkpoints', () => {
  it('parses and reproduces the example of the specification, inside its signed note', () => {
    const note = parseSignedNote(SPEC_NOTE);
    if ('error' in note) throw new Error(note.error);
    expect(note.text).to.equal(SPEC_BODY);
    expect(note.signatures[0]!.name).to.equal('example.com/behind-the-sofa');
    expect(Buffer.from(note.signatures[0]!.keyId).toString('hex')).to.equal('033de0ae');
    const checkpoint = parseCheckpoint(note.text);
    expect(checkpoint).to.deep.equal({ origin: 'example.com/behind-the-sofa', size: 20852163, root: new Uint8Array(SPEC_ROOT), extensions: [] });
    expect(checkpointText('example.com/behind-the-sofa', 20852163, SPEC_ROOT)).to.equal(SPEC_BODY);
  });

  it('round-trips a checkpoint of an empty tree, and keeps extension lines', () => {
    expect(checkpointText('vetted.example.org/log', 0, ROOT)).to.equal(`vetted.example.org/log\n0\n${ROOT_B64}\n`);
    expect(parseCheckpoint(checkpointText('vetted.example.org/log', 0, ROOT))).to.deep.equal({
      origin: 'vetted.example.org/log',
      size: 0,
      root: ROOT,
      extensions: [],
    });
    expect(parseCheckpoint(`o\n7\n${ROOT_B64}\nfirst extension\nsecond\n`)).to.deep.equal({
      origin: 'o',
      size: 7,
      root: ROOT,
      extensions: ['first extension', 'second'],
    });
    expect(parseCheckpoint(`o\n9007199254740991\n${ROOT_B64}\n`)).to.deep.include({ size: Number.MAX_SAFE_INTEGER });
  });

  it('signs a checkpoint as a note that verifies and parses back', () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const raw = new Uint8Array(Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url'));
    const origin = logOrigin('https://vetted.example.org');
    const key = { name: origin, keyId: noteKeyId(sha256, origin, raw), publicKey: raw };
    const text = checkpointText(origin, 42, ROOT);
    const note = formatSignedNote(text, [{ ...key, signature: new Uint8Array(sign(null, Buffer.from(text), privateKey)) }]);
    const verified = verifySignedNote(note, key, ed25519);
    if (!verified.ok) throw new Error(verified.reason);
    expect(parseCheckpoint(verified.text)).to.deep.equal({ origin: 'vetted.example.org/log', size: 42, root: ROOT, extensions: [] });
  });

  const refusals: Array<[string, string, string]> = [
    ['no final newline', `o\n1\n${ROOT_B64}`, 'NO_FINAL_NEWLINE'],
    ['an empty text', '', 'NO_FINAL_NEWLINE'],
    ['a control character', `o\t\n1\n${ROOT_B64}\n`, 'CONTROL_CHARACTER'],
    ['two lines', 'o\n1\n', 'TOO_FEW_LINES'],
    ['an empty origin', `\n1\n${ROOT_B64}\n`, 'EMPTY_ORIGIN'],
    ['a leading zero', `o\n01\n${ROOT_B64}\n`, 'BAD_TREE_SIZE'],
    ['an empty size', `o\n\n${ROOT_B64}\n`, 'BAD_TREE_SIZE'],
    ['a negative size', `o\n-1\n${ROOT_B64}\n`, 'BAD_TREE_SIZE'],
    ['a plus sign', `o\n+1\n${ROOT_B64}\n`, 'BAD_TREE_SIZE'],
    ['a decimal point', `o\n1.0\n${ROOT_B64}\n`, 'BAD_TREE_SIZE'],
    ['an exponent', `o\n1e3\n${ROOT_B64}\n`, 'BAD_TREE_SIZE'],
    ['hexadecimal', `o\n0x10\n${ROOT_B64}\n`, 'BAD_TREE_SIZE'],
    ['a space around the size', `o\n 1\n${ROOT_B64}\n`, 'BAD_TREE_SIZE'],
    ['a size above 2^53 - 1', `o\n9007199254740992\n${ROOT_B64}\n`, 'TREE_SIZE_TOO_LARGE'],
    ['a root of 31 bytes', `o\n1\n${Buffer.alloc(31).toString('base64')}\n`, 'BAD_ROOT_HASH'],
    ['a root of 33 bytes', `o\n1\n${Buffer.alloc(33).toString('base64')}\n`, 'BAD_ROOT_HASH'],
    ['an unpadded root', `o\n1\n${ROOT_B64.slice(0, -1)}\n`, 'BAD_ROOT_HASH'],
    ['a URL-safe root', `o\n1\n${Buffer.from(new Uint8Array(32).fill(0xfb)).toString('base64url')}=\n`, 'BAD_ROOT_HASH'],
    ['a root with non-zero unused bits', `o\n1\n${ROOT_B64.slice(0, -2)}x=\n`, 'BAD_ROOT_HASH'],
    ['an empty root', 'o\n1\n\n', 'BAD_ROOT_HASH'],
    ['an empty extension line', `o\n1\n${ROOT_B64}\n\n`, 'EMPTY_EXTENSION'],
    ['an empty line between extensions', `o\n1\n${ROOT_B64}\na\n\nb\n`, 'EMPTY_EXTENSION'],
  ];
  for (const [what, text, error] of refusals) {
    it(`refuses ${what} as ${error}`, () => {
      expect(parseCheckpoint(text)).to.deep.equal({ error });
    });
  }

  it('throws when asked to format an impossible checkpoint', () => {
    expect(() => checkpointText('', 1, ROOT)).to.throw(/origin/);
    expect(() => checkpointText('a\nb', 1, ROOT)).to.throw(/origin/);
    expect(() => checkpointText('o', -1, ROOT)).to.throw(/tree size/);
    expect(() => checkpointText('o', 1.5, ROOT)).to.throw(/tree size/);
    expect(() => checkpointText('o', 2 ** 53, ROOT)).to.throw(/tree size/);
    expect(() => checkpointText('o', 1, new Uint8Array(31))).to.throw(/32 bytes/);
  });

  describe('logOrigin', () => {
    it('is the host of the base URL, with a port only when it is not the default, plus /log', () => {
      expect(logOrigin('https://vetted.example.org')).to.equal('vetted.example.org/log');
      expect(logOrigin('http://localhost:8080')).to.equal('localhost:8080/log');
      expect(logOrigin('https://x.example:8443/base')).to.equal('x.example:8443/log');
      expect(logOrigin('https://Vetted.Example.org:443/')).to.equal('vetted.example.org/log');
    });
  });
});
