import { expect } from 'chai';
import fc from 'fast-check';
import { parseAuthorizationServerMetadata, parseProtectedResourceMetadata } from '../../../../../src/domain/scan/parsers/oauth-metadata.js';
import {
  parseAcpDiscovery,
  parseAgentSkillsIndex,
  parseAp2Extension,
  parseApiCatalog,
  parseSignaturesDirectory,
  parseUcpProfile,
} from '../../../../../src/domain/scan/parsers/well-known-metadata.js';

const PARSERS = [
  parseApiCatalog,
  parseProtectedResourceMetadata,
  parseAuthorizationServerMetadata,
  parseSignaturesDirectory,
  parseAgentSkillsIndex,
  parseUcpProfile,
  parseAcpDiscovery,
];
const j = (value: unknown) => JSON.stringify(value);

describe('well-known metadata parsers', () => {
  it('reads an RFC 9727 API catalog: anchors with linked targets', () => {
    const catalog = {
      linkset: [
        { anchor: 'https://a.example/api', 'service-desc': [{ href: 'https://a.example/openapi.json' }] },
        { anchor: 'https://a.example/v2', item: [{ href: '/v2' }] },
      ],
    };
    expect(parseApiCatalog(j(catalog))).to.deep.equal({ valid: true, count: 2, errors: [] });
    expect(parseApiCatalog(j({ linkset: [] })).errors).to.deep.equal(['NO_LINKSET']);
    expect(parseApiCatalog(j({ linkset: [{ 'service-desc': [{ href: '/x' }] }] })).errors).to.deep.equal(['NO_ANCHOR']);
    expect(parseApiCatalog(j({ linkset: [{ anchor: 'https://a.example/api', item: [{ title: 'no href' }] }] })).errors).to.deep.equal(['BAD_TARGET']);
    expect(parseApiCatalog(j({ linkset: [{ anchor: 'https://a.example/api', item: [] }] })).errors).to.deep.equal(['NO_LINKS']);
    expect(parseApiCatalog(j({ linkset: [catalog.linkset[0], { anchor: 'https://a.example/v3' }] })).errors, 'an entry without links').to.deep.equal([
      'NO_LINKS',
    ]);
    expect(parseApiCatalog(j({ linkset: [{ ...catalog.linkset[0], type: [{ title: 'API' }] }] })).errors, 'a relation without href').to.deep.equal([
      'BAD_TARGET',
    ]);
    expect(parseApiCatalog(j({ linkset: [{ anchor: '/api', item: [{ href: '/v2' }] }] })).errors, 'a relative anchor').to.deep.equal(['NO_ANCHOR']);
  });

  it('reads RFC 9728 protected resource metadata: an https resource, https authorization servers', () => {
    expect(parseProtectedResourceMetadata(j({ resource: 'https://a.example/api', authorization_servers: ['https://id.example'] }))).to.deep.equal({
      valid: true,
      count: 1,
      errors: [],
    });
    expect(parseProtectedResourceMetadata(j({ resource: 'https://a.example/' }))).to.deep.equal({ valid: true, count: 0, errors: [] });
    expect(parseProtectedResourceMetadata(j({ authorization_servers: [] })).errors).to.deep.equal(['NO_RESOURCE']);
    for (const server of [
      'https://id.example/.well-known/oauth-authorization-server',
      'https://id.example/?tenant=1',
      'https://id.example/#x',
      'http://id.example',
    ]) {
      expect(parseProtectedResourceMetadata(j({ resource: 'https://a.example/', authorization_servers: [server] })).errors, server).to.deep.equal([
        'BAD_AUTHORIZATION_SERVERS',
      ]);
    }
    expect(
      parseProtectedResourceMetadata(j({ resource: 'https://a.example/', authorization_servers: ['https://id.example/realms/main'] })).errors,
    ).to.deep.equal([]);
    expect(parseProtectedResourceMetadata(j({ resource: 'http://a.example/' })).errors).to.deep.equal(['RESOURCE_NOT_HTTPS']);
    expect(parseProtectedResourceMetadata(j({ resource: 'https://a.example/', authorization_servers: 'https://id.example' })).errors).to.deep.equal([
      'BAD_AUTHORIZATION_SERVERS',
    ]);
  });

  it('requires the resource to be the identifier the metadata was fetched for (RFC 9728 §3.3)', () => {
    const prm = (resource: string) => parseProtectedResourceMetadata(j({ resource }), 'https://a.example').errors;
    for (const same of ['https://a.example', 'https://a.example/', 'https://A.EXAMPLE', 'https://a.example:443']) expect(prm(same), same).to.deep.equal([]);
    for (const other of [
      'https://a.example/api',
      'https://b.example',
      'https://a.example:8443',
      'https://a.example/?x',
      'https://a.example/#x',
      'https://u@a.example',
    ]) {
      expect(prm(other), other).to.deep.equal(['RESOURCE_MISMATCH']);
    }
    expect(parseProtectedResourceMetadata(j({ resource: 'https://a.example/api' })).errors).to.deep.equal([]);
  });

  it('reads RFC 8414 authorization server metadata: an https issuer and response types', () => {
    const endpoints = { authorization_endpoint: 'https://id.example/authorize', token_endpoint: 'https://id.example/token' };
    expect(parseAuthorizationServerMetadata(j({ issuer: 'https://id.example', response_types_supported: ['code', 'token'], ...endpoints }))).to.deep.equal({
      valid: true,
      count: 2,
      errors: [],
    });
    expect(parseAuthorizationServerMetadata(j({ response_types_supported: ['code'] })).errors).to.deep.equal(['NO_ISSUER']);
    expect(parseAuthorizationServerMetadata(j({ issuer: 'http://id.example', response_types_supported: ['code'] })).errors).to.deep.equal(['ISSUER_NOT_HTTPS']);
    expect(parseAuthorizationServerMetadata(j({ issuer: 'https://id.example', ...endpoints })).errors).to.deep.equal(['NO_RESPONSE_TYPES']);
  });

  it('requires the issuer to be the identifier the metadata was fetched for (RFC 8414 §3.3)', () => {
    const endpoints = { authorization_endpoint: 'https://id.example/authorize', token_endpoint: 'https://id.example/token' };
    const asm = (issuer: string) =>
      parseAuthorizationServerMetadata(j({ issuer, response_types_supported: ['code'], ...endpoints }), 'https://id.example').errors;
    expect(asm('https://id.example')).to.deep.equal([]);
    expect(asm('https://id.example/')).to.deep.equal([]);
    for (const other of ['https://login.id.example', 'https://id.example/realms/main', 'https://id.example?tenant=1'])
      expect(asm(other), other).to.deep.equal(['ISSUER_MISMATCH']);
    expect(parseAuthorizationServerMetadata(j({ issuer: 'http://id.example', response_types_supported: ['code'] }), 'https://id.example').errors).to.deep.equal(
      ['ISSUER_NOT_HTTPS'],
    );
  });

  it('requires the endpoints the offered grants use, https endpoints, and the OpenID members at the OpenID path', () => {
    const asm = (extra: Record<string, unknown>, openid = false) =>
      parseAuthorizationServerMetadata(j({ issuer: 'https://id.example', response_types_supported: ['code'], ...extra }), undefined, openid).errors;
    expect(asm({})).to.deep.equal(['NO_AUTHORIZATION_ENDPOINT', 'NO_TOKEN_ENDPOINT']);
    expect(asm({ grant_types_supported: ['client_credentials'], token_endpoint: 'https://id.example/token' })).to.deep.equal([]);
    expect(asm({ grant_types_supported: ['implicit'], authorization_endpoint: 'https://id.example/authorize' })).to.deep.equal([]);
    expect(asm({ authorization_endpoint: 'https://id.example/authorize', token_endpoint: 'http://id.example/token' })).to.deep.equal(['ENDPOINT_NOT_HTTPS']);
    const oidc = { authorization_endpoint: 'https://id.example/authorize', token_endpoint: 'https://id.example/token', jwks_uri: 'https://id.example/jwks' };
    expect(asm(oidc, true)).to.deep.equal(['NO_OPENID_MEMBERS']);
    expect(asm({ ...oidc, subject_types_supported: ['public'], id_token_signing_alg_values_supported: ['RS256'] }, true)).to.deep.equal([]);
  });

  it('reads a Web Bot Auth key directory: a JWKS whose keys have kty', () => {
    expect(parseSignaturesDirectory(j({ keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'abc' }] }))).to.deep.equal({ valid: true, count: 1, errors: [] });
    expect(parseSignaturesDirectory(j({ keys: [] })).errors).to.deep.equal(['NO_KEYS']);
    expect(parseSignaturesDirectory(j({ keys: [{ crv: 'Ed25519' }] })).errors).to.deep.equal(['BAD_KEY']);
  });

  it('reads an Agent Skills index: named skills with a url and a sha256 digest each', () => {
    const skill = { name: 'order-status', url: 'order-status/SKILL.md', digest: `sha256:${'ab'.repeat(32)}` };
    expect(parseAgentSkillsIndex(j({ skills: [skill] }))).to.deep.equal({ valid: true, count: 1, errors: [] });
    expect(parseAgentSkillsIndex(j({ skills: [] })).errors).to.deep.equal(['NO_SKILLS']);
    expect(parseAgentSkillsIndex(j({ skills: [{ ...skill, url: '' }] })).errors).to.deep.equal(['BAD_ENTRY']);
    expect(parseAgentSkillsIndex(j({ skills: [{ ...skill, digest: 'md5:abc' }] })).errors).to.deep.equal(['NO_DIGEST']);
    const { digest: _, ...bare } = skill;
    expect(parseAgentSkillsIndex(j({ skills: [{ ...bare, sha256: 'cd'.repeat(32) }] })).errors, 'the sha256 member').to.deep.equal([]);
    expect(parseAgentSkillsIndex(j({ skills: [{ ...bare, sha256: 'cd' }] })).errors).to.deep.equal(['NO_DIGEST']);
  });

  it('reads a UCP business profile: a version and capabilities, as a list or a map', () => {
    expect(parseUcpProfile(j({ ucp: { version: '2026-01-11', capabilities: [{ name: 'dev.ucp.shopping.checkout' }] } }))).to.deep.equal({
      valid: true,
      count: 1,
      errors: [],
    });
    expect(parseUcpProfile(j({ ucp: { version: '2026-01-11', capabilities: { 'dev.ucp.shopping.checkout': [{}], order: [{}] } } })).count).to.equal(2);
    expect(parseUcpProfile(j({ version: '1' })).errors).to.deep.equal(['NO_UCP']);
    expect(parseUcpProfile(j({ ucp: { capabilities: [{}] } })).errors).to.deep.equal(['NO_VERSION']);
    expect(parseUcpProfile(j({ ucp: { version: '1', capabilities: {} } })).errors).to.deep.equal(['NO_CAPABILITIES']);
  });

  it('reads an ACP discovery document: protocol and dated version, https base URL, transports and services', () => {
    const acp = {
      protocol: { name: 'acp', version: '2026-01-30', supported_versions: ['2025-09-29', '2026-01-30'] },
      api_base_url: 'https://shop.example/api',
      transports: ['rest', 'mcp'],
      capabilities: { services: ['checkout', 'orders'] },
    };
    expect(parseAcpDiscovery(j(acp))).to.deep.equal({ valid: true, count: 2, errors: [] });
    expect(parseAcpDiscovery(j({ ...acp, protocol: { ...acp.protocol, name: 'ucp' } })).errors).to.deep.equal(['NOT_ACP']);
    expect(parseAcpDiscovery(j({ ...acp, protocol: { ...acp.protocol, version: 'v1' } })).errors).to.deep.equal(['BAD_VERSION']);
    expect(parseAcpDiscovery(j({ ...acp, protocol: { ...acp.protocol, supported_versions: ['2026-01-30', '2025-09-29'] } })).errors).to.deep.equal([
      'BAD_VERSION',
    ]);
    expect(parseAcpDiscovery(j({ ...acp, api_base_url: 'http://shop.example/api' })).errors).to.deep.equal(['BASE_URL_NOT_HTTPS']);
    expect(parseAcpDiscovery(j({ ...acp, transports: [] })).errors).to.deep.equal(['NO_TRANSPORTS']);
    expect(parseAcpDiscovery(j({ ...acp, capabilities: { services: [1] } })).errors).to.deep.equal(['NO_SERVICES']);
  });

  it('finds the AP2 extension of an A2A agent card and its roles', () => {
    const card = (extension: unknown) => j({ name: 'a', capabilities: { extensions: [{ uri: 'https://example.org/other' }, extension] } });
    expect(
      parseAp2Extension(card({ uri: 'https://github.com/google-agentic-commerce/ap2/tree/v0.1', params: { roles: ['merchant', 'nonsense'] } })),
    ).to.deep.equal({ declared: true, valid: true, roles: ['merchant'], errors: [] });
    expect(parseAp2Extension(card({ uri: 'https://github.com/google-agentic-commerce/ap2/tree/v0.1' }))).to.deep.include({
      declared: true,
      valid: false,
      errors: ['NO_ROLES'],
    });
    expect(parseAp2Extension(card({ uri: 'https://example.org/map2x' })).declared).to.equal(false);
    expect(parseAp2Extension(j({ name: 'a' })).declared).to.equal(false);
    expect(parseAp2Extension('<html>').errors).to.deep.equal(['HTML']);
  });

  it('says why a body is unreadable: empty, HTML, not JSON, not an object, too large', () => {
    for (const parse of [...PARSERS, parseAp2Extension]) {
      expect(parse('').errors).to.deep.equal(['EMPTY']);
      expect(parse('<!doctype html><title>x</title>').errors).to.deep.equal(['HTML']);
      expect(parse('{"a":').errors).to.deep.equal(['INVALID_JSON']);
      expect(parse('[1,2]').errors).to.deep.equal(['NOT_AN_OBJECT']);
      expect(parse(`{"pad":"${'x'.repeat(1024 * 1024)}"}`).errors).to.deep.equal(['TOO_LARGE']);
    }
  });

  it('never throws on any agent card, and bounds what it reads of the AP2 extension (property)', () => {
    const role = fc.oneof(
      { arbitrary: fc.constantFrom('merchant', 'shopper', 'credentials-provider', 'payment-processor'), weight: 3 },
      fc.jsonValue({ maxDepth: 1 }),
    );
    const ap2 = fc.record({
      uri: fc.constantFrom('https://github.com/google-agentic-commerce/ap2/tree/v0.1', 'https://x.example/AP2', 'ap2.v1'),
      params: fc.oneof(
        { arbitrary: fc.record({ roles: fc.oneof({ arbitrary: fc.array(role, { maxLength: 40 }), weight: 3 }, fc.jsonValue({ maxDepth: 1 })) }), weight: 3 },
        fc.jsonValue({ maxDepth: 2 }),
      ),
    });
    const other = fc.oneof(fc.record({ uri: fc.constantFrom('urn:ap2', 'https://example.org/map2x', 'ap2x') }), fc.jsonValue({ maxDepth: 2 }));
    const agentCard = fc.record({
      name: fc.string(),
      capabilities: fc.oneof(
        { arbitrary: fc.record({ extensions: fc.array(fc.oneof(ap2, other), { maxLength: 6 }) }), weight: 3 },
        fc.jsonValue({ maxDepth: 2 }),
      ),
    });
    fc.assert(
      fc.property(fc.oneof({ arbitrary: agentCard.map(j), weight: 4 }, fc.jsonValue({ maxDepth: 4 }).map(j), fc.string({ maxLength: 300 })), (text) => {
        const parsed = parseAp2Extension(text);
        expect(JSON.parse(JSON.stringify(parsed))).to.deep.equal(parsed);
        expect(parsed.roles.length).to.be.at.most(10);
        expect(parsed.roles.every((r) => ['merchant', 'shopper', 'credentials-provider', 'payment-processor'].includes(r))).to.equal(true);
        expect(parsed.valid).to.equal(parsed.declared && parsed.roles.length > 0);
        expect(parsed.valid).to.equal(parsed.errors.length === 0 && parsed.declared);
        expect(parsed.errors.length).to.be.at.most(1);
        if (!parsed.declared) expect(parsed.roles).to.deep.equal([]);
      }),
      { numRuns: 500 },
    );
    const many = j({ capabilities: { extensions: [{ uri: 'https://x.example/ap2', params: { roles: Array.from({ length: 10_000 }, () => 'merchant') } }] } });
    expect(parseAp2Extension(many).roles).to.have.length(10);
  });

  it('never throws and returns JSON-serializable results, on any JSON and any text', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.string({ maxLength: 300 }), (value, text) => {
        for (const parse of PARSERS) {
          for (const input of [JSON.stringify(value), text]) {
            const parsed = parse(input);
            expect(JSON.parse(JSON.stringify(parsed))).to.deep.equal(parsed);
            expect(parsed.valid).to.equal(parsed.errors.length === 0);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
