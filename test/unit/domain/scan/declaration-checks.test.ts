import { expect } from 'chai';
import { domainName } from '../../../../src/domain/domain-name.js';
import { DECLARATION_REASONS } from '../../../../src/domain/scan/declaration-reasons.js';
import { judgeSite } from '../../../../src/domain/scan/judge/judge-site.js';
import { PROBES, type ProbeId, type ProbeResponse } from '../../../../src/domain/scan/probes.js';

const NOW = new Date('2026-11-25T00:00:00.000Z');
const ORIGIN = 'https://site.example.com';
// Site text that must never reach a detail.
const MARKER = 'zq-site-text-zq';

function file(probe: ProbeId, body: unknown): ProbeResponse {
  const url = PROBES.find((p) => p.id === probe)!.url(domainName('site.example.com'));
  const bodyText = typeof body === 'string' ? body : JSON.stringify(body);
  return {
    ok: true,
    probe,
    requestedUrl: url,
    finalUrl: url,
    redirects: [],
    status: 200,
    headers: { 'content-type': 'application/json' },
    setCookies: [],
    remoteAddress: '203.0.113.1',
    bodyText,
    bodyBytes: bodyText.length,
    bodySha256: '0'.repeat(64),
    truncated: false,
    durationMs: 5,
    certificate: null,
  };
}

function declared(id: string, ...files: ProbeResponse[]) {
  return judgeSite('rpt_x', domainName('site.example.com'), files, NOW).declarations.find((d) => d.id === id)!;
}

const metadata = (issuer: string, extra: Record<string, unknown> = {}) => ({
  issuer,
  response_types_supported: ['code'],
  authorization_endpoint: `${ORIGIN}/authorize`,
  token_endpoint: `${ORIGIN}/token`,
  jwks_uri: `${ORIGIN}/jwks`,
  subject_types_supported: ['public'],
  id_token_signing_alg_values_supported: ['RS256'],
  x: MARKER,
  ...extra,
});
const card = { serverInfo: { name: 'site', version: '1' }, transport: { type: 'streamable-http', endpoint: '/mcp' } };

describe('declarations found at their second path', () => {
  it('passes OpenID Connect discovery alone, as authorization server metadata', () => {
    expect(declared('oauth_authorization_server', file('openid_configuration', metadata(ORIGIN)))).to.include({
      status: 'pass',
      detail: 'Declared with 1 response type.',
    });
    expect(declared('oauth_authorization_server', file('openid_configuration', metadata(`${ORIGIN}/`))).status).to.equal('pass');
    expect(declared('oauth_authorization_server')).to.include({ status: 'info', detail: 'Not declared at either path.' });
  });

  it('warns about OpenID Connect discovery alone that is invalid there, naming the path and what to fix', () => {
    const result = declared('oauth_authorization_server', file('openid_configuration', { issuer: ORIGIN, x: MARKER }));
    const reasons = DECLARATION_REASONS.oauth_authorization_server;
    const why = [reasons.NO_RESPONSE_TYPES, reasons.NO_AUTHORIZATION_ENDPOINT, reasons.NO_TOKEN_ENDPOINT, reasons.NO_OPENID_MEMBERS].join(' ');
    expect(result).to.include({ status: 'warn', detail: `Present but not usable at /.well-known/openid-configuration. ${why}` });
    expect(result.evidence).to.deep.equal([1]);
  });

  it('passes an MCP server card at /.well-known/mcp/server-card.json alone, and warns when it is invalid there', () => {
    expect(declared('mcp_server_card', file('mcp_server_card', card))).to.include({ status: 'pass', detail: 'Declared with 1 endpoint.' });
    const result = declared('mcp_server_card', file('mcp_server_card', { serverInfo: { name: MARKER } }));
    expect(result).to.include({
      status: 'warn',
      detail: `Present but not usable at /.well-known/mcp/server-card.json. ${DECLARATION_REASONS.mcp_server_card.NO_ENDPOINT}`,
    });
  });

  it('counts the first usable document of the two paths', () => {
    expect(declared('mcp_server_card', file('mcp_server_card', {}), file('mcp_json', card)).status).to.equal('pass');
    expect(
      declared(
        'oauth_authorization_server',
        file('oauth_authorization_server', '<!doctype html><p>Not found</p>'),
        file('openid_configuration', metadata(ORIGIN)),
      ).status,
    ).to.equal('pass');
  });
});

describe('OAuth metadata fetched for the site names the site', () => {
  it('warns when the issuer is not the origin the metadata was fetched from (RFC 8414 §3.3, OpenID Connect Discovery §4.3)', () => {
    const mismatch = DECLARATION_REASONS.oauth_authorization_server.ISSUER_MISMATCH.replaceAll('{domain}', 'site.example.com');
    for (const issuer of ['https://login.other.example', `${ORIGIN}/tenant`, 'https://site.example.com:8443', `${ORIGIN}/?x=1`]) {
      for (const probe of ['oauth_authorization_server', 'openid_configuration'] as const) {
        const result = declared('oauth_authorization_server', file(probe, metadata(issuer)));
        expect(result.status, `${issuer} at ${probe}`).to.equal('warn');
        expect(result.detail).to.contain(mismatch).and.to.contain('https://site.example.com exactly');
      }
    }
  });

  it('warns when the protected resource is not the origin the metadata was fetched from (RFC 9728 §3.3)', () => {
    const prm = (resource: string) =>
      declared('oauth_protected_resource', file('oauth_protected_resource', { resource, authorization_servers: [ORIGIN], x: MARKER }));
    expect(prm(ORIGIN)).to.include({ status: 'pass' });
    expect(prm(`${ORIGIN}/`)).to.include({ status: 'pass' });
    for (const resource of [`${ORIGIN}/api`, 'https://api.site.example.com', 'https://other.example']) {
      expect(prm(resource)).to.include({
        status: 'warn',
        detail: `Present but not usable. ${DECLARATION_REASONS.oauth_protected_resource.RESOURCE_MISMATCH.replaceAll('{domain}', 'site.example.com')}`,
      });
    }
  });
});

describe('the reason a site owner reads for a declaration that is present but not usable', () => {
  it('is a sentence saying what to fix, never a bare code, and never quotes the site', () => {
    const wrong: [string, ProbeResponse][] = [
      ['api_catalog', file('api_catalog', { linkset: [], x: MARKER })],
      ['web_bot_auth', file('signatures_directory', { keys: [{ crv: MARKER }] })],
      ['agent_skills', file('agent_skills', { skills: [{ name: MARKER, url: MARKER }] })],
      ['ucp', file('ucp_profile', { ucp: { capabilities: [MARKER] } })],
      ['llms_txt', file('llms_txt', `${MARKER}\n`)],
      ['ap2', file('agent_card', { name: MARKER, capabilities: { extensions: [{ uri: 'https://github.com/google-agentic-commerce/ap2/tree/v0.1' }] } })],
    ];
    for (const [id, response] of wrong) {
      const { status, detail } = declared(id, response);
      expect(status, id).to.equal('warn');
      expect(detail, id).not.to.match(/\b[A-Z0-9]+_[A-Z0-9_]+\b|\b(?:EMPTY|HTML)\b/);
      expect(detail, id).not.to.contain(MARKER);
      expect(detail, id).to.match(/: .{20,}\.$/);
    }
    expect(declared('api_catalog', wrong[0]![1]).detail).to.equal(`Present but not usable. ${DECLARATION_REASONS.api_catalog.NO_LINKSET}`);
  });
});

describe('Markdown content negotiation', () => {
  const markdown = (headers: Record<string, string>, body = '# Site\n') => ({
    ...file('markdown_root', body),
    headers: { 'content-type': 'text/markdown; charset=utf-8', ...headers },
  });

  it('passes a Markdown answer that varies on Accept (or on everything)', () => {
    expect(declared('markdown_negotiation', markdown({ vary: 'Accept-Encoding, Accept' })).status).to.equal('pass');
    expect(declared('markdown_negotiation', markdown({ vary: '*' })).status).to.equal('pass');
  });

  it('warns about a Markdown answer a shared cache could hand to browsers, and about an empty one', () => {
    for (const headers of [{}, { vary: 'Accept-Language' }, { vary: 'Accept-Encoding' }] as Record<string, string>[]) {
      expect(declared('markdown_negotiation', markdown(headers)), JSON.stringify(headers)).to.deep.include({ status: 'warn' });
      expect(declared('markdown_negotiation', markdown(headers)).detail).to.contain('`Vary: Accept`');
    }
    expect(declared('markdown_negotiation', markdown({ vary: 'Accept' }, ' \n'))).to.deep.include({ status: 'warn' });
    expect(declared('markdown_negotiation', markdown({ vary: 'Accept' }, ' \n')).detail).to.contain('empty');
  });

  it('records a site that answers another type as not offering Markdown', () => {
    expect(declared('markdown_negotiation', { ...file('markdown_root', '<html></html>'), headers: { 'content-type': 'text/html' } }).status).to.equal('info');
  });
});
