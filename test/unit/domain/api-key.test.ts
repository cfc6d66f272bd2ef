import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { expect } from 'chai';
import { API_KEY_RANDOM_BYTES, isApiKeyId, mintApiKey, parseApiKey } from '../../../src/domain/access/api-key.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const random = (bytes: number) => randomBytes(bytes).toString('base64url');
const mint = () => mintApiKey(random(API_KEY_RANDOM_BYTES.id), random(API_KEY_RANDOM_BYTES.secret));

// Written apart from the source so that the known answer below is checked against node:zlib, not against itself.
function base62(value: number, chars: number): string {
  let out = '';
  for (let i = 0, rest = value; i < chars; i++, rest = Math.floor(rest / 62)) out = BASE62[rest % 62]! + out;
  return out;
}

describe('API keys', () => {
  it('parses a minted key back to its id and to the key itself', () => {
    for (let i = 0; i < 200; i++) {
      const { key, id } = mint();
      expect(parseApiKey(key)).to.deep.equal({ ok: true, id, key });
      expect(id).to.equal(`key_${key.slice(4, 12)}`);
      expect(isApiKeyId(id)).to.equal(true);
    }
  });

  it('mints vtk_ and 44 base62 characters: 8 of id, 30 of secret, 6 of checksum', () => {
    for (let i = 0; i < 200; i++) {
      const { key } = mint();
      expect(key).to.match(/^vtk_[0-9A-Za-z]{44}$/);
    }
  });

  it('mints different keys and ids from different randomness', () => {
    const keys = new Set<string>();
    const ids = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const { key, id } = mint();
      keys.add(key);
      ids.add(id);
    }
    expect(keys.size).to.equal(500);
    expect(ids.size).to.equal(500);
    const id = random(API_KEY_RANDOM_BYTES.id);
    const [a, b] = [mintApiKey(id, random(24)), mintApiKey(id, random(24))];
    expect(a.id, 'the id comes from the id randomness only').to.equal(b.id);
    expect(a.key).to.not.equal(b.key);
  });

  it('mints the same key from the same randomness, and refuses no randomness at all', () => {
    const [id, secret] = [random(8), random(24)];
    expect(mintApiKey(id, secret)).to.deep.equal(mintApiKey(id, secret));
    expect(() => mintApiKey('', secret)).to.throw(RangeError);
    expect(() => mintApiKey(id, '')).to.throw(RangeError);
  });

  it('mints a known answer whose checksum is the reference CRC-32 of the head in base62', () => {
    const idRandom = Buffer.from([0, 1, 2, 3, 4, 5, 6, 7]).toString('base64url');
    const secretRandom = Buffer.from(Array.from({ length: 24 }, (_, i) => 100 + i)).toString('base64url');
    expect([idRandom, secretRandom]).to.deep.equal(['AAECAwQFBgc', 'ZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXp7']);

    const minted = mintApiKey(idRandom, secretRandom);

    expect(minted).to.deep.equal({ key: 'vtk_IYT0XLWRkuKGvyESraFofMfvSir53hCEJ6lMnz2QZs3h', id: 'key_IYT0XLWR' });
    const head = minted.key.slice(0, 42);
    expect(crc32(head)).to.equal(2_224_999_685);
    expect(minted.key.slice(42)).to.equal(base62(crc32(head), 6));
    expect(base62(crc32(head), 6)).to.equal('2QZs3h');
  });

  it('refuses every single-character substitution in the body or the checksum with reason checksum', () => {
    const { key } = mintApiKey('AAECAwQFBgc', 'ZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXp7');
    let tried = 0;
    for (let at = 4; at < key.length; at++) {
      for (const c of BASE62) {
        if (c === key[at]) continue;
        const typo = key.slice(0, at) + c + key.slice(at + 1);
        expect(parseApiKey(typo), `${c} at ${at}`).to.deep.equal({ ok: false, reason: 'checksum' });
        tried++;
      }
    }
    expect(tried).to.equal(44 * 61);
  });

  it('refuses two swapped neighbours, as a typo, with reason checksum', () => {
    const { key } = mint();
    for (let at = 4; at < key.length - 1; at++) {
      if (key[at] === key[at + 1]) continue;
      const swapped = key.slice(0, at) + key[at + 1] + key[at] + key.slice(at + 2);
      expect(parseApiKey(swapped), `swap at ${at}`).to.deep.equal({ ok: false, reason: 'checksum' });
    }
  });

  it('refuses a wrong prefix, a wrong length or characters outside base62 with reason shape', () => {
    const { key } = mint();
    const body = key.slice(4);
    const shaped = [
      '',
      'vtk_',
      `VTK_${body}`,
      `vtk-${body}`,
      `ghp_${body}`,
      body,
      `vtk_${body}`.slice(0, -1),
      `vtk_${body}A`,
      `vtk_${body.slice(0, 20)}-${body.slice(21)}`,
      `vtk_${body.slice(0, 20)}_${body.slice(21)}`,
      `vtk_${body.slice(0, 20)}é${body.slice(21)}`,
      `vtk_${body.slice(0, 43)} `,
      ` ${key}`,
      `${key}\n`,
    ];
    for (const text of shaped) expect(parseApiKey(text), JSON.stringify(text)).to.deep.equal({ ok: false, reason: 'shape' });
  });

  it('recognizes the key id shape: key_ and 8 base62 characters', () => {
    expect(isApiKeyId('key_IYT0XLWR')).to.equal(true);
    expect(isApiKeyId('key_00000000')).to.equal(true);
    expect(isApiKeyId('key_IYT0XLW')).to.equal(false);
    expect(isApiKeyId('key_IYT0XLWRx')).to.equal(false);
    expect(isApiKeyId('KEY_IYT0XLWR')).to.equal(false);
    expect(isApiKeyId('key_IYT0XLW-')).to.equal(false);
    expect(isApiKeyId('vtk_IYT0XLWR')).to.equal(false);
    expect(isApiKeyId('vtk_IYT0XLWRkuKGvyESraFofMfvSir53hCEJ6lMnz2QZs3h')).to.equal(false);
    expect(isApiKeyId("key_IYT0XLWR' OR 1=1")).to.equal(false);
    expect(isApiKeyId('key_IYT0XLWR\n')).to.equal(false);
  });
});
