import { createHash } from 'node:crypto';
import type { ReportSignature, ReportSigner } from '../../src/application/ports/report-signer.js';

/** Signs nothing for real: the digest of JSON.stringify and a fixed key id. */
export class FakeReportSigner implements ReportSigner {
  async sign(content: object): Promise<ReportSignature> {
    const contentSha256 = createHash('sha256').update(JSON.stringify(content)).digest('hex');
    return { contentSha256, algorithm: 'Ed25519', keyId: 'fake-key', value: `sig-${contentSha256.slice(0, 8)}` };
  }

  async signCompactJws(claims: object): Promise<string> {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${part({ alg: 'none', kid: 'fake-key' })}.${part(claims)}.fake`;
  }

  async signNote(text: string, keyName: string): Promise<string> {
    return `${text}\n— ${keyName} ZmFrZQ==\n`;
  }

  async noteVerifierKey(keyName: string): Promise<string> {
    return `${keyName}+00000000+AQ==`;
  }

  async publicJwks(): Promise<{ keys: object[] }> {
    return { keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'fake', kid: 'fake-key', use: 'sig', alg: 'EdDSA' }] };
  }
}
