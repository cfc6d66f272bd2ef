import { expect } from 'chai';
import fc from 'fast-check';
import { DECLARATION_REASONS, declarationProblem, type DeclarationWithReasons } from '../../../../src/domain/scan/declaration-reasons.js';
import { DECLARATIONS } from '../../../../src/domain/scan/methodology.js';
import { parseAgentsMd } from '../../../../src/domain/scan/parsers/agents-md.js';
import { parseA2aAgentCard } from '../../../../src/domain/scan/parsers/a2a-agent-card.js';
import { parseMcpServerCard } from '../../../../src/domain/scan/parsers/json-declarations.js';
import { parseAgentLinks } from '../../../../src/domain/scan/parsers/link-header.js';
import { parseLlmsTxt } from '../../../../src/domain/scan/parsers/llms-txt.js';
import { parseOpenApiDocument } from '../../../../src/domain/scan/parsers/openapi-document.js';
import { parseAuthorizationServerMetadata, parseProtectedResourceMetadata } from '../../../../src/domain/scan/parsers/oauth-metadata.js';
import {
  parseAcpDiscovery,
  parseAgentSkillsIndex,
  parseAp2Extension,
  parseApiCatalog,
  parseSignaturesDirectory,
  parseUcpProfile,
} from '../../../../src/domain/scan/parsers/well-known-metadata.js';
import { parseX402 } from '../../../../src/domain/scan/parsers/x402.js';

const JSON_CODES = ['EMPTY', 'TOO_LARGE', 'HTML', 'INVALID_JSON', 'NOT_AN_OBJECT'];

// Every error code of every declaration parser, written out: a code added to a parser fails to
// compile without its sentence, and a sentence without its code fails here.
const EVERY_CODE: Record<DeclarationWithReasons, readonly string[]> = {
  agents_md: ['EMPTY', 'HTML'],
  llms_txt: ['EMPTY', 'HTML', 'NO_H1', 'H1_NOT_FIRST', 'MULTIPLE_H1', 'NO_LINKS'],
  mcp_server_card: [...JSON_CODES, 'NO_NAME', 'NO_ENDPOINT', 'BAD_ENDPOINT'],
  a2a_agent_card: [
    ...JSON_CODES,
    'NO_NAME',
    'NO_DESCRIPTION',
    'NO_VERSION',
    'NO_CAPABILITIES',
    'NO_INPUT_MODES',
    'NO_OUTPUT_MODES',
    'NO_SKILLS',
    'BAD_SKILL',
    'NO_SKILL_TAGS',
    'NO_INTERFACE',
    'NO_BINDING',
    'BAD_INTERFACE_URL',
  ],
  x402: ['NOT_402', 'NO_PAYMENT_REQUIREMENTS', 'INVALID_HEADER', 'INVALID_BODY', 'NO_ACCEPTS'],
  openapi: [...JSON_CODES, 'INVALID_YAML', 'NOT_OPENAPI', 'UNSUPPORTED_VERSION', 'NO_TITLE'],
  link_headers: ['TOO_LARGE', 'UNPARSABLE'],
  api_catalog: [...JSON_CODES, 'NO_LINKSET', 'NO_ANCHOR', 'NO_LINKS', 'BAD_TARGET'],
  oauth_protected_resource: [...JSON_CODES, 'NO_RESOURCE', 'RESOURCE_NOT_HTTPS', 'RESOURCE_MISMATCH', 'BAD_AUTHORIZATION_SERVERS'],
  oauth_authorization_server: [
    ...JSON_CODES,
    'NO_ISSUER',
    'ISSUER_NOT_HTTPS',
    'ISSUER_MISMATCH',
    'NO_RESPONSE_TYPES',
    'NO_AUTHORIZATION_ENDPOINT',
    'NO_TOKEN_ENDPOINT',
    'ENDPOINT_NOT_HTTPS',
    'NO_OPENID_MEMBERS',
  ],
  web_bot_auth: [...JSON_CODES, 'NO_KEYS', 'BAD_KEY'],
  agent_skills: [...JSON_CODES, 'NO_SKILLS', 'BAD_ENTRY', 'NO_DIGEST'],
  ucp: [...JSON_CODES, 'NO_UCP', 'NO_VERSION', 'NO_CAPABILITIES'],
  acp: [...JSON_CODES, 'NOT_ACP', 'BAD_VERSION', 'BASE_URL_NOT_HTTPS', 'NO_TRANSPORTS', 'NO_SERVICES'],
  ap2: [...JSON_CODES, 'NO_ROLES'],
};

// Declarations whose warn detail is already a sentence of their own, with no parser codes.
const WITHOUT_CODES = ['markdown_negotiation', 'webmcp'];

const PARSERS: Record<DeclarationWithReasons, (text: string) => { readonly errors: readonly string[] }> = {
  agents_md: parseAgentsMd,
  llms_txt: parseLlmsTxt,
  mcp_server_card: parseMcpServerCard,
  a2a_agent_card: parseA2aAgentCard,
  x402: (text) => parseX402(402, { 'payment-required': text }, text),
  openapi: parseOpenApiDocument,
  link_headers: parseAgentLinks,
  api_catalog: parseApiCatalog,
  oauth_protected_resource: (text) => parseProtectedResourceMetadata(text, 'https://a.example'),
  oauth_authorization_server: (text) => parseAuthorizationServerMetadata(text, 'https://a.example'),
  web_bot_auth: parseSignaturesDirectory,
  agent_skills: parseAgentSkillsIndex,
  ucp: parseUcpProfile,
  acp: parseAcpDiscovery,
  ap2: parseAp2Extension,
};

describe('declaration reasons', () => {
  it('has a sentence for every error code of every declaration parser, and for no other code', () => {
    const ids = [...Object.keys(EVERY_CODE), ...WITHOUT_CODES].sort();
    expect(ids).to.deep.equal(DECLARATIONS.map((d) => d.id).sort());
    for (const [id, codes] of Object.entries(EVERY_CODE)) {
      expect(Object.keys(DECLARATION_REASONS[id as DeclarationWithReasons]).sort(), id).to.deep.equal([...codes].sort());
    }
  });

  it('says what is wrong, then what to publish, in plain words', () => {
    for (const [id, reasons] of Object.entries(DECLARATION_REASONS)) {
      for (const [code, sentence] of Object.entries(reasons as Record<string, string>)) {
        const where = `${id} ${code}`;
        expect(sentence, where).to.match(/^[A-Z/].{10,}: .{10,}\.$/);
        expect(sentence.length, where).to.be.below(300);
        expect(sentence, where).not.to.match(/\b[A-Z0-9]+_[A-Z0-9_]+\b/);
        expect(sentence.replaceAll('{domain}', ''), where).not.to.match(/[{}]\w/);
      }
    }
  });

  it('joins the sentences of several codes and fills in the domain', () => {
    expect(declarationProblem('mcp_server_card', ['NO_NAME', 'NO_ENDPOINT'], 'a.example')).to.equal(
      `${DECLARATION_REASONS.mcp_server_card.NO_NAME} ${DECLARATION_REASONS.mcp_server_card.NO_ENDPOINT}`,
    );
    expect(declarationProblem('oauth_protected_resource', ['RESOURCE_MISMATCH'], 'a.example')).to.contain('it must be https://a.example exactly');
  });

  it('has a sentence for whatever code a parser reports, on any input (property)', () => {
    const inputs = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
    );
    fc.assert(
      fc.property(inputs, (text) => {
        for (const [id, parse] of Object.entries(PARSERS)) {
          const reasons: Record<string, string> = DECLARATION_REASONS[id as DeclarationWithReasons];
          for (const code of parse(text).errors) expect(reasons[code], `${id} ${code}`).to.be.a('string');
        }
      }),
      { numRuns: 300 },
    );
  });
});
