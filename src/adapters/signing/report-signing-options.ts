/** How the report signer gets its key; bound by the composition root from AppConfig. */
export interface ReportSigningOptions {
  /**
   * The REPORT_SIGNING_KEY setting: a PKCS#8 PEM Ed25519 private key, or a base64url 32-byte
   * Ed25519 seed. When absent, the key stored in the database is used, or one is generated and stored.
   */
  readonly configuredKey?: string;
}
export const ReportSigningOptions = Symbol('ReportSigningOptions');
