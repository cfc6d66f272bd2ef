import { expect } from 'chai';
import { eip55, parseAccountId } from '../../../src/domain/counterparty/caip.js';

// EIP-55's own test vectors (eips.ethereum.org/EIPS/eip-55, "Test Cases").
const EIP55_VECTORS = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

describe('CAIP-10 account ids', () => {
  it('computes the EIP-55 checksum of the specification’s vectors', () => {
    for (const address of EIP55_VECTORS) expect(eip55(address.toLowerCase())).to.equal(address);
  });

  it('accepts an eip155 account with a right checksum, or none, and compares addresses without case', () => {
    const mixed = parseAccountId(`eip155:8453:${EIP55_VECTORS[0]}`);
    const lower = parseAccountId(`eip155:8453:${EIP55_VECTORS[0]!.toLowerCase()}`);
    if (!mixed.ok || !lower.ok) throw new Error('refused');
    expect(mixed.account).to.include({ chainId: 'eip155:8453', namespace: 'eip155', reference: '8453' });
    expect(mixed.account.key).to.equal(lower.account.key);
  });

  it('refuses a mistyped checksum instead of normalising it, and says so', () => {
    const typo = `eip155:1:${EIP55_VECTORS[0]!.replace('aAeb', 'aaeb')}`;
    const parsed = parseAccountId(typo);
    expect(parsed.ok).to.equal(false);
    if (!parsed.ok) expect(parsed.reason).to.contain('EIP-55');
  });

  it('holds each part to CAIP-2 and CAIP-10, and eip155 and solana to their namespace rules', () => {
    for (const bad of [
      'eip155:8453',
      'EIP155:1:0x0',
      'eip155:01:0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
      'eip155:1:0x123',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:0OIl',
      'ab:1:x',
      `cosmos:hub:${'a'.repeat(129)}`,
    ])
      expect(parseAccountId(bad).ok, bad).to.equal(false);
    for (const good of [
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
      'cosmos:cosmoshub-3:cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0',
    ])
      expect(parseAccountId(good).ok, good).to.equal(true);
  });
});
