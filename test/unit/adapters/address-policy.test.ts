import { expect } from 'chai';
import { AddressPolicy } from '../../../src/adapters/fetch/address-policy.js';

const REFUSED: readonly (readonly [string, RegExp])[] = [
  ['127.0.0.1', /loopback/],
  ['127.255.255.254', /loopback/],
  ['10.0.0.1', /private/],
  ['172.16.0.1', /private/],
  ['172.31.255.255', /private/],
  ['192.168.1.1', /private/],
  ['169.254.169.254', /link-local/],
  ['169.254.0.1', /link-local/],
  ['100.64.0.1', /carrier-grade NAT/],
  ['100.127.255.255', /carrier-grade NAT/],
  ['0.0.0.0', /unspecified/],
  ['0.1.2.3', /unspecified/],
  ['255.255.255.255', /broadcast/],
  ['224.0.0.1', /multicast/],
  ['239.255.255.250', /multicast/],
  ['192.0.2.1', /reserved or documentation/],
  ['198.51.100.1', /reserved or documentation/],
  ['203.0.113.1', /reserved or documentation/],
  ['192.0.0.8', /reserved/],
  ['198.18.0.1', /reserved/],
  ['240.0.0.1', /reserved/],
  ['::1', /loopback/],
  ['::', /unspecified/],
  ['fe80::1', /link-local/],
  ['fe80::1%eth0', /link-local/],
  ['fc00::1', /unique-local/],
  ['fd12:3456:789a::1', /unique-local/],
  ['fec0::1', /site-local/],
  ['ff02::1', /multicast/],
  ['2001:db8::1', /reserved or documentation/],
  ['100::1', /discard/],
  ['4000::1', /outside global unicast/],
];

const PUBLIC = ['8.8.8.8', '1.1.1.1', '93.184.215.14', '172.15.255.255', '100.63.255.255', '2606:4700:4700::1111', '2a00:1450:4001::200e'];

describe('AddressPolicy', () => {
  const policy = new AddressPolicy();

  describe('refuses every non-public destination', () => {
    for (const [ip, reason] of REFUSED) {
      it(`${ip}`, () => {
        const verdict = policy.check(ip);
        expect(verdict.allowed).to.equal(false);
        if (!verdict.allowed) expect(verdict.reason).to.match(reason);
      });
    }
  });

  it('allows public unicast addresses', () => {
    for (const ip of PUBLIC) expect(policy.check(ip), ip).to.deep.equal({ allowed: true });
  });

  describe('IPv6 carrying an IPv4 address', () => {
    it('judges IPv4-mapped addresses as the IPv4 they carry, in every spelling', () => {
      for (const ip of ['::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:7f00:1', '::FFFF:127.0.0.1', '::ffff:a9fe:a9fe', '::ffff:10.0.0.1']) {
        expect(policy.check(ip).allowed, ip).to.equal(false);
      }
      expect(policy.check('::ffff:8.8.8.8')).to.deep.equal({ allowed: true });
    });

    it('refuses IPv4-compatible addresses (::a.b.c.d), public or not', () => {
      for (const ip of ['::127.0.0.1', '::7f00:1', '::8.8.8.8']) {
        const verdict = policy.check(ip);
        expect(verdict.allowed, ip).to.equal(false);
        if (!verdict.allowed) expect(verdict.reason).to.match(/IPv4-compatible/);
      }
    });

    it('refuses IPv4-translated addresses (::ffff:0:a.b.c.d)', () => {
      expect(policy.check('::ffff:0:7f00:1').allowed).to.equal(false);
    });

    it('judges NAT64 (64:ff9b::/96) by the embedded IPv4 and refuses local-use NAT64', () => {
      expect(policy.check('64:ff9b::7f00:1')).to.deep.equal({ allowed: false, reason: 'NAT64 address embedding 127.0.0.1 (loopback address)' });
      expect(policy.check('64:ff9b::10.0.0.1').allowed).to.equal(false);
      expect(policy.check('64:ff9b::808:808')).to.deep.equal({ allowed: true });
      expect(policy.check('64:ff9b:1::808:808').allowed).to.equal(false);
    });

    it('judges 6to4 (2002::/16) by the embedded IPv4', () => {
      expect(policy.check('2002:c0a8:101::1')).to.deep.equal({ allowed: false, reason: '6to4 address embedding 192.168.1.1 (private address)' });
      expect(policy.check('2002:808:808::1')).to.deep.equal({ allowed: true });
    });

    it('judges Teredo (2001::/32) by its server and de-obfuscated client IPv4', () => {
      // Server 8.8.8.8, client 10.0.0.1 stored inverted as f5ff:fffe.
      expect(policy.check('2001:0:808:808::f5ff:fffe')).to.deep.equal({
        allowed: false,
        reason: 'Teredo address embedding 10.0.0.1 (private address)',
      });
      // Server 8.8.8.8, client 1.1.1.1 stored inverted as fefe:fefe.
      expect(policy.check('2001:0:808:808::fefe:fefe')).to.deep.equal({ allowed: true });
      expect(policy.check('2001:0:a00:1::fefe:fefe').allowed).to.equal(false);
    });
  });

  it('refuses strings that are not canonical IP addresses instead of guessing', () => {
    for (const text of ['0x7f.1', '2130706433', '017700000001', '127.1', 'localhost', '', '[::1]', '1.2.3.4.5']) {
      expect(policy.check(text), text).to.deep.equal({ allowed: false, reason: 'not an IP address' });
    }
  });

  describe('allowed networks', () => {
    const allowing = new AddressPolicy(['127.0.0.2/32', '10.20.0.0/16', 'fd00::1', '169.254.169.0/24']);

    it('override the refusal inside the network only', () => {
      expect(allowing.check('127.0.0.2')).to.deep.equal({ allowed: true });
      expect(allowing.check('10.20.1.1')).to.deep.equal({ allowed: true });
      expect(allowing.check('fd00::1')).to.deep.equal({ allowed: true });
      expect(allowing.check('169.254.169.254')).to.deep.equal({ allowed: true });
      expect(allowing.check('127.0.0.1').allowed).to.equal(false);
      expect(allowing.check('10.21.0.1').allowed).to.equal(false);
      expect(allowing.check('fd00::2').allowed).to.equal(false);
    });

    it('apply to IPv4-mapped spellings of an allowed IPv4 address', () => {
      expect(allowing.check('::ffff:127.0.0.2')).to.deep.equal({ allowed: true });
      expect(allowing.check('::ffff:127.0.0.3').allowed).to.equal(false);
    });

    it('still allow public addresses', () => {
      expect(allowing.check('8.8.8.8')).to.deep.equal({ allowed: true });
    });

    it('reject malformed entries at construction', () => {
      expect(() => new AddressPolicy(['not-a-network'])).to.throw(/not-a-network/);
      expect(() => new AddressPolicy(['10.0.0.0/33'])).to.throw(/10.0.0.0\/33/);
      expect(() => new AddressPolicy(['0x7f.1/32'])).to.throw(/0x7f.1/);
    });
  });
});
