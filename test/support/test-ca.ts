// @peculiar/x509 uses tsyringe, which needs the Reflect metadata polyfill loaded first.
import 'reflect-metadata';
import { KeyObject, randomBytes, webcrypto } from 'node:crypto';
import { isIP } from 'node:net';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto);

const KEY_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNING_ALGORITHM = { name: 'ECDSA', hash: 'SHA-256' } as const;
const DAY_MS = 86_400_000;

/** A certificate and its private key, both PEM, ready for `tls.createSecureContext`. */
export interface TestKeyPair {
  readonly cert: string;
  readonly key: string;
}

interface IssueOptions {
  /** Default: an hour ago. */
  readonly notBefore?: Date;
  /** Default: thirty days from now. */
  readonly notAfter?: Date;
  /** Subject CN. Default: the first name. */
  readonly commonName?: string;
}

/** A throw-away certificate authority living only in memory for one test run. */
export interface TestCa {
  /** The CA certificate (PEM): what a client must trust, e.g. FetcherOptions.ca. */
  readonly cert: string;
  /** A server certificate for DNS names and/or IP addresses, signed by this CA. */
  issue(names: readonly string[], options?: IssueOptions): Promise<TestKeyPair>;
  /** Like issue(), but valid only from ten days ago to yesterday. */
  issueExpired(names: readonly string[]): Promise<TestKeyPair>;
}

/**
 * Generates a CA with an ECDSA P-256 key (fast to make). Nothing touches the disk. A certificate
 * "for the wrong host" is simply `ca.issue(['some-other-name.example'])` served under another name.
 */
export async function createTestCa(commonName = 'Vetted Test CA'): Promise<TestCa> {
  const caKeys = await generateKeys();
  const now = Date.now();
  const caCert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: `CN=${commonName}`,
    notBefore: new Date(now - DAY_MS * 30),
    notAfter: new Date(now + DAY_MS * 365),
    keys: caKeys,
    signingAlgorithm: SIGNING_ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });

  const issue = async (names: readonly string[], options: IssueOptions = {}): Promise<TestKeyPair> => {
    if (names.length === 0) throw new Error('a certificate needs at least one name');
    const keys = await generateKeys();
    const cert = await x509.X509CertificateGenerator.create({
      serialNumber: serial(),
      subject: `CN=${options.commonName ?? names[0]}`,
      issuer: caCert.subject,
      notBefore: options.notBefore ?? new Date(Date.now() - 3_600_000),
      notAfter: options.notAfter ?? new Date(Date.now() + DAY_MS * 30),
      publicKey: keys.publicKey,
      signingKey: caKeys.privateKey,
      signingAlgorithm: SIGNING_ALGORITHM,
      extensions: [
        new x509.SubjectAlternativeNameExtension(names.map((name) => ({ type: isIP(name) ? ('ip' as const) : ('dns' as const), value: name }))),
        new x509.BasicConstraintsExtension(false),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
        await x509.AuthorityKeyIdentifierExtension.create(caKeys.publicKey),
      ],
    });
    return { cert: cert.toString('pem'), key: privateKeyPem(keys.privateKey) };
  };

  return {
    cert: caCert.toString('pem'),
    issue,
    issueExpired: (names) => issue(names, { notBefore: new Date(Date.now() - DAY_MS * 10), notAfter: new Date(Date.now() - DAY_MS) }),
  };
}

async function generateKeys(): Promise<webcrypto.CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
}

function privateKeyPem(key: webcrypto.CryptoKey): string {
  return KeyObject.from(key).export({ type: 'pkcs8', format: 'pem' }) as string;
}

// Positive, non-zero first byte: some TLS stacks reject negative or over-long serials.
function serial(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0]! & 0x7f) | 0x01;
  return bytes.toString('hex');
}
