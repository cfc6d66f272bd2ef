/**
 * The two primitives a log auditor needs, for the pure checks of src/domain/log: SHA-256 of bytes
 * and an Ed25519 signature check over a raw 32-byte public key. Adapters: NodeLogCrypto.
 */
export interface LogCrypto {
  sha256(data: Uint8Array): Uint8Array;
  verifyEd25519(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean;
}
export const LogCrypto = Symbol('LogCrypto');
