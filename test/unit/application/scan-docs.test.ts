import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { FileDocumentTemplates } from '../../../src/adapters/templates/file-document-templates.js';
import { changelog } from '../../../src/application/views/docs/guides.js';
import { domainName } from '../../../src/domain/domain-name.js';
import { judgeSite } from '../../../src/domain/scan/judge/judge-site.js';
import { METHODOLOGY_REVISIONS } from '../../../src/domain/scan/methodology-history.js';
import { methodologyMarkdown } from '../../../src/domain/scan/methodology-markdown.js';
import { CORE_CHECKS, DECLARATIONS, METHODOLOGY_VERSION } from '../../../src/domain/scan/methodology.js';
import type { ProbeResponse } from '../../../src/domain/scan/probes.js';

// The name /changelog.md gives each declaration; a declaration added to the methodology fails
// here until the changelog names it.
const NAMES: Record<string, string> = {
  agents_md: 'agents.md',
  llms_txt: 'llms.txt',
  mcp_server_card: 'MCP server card',
  a2a_agent_card: 'A2A agent card',
  x402: 'x402',
  openapi: 'OpenAPI',
  markdown_negotiation: 'Markdown negotiation',
  api_catalog: 'API catalog (RFC 9727)',
  oauth_protected_resource: 'OAuth protected resource metadata (RFC 9728)',
  oauth_authorization_server: 'OAuth authorization server metadata (RFC 8414 or OpenID Connect discovery)',
  webmcp: 'WebMCP tool forms',
  link_headers: 'the homepage Link header (RFC 8288)',
  agent_skills: 'Agent Skills index',
  ucp: 'UCP business profile',
  acp: 'ACP discovery document',
  ap2: 'AP2 extension of the A2A agent card',
  web_bot_auth: 'Web Bot Auth key directory',
};

describe('/changelog.md', () => {
  const changelogMd = changelog(new FileDocumentTemplates());

  it('names every declaration the methodology looks for', () => {
    expect(Object.keys(NAMES).sort()).to.deep.equal(DECLARATIONS.map((d) => d.id).sort());
    const line = changelogMd.split('\n').find((l) => l.startsWith('- Declarations looked for (never scored): '))!;
    for (const [id, name] of Object.entries(NAMES)) expect(line, id).to.contain(name);
  });

  it('names each rule the current methodology revision changed, with why, as /methodology.md does', () => {
    const current = METHODOLOGY_REVISIONS[0]!;
    expect(current.version).to.equal(METHODOLOGY_VERSION);
    expect(METHODOLOGY_REVISIONS.map((r) => r.version)).to.have.length(new Set(METHODOLOGY_REVISIONS.map((r) => r.version)).size);
    for (const text of [changelogMd, methodologyMarkdown()]) {
      expect(text).to.contain(`${current.version} (from ${current.published})`);
      for (const change of current.changes) expect(text).to.contain(`- ${change}\n`);
    }
  });

  it('says under 2026-09-05.4 how legal links are chosen, what a missing Referrer-Policy means and how CORS is probed', () => {
    const revision = METHODOLOGY_REVISIONS.find((r) => r.version === '2026-09-05.4')!;
    const [legal, referrer, cors] = revision.changes;
    expect(legal).to.match(/^`contact_legal` takes for each page the link a reader takes.*never a link whose text is a sentence.*footer.* Why: /);
    expect(referrer).to.match(/^`security_headers` judges a missing Referrer-Policy.*strict-origin-when-cross-origin.* Why: /);
    expect(cors).to.match(/^`cross_origin` asks the homepage a second time with `Origin: https:\/\/vetted-origin-probe\.example`.* Why: /);
  });
});

describe('docs/scanner.md on the contact and legal check', () => {
  const readme = readFileSync(new URL('../../../docs/scanner.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
  const homepage = (links: string): ProbeResponse => ({
    ok: true,
    probe: 'https_root',
    requestedUrl: 'https://shop.example.com/',
    finalUrl: 'https://shop.example.com/',
    redirects: [],
    status: 200,
    headers: {},
    setCookies: [],
    remoteAddress: '203.0.113.1',
    bodyText: `<html><body>${links}</body></html>`,
    bodyBytes: 1,
    bodySha256: '0'.repeat(64),
    truncated: false,
    durationMs: 1,
    certificate: null,
  });
  const points = (links: string) =>
    judgeSite('rpt_x', domainName('shop.example.com'), [homepage(links)], new Date('2026-11-25T00:00:00Z')).checks.find((c) => c.id === 'contact_legal')!
      .points;

  it('states the points as the check gives them', () => {
    const max = CORE_CHECKS.find((c) => c.id === 'contact_legal')!.max;
    const offHost =
      points(
        '<a href="https://other.example.com/privacy">Privacy</a><a href="https://other.example.com/terms">Terms</a><a href="https://other.example.com/contact">Contact</a>',
      ) / 3;
    const read = points('<a href="mailto:hi@shop.example.com">Contact</a>');
    expect(readme).to.contain(`The check is worth ${max} points, ${read} for each of the three pages that reads as promised`);
    expect(readme).to.contain(`either earns ${offHost} of that page's ${read} points`);
    expect(readme).to.contain(`The check passes at ${max} and fails at 0.`);
  });
});
