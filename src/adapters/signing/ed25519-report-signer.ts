import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { ReportSignature, ReportSigner } from '../../application/ports/report-signer.js';
import { SigningKeyStore } from '../../application/ports/signing-key-store.js';
import { contentDigest } from './content-digest.js';
import { ed25519PublicJwk, type Ed25519PublicJwk } from './ed25519-public-jwk.js';
import { parseSigningKey } from '../shared/parse-signing-key.js';
import { ReportSigningOptions } from './report-signing-options.js';
import { formatSignedNote, noteKeyId, verifierKey } from '../../domain/log/signed-note.js';

const sha256 = (data: Uint8Array): Uint8Array => createHash('sha256').update(data).digest();

interface ResolvedKey {
  readonly privateKey: KeyObject;
  readonly jwk: Ed25519PublicJwk;
}

/**
 * Signs reports with one Ed25519 key: REPORT_SIGNING_KEY when configured, else the key in the
 * SigningKeyStore, else a new key stored there (the first instance to store one wins).
 * The key is resolved on first use; an invalid REPORT_SIGNING_KEY rejects that call with an
 * Error naming the setting.
 */
@injectable()
export class Ed25519ReportSigner implements ReportSigner {
  private key: Promise<ResolvedKey> | undefined;

  constructor(
    @inject(SigningKeyStore) private readonly store: SigningKeyStore,
    @inject(ReportSigningOptions) private readonly options: ReportSigningOptions,
  ) {}

  async sign(content: object): Promise<ReportSignature> {
    const { privateKey, jwk } = await this.resolvedKey();
    const digest = contentDigest(content);
    return {
      contentSha256: digest.toString('hex'),
      algorithm: 'Ed25519',
      keyId: jwk.kid,
      value: sign(null, digest, privateKey).toString('base64url'),
    };
  }

  async signCompactJws(claims: object): Promise<string> {
    const { privateKey, jwk } = await this.resolvedKey();
    const part = (value: object) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
    const signingInput = `${part({ alg: 'EdDSA', typ: 'JWT', kid: jwk.kid })}.${part(claims)}`;
    return `${signingInput}.${sign(null, Buffer.from(signingInput, 'ascii'), privateKey).toString('base64url')}`;
  }

  async signNote(text: string, keyName: string): Promise<string> {
    const { privateKey, jwk } = await this.resolvedKey();
    const publicKey = new Uint8Array(Buffer.from(jwk.x, 'base64url'));
    const signature = new Uint8Array(sign(null, Buffer.from(text, 'utf8'), privateKey));
    return formatSignedNote(text, [{ name: keyName, keyId: noteKeyId(sha256, keyName, publicKey), signature }]);
  }

  async noteVerifierKey(keyName: string): Promise<string> {
    const { jwk } = await this.resolvedKey();
    return verifierKey(sha256, keyName, new Uint8Array(Buffer.from(jwk.x, 'base64url')));
  }

  async publicJwks(): Promise<{ keys: object[] }> {
    const { jwk } = await this.resolvedKey();
    return { keys: [{ ...jwk }] };
  }

  private resolvedKey(): Promise<ResolvedKey> {
    if (!this.key) {
      const pending = this.resolve();
      this.key = pending;
      // A failed store read (the database briefly away) must not break signing for good: retry next time.
      pending.catch(() => {
        if (this.key === pending) this.key = undefined;
      });
    }
    return this.key;
  }

  private async resolve(): Promise<ResolvedKey> {
    const configured = this.options.configuredKey;
    if (configured !== undefined) return withJwk(parseSigningKey(configured, 'REPORT_SIGNING_KEY'));
    const stored = (await this.store.load()) ?? (await this.store.saveIfAbsent(newPrivateKeyPem()));
    return withJwk(parseSigningKey(stored, 'The stored report-signing key'));
  }
}

function newPrivateKeyPem(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
}

function withJwk(privateKey: KeyObject): ResolvedKey {
  return { privateKey, jwk: ed25519PublicJwk(privateKey) };
}
