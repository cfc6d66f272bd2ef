import { expect } from 'chai';
import fc from 'fast-check';
import { parseX402 } from '../../../../../src/domain/scan/parsers/x402.js';

const V2 = {
  x402Version: 2,
  error: 'PAYMENT-SIGNATURE header is required',
  resource: { url: 'https://api.example.com/premium-data', description: 'Access to premium market data', mimeType: 'application/json' },
  accepts: [
    {
      scheme: 'exact',
      network: 'eip155:84532',
      amount: '10000',
      asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
      payTo: '0x209693Bc6afc0C5328bA36FaF03C514EF312287C',
      maxTimeoutSeconds: 60,
      extra: { name: 'USDC', version: '2' },
    },
    {
      scheme: 'exact',
      network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      amount: '10000',
      asset: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      payTo: 'x',
      maxTimeoutSeconds: 60,
    },
  ],
};

const V1_BODY = JSON.stringify({
  x402Version: 1,
  error: 'X-PAYMENT header is required',
  accepts: [
    {
      scheme: 'exact',
      network: 'base-sepolia',
      maxAmountRequired: '1000',
      resource: 'https://api.example.com/weather',
      description: 'Weather',
      mimeType: 'application/json',
      payTo: '0xabc',
      maxTimeoutSeconds: 60,
      asset: '0xdef',
    },
  ],
});

const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

describe('parseX402', () => {
  it('reads a v2 PAYMENT-REQUIRED header, whatever its case', () => {
    expect(parseX402(402, { 'Payment-Required': base64(JSON.stringify(V2)) }, '')).to.deep.equal({
      detected: true,
      source: 'header',
      version: 2,
      acceptsCount: 2,
      networks: ['eip155:84532', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
      schemes: ['exact'],
      resourceUrl: 'https://api.example.com/premium-data',
      payTo: [
        { network: 'eip155:84532', payTo: '0x209693Bc6afc0C5328bA36FaF03C514EF312287C' },
        { network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', payTo: 'x' },
      ],
      errors: [],
    });
  });

  it('accepts an unpadded base64url header', () => {
    const url = base64(JSON.stringify(V2)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(parseX402(402, { 'payment-required': url }, '')).to.include({ detected: true, version: 2 });
  });

  it('reads a v1 JSON body', () => {
    expect(parseX402(402, { 'content-type': 'application/json' }, V1_BODY)).to.deep.equal({
      detected: true,
      source: 'body',
      version: 1,
      acceptsCount: 1,
      networks: ['base-sepolia'],
      schemes: ['exact'],
      resourceUrl: 'https://api.example.com/weather',
      payTo: [{ network: 'base-sepolia', payTo: '0xabc' }],
      errors: [],
    });
  });

  it('falls back to the body when the header cannot be decoded', () => {
    const parsed = parseX402(402, { 'payment-required': 'not base64 at all!' }, V1_BODY);
    expect(parsed).to.include({ detected: true, source: 'body' });
    expect(parsed.errors).to.deep.equal(['INVALID_HEADER']);
  });

  it('is not detected for other statuses or a plain 402', () => {
    expect(parseX402(200, { 'payment-required': base64(JSON.stringify(V2)) }, '').errors).to.deep.equal(['NOT_402']);
    expect(parseX402(402, {}, '').errors).to.deep.equal(['NO_PAYMENT_REQUIREMENTS']);
    expect(parseX402(402, {}, '<!doctype html><html><body>Payment required</body></html>').errors).to.deep.equal(['INVALID_BODY', 'NO_PAYMENT_REQUIREMENTS']);
    expect(parseX402(402, {}, '{"error":"pay up"}').errors).to.deep.equal(['INVALID_BODY', 'NO_PAYMENT_REQUIREMENTS']);
  });

  it('says when no payment is accepted', () => {
    const parsed = parseX402(402, {}, JSON.stringify({ x402Version: 1, accepts: [] }));
    expect(parsed).to.include({ detected: false, source: 'body', acceptsCount: 0 });
    expect(parsed.errors).to.deep.equal(['NO_ACCEPTS']);
  });

  it('never throws on arbitrary headers and bodies', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.jsonValue({ maxDepth: 3 }), (header, body) => {
        expect(typeof parseX402(402, { 'PAYMENT-REQUIRED': header }, JSON.stringify(body)).detected).to.equal('boolean');
        expect(typeof parseX402(402, { 'payment-required': base64(JSON.stringify(body) ?? '') }, header).detected).to.equal('boolean');
      }),
      { numRuns: 300 },
    );
  });
});
