import { keccak_256 } from '@noble/hashes/sha3.js';

/** A CAIP-10 account id, parsed: `namespace:reference:address` (eip155:8453:0xAbC…). */
interface AccountId {
  /** The chain, CAIP-2: `namespace:reference`. */
  readonly chainId: string;
  readonly namespace: string;
  readonly reference: string;
  readonly address: string;
  /** The form two ids are compared by: an EVM address in lowercase (its checksum is case), anything else as written. */
  readonly key: string;
}

export type AccountIdResult = { readonly ok: true; readonly account: AccountId } | { readonly ok: false; readonly reason: string };

// CAIP-2 and CAIP-10 as their specifications give the grammar.
const NAMESPACE = /^[-a-z0-9]{3,8}$/;
const REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/;
const ADDRESS = /^[-.%a-zA-Z0-9]{1,128}$/;
const EVM_CHAIN = /^[1-9][0-9]{0,31}$/;
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

/**
 * Parses a CAIP-10 account id (the chain-agnostic id x402 and wallets use) under the rules of its
 * namespace where Vetted knows them: eip155 takes a decimal chain id and a 20-byte hex address
 * whose EIP-55 checksum, when the address is mixed-case, must be right (a mistyped checksum is
 * refused, never normalised); solana a base58 genesis reference and a base58 address of 32 to 44
 * characters. Other namespaces are held to CAIP-10's grammar. The reason is one sentence.
 */
export function parseAccountId(input: string): AccountIdResult {
  if (typeof input !== 'string' || input.length > 200) return fail('an account id is at most 200 characters');
  const parts = input.trim().split(':');
  if (parts.length !== 3) return fail('an account id is namespace:reference:address, such as eip155:8453:0x… (CAIP-10)');
  const [namespace, reference, address] = parts as [string, string, string];
  if (!NAMESPACE.test(namespace)) return fail(`"${namespace}" is not a CAIP-2 namespace (3 to 8 lowercase letters, digits or hyphens)`);
  if (!REFERENCE.test(reference)) return fail('the chain reference has 1 to 32 letters, digits, hyphens or underscores (CAIP-2)');
  if (!ADDRESS.test(address)) return fail('the address has 1 to 128 letters, digits or -.% (CAIP-10)');
  const chainId = `${namespace}:${reference}`;
  if (namespace === 'eip155') {
    if (!EVM_CHAIN.test(reference)) return fail('an eip155 chain reference is a decimal chain id such as 1 or 8453');
    if (!EVM_ADDRESS.test(address)) return fail('an eip155 address is 0x and 40 hexadecimal digits');
    if (!eip55Holds(address)) return fail(`${address} has a wrong EIP-55 checksum: copy the address again as the wallet shows it`);
    return { ok: true, account: { chainId, namespace, reference, address, key: `${chainId}:${address.toLowerCase()}` } };
  }
  if (namespace === 'solana' && !(BASE58.test(reference) && BASE58.test(address) && address.length >= 32 && address.length <= 44))
    return fail('a solana account id has a base58 chain reference and a base58 address of 32 to 44 characters');
  return { ok: true, account: { chainId, namespace, reference, address, key: `${chainId}:${address}` } };
}

/** The EIP-55 form of a 0x address: each letter upper-case where the Keccak-256 of the lowercase hex has a nibble of 8 or more. */
export function eip55(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(hex));
  let out = '0x';
  for (let i = 0; i < hex.length; i++) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    out += nibble >= 8 ? hex[i]!.toUpperCase() : hex[i]!;
  }
  return out;
}

// All-lowercase and all-uppercase addresses carry no checksum (EIP-55); a mixed-case one must match it.
function eip55Holds(address: string): boolean {
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return eip55(address) === address;
}

function fail(reason: string): AccountIdResult {
  return { ok: false, reason };
}
