import { expect } from 'chai';
import { renderHomePage, renderSitePage } from '../../../src/adapters/http/presenters/home-page.js';
import { siteFiles, publicUrls, homeLinkHeader, API_CATALOG_TYPE } from '../../../src/application/views/docs/site-files.js';
import type { AgentToolSummary } from '../../../src/application/ports/agent-tools.js';
import { HOME_DESCRIPTION, homeMarkdown, homeView, sitePageMarkdown, sitePages } from '../../../src/application/views/docs/site-files-pages.js';
import { extractHomepageFacts } from '../../../src/domain/scan/parsers/html-homepage.js';
import { parseA2aAgentCard } from '../../../src/domain/scan/parsers/a2a-agent-card.js';
import { parseMcpServerCard } from '../../../src/domain/scan/parsers/json-declarations.js';
import { parseLlmsTxt } from '../../../src/domain/scan/parsers/llms-txt.js';
import { aiAgentAccess, AI_CRAWLER_TOKENS, isAllowed } from '../../../src/domain/scan/parsers/robots-txt-access.js';
import { parseRobotsTxt } from '../../../src/domain/scan/parsers/robots-txt.js';
import { parseSecurityTxt } from '../../../src/domain/scan/parsers/security-txt.js';
import { parseSitemap } from '../../../src/domain/scan/parsers/sitemap-xml.js';

const BASE = 'https://vetted.example.net';
const CONFIG = {
  baseUrl: BASE,
  securityContact: 'mailto:security@vetted.example.net',
  securityTxtExpires: '2027-05-21T10:00:00.000Z',
  mailFrom: 'Vetted <no-reply@vetted.example.net>',
};
const NOW = new Date('2026-11-22T10:00:00.000Z');
// The cards carry whatever tools are bound (the MCP adapter's AgentTools), in their order.
const TOOLS: readonly AgentToolSummary[] = [
  {
    name: 'check_trust',
    title: 'Check trust',
    summary: 'How far to trust a domain.',
    tags: ['trust'],
    arguments: '`domain`',
    effect: 'the trust answer',
    readOnly: true,
  },
  {
    name: 'scan_domain',
    title: 'Scan a domain',
    summary: 'Scans a site.',
    tags: ['scan', 'websites'],
    arguments: '`domain`',
    effect: 'a report',
    readOnly: false,
  },
];

function file(path: string): { contentType: string; body: string } {
  const found = siteFiles(CONFIG, TOOLS).find((f) => f.path === path);
  if (!found) throw new Error(`no site file ${path}`);
  return found;
}

describe('the site files Vetted publishes about itself', () => {
  it('serves robots.txt that the scanner parses cleanly: every listed AI agent named and allowed, tokens kept out, the sitemap named', () => {
    const robots = parseRobotsTxt(file('/robots.txt').body);
    expect(robots.invalidLineCount).to.equal(0);
    expect(robots.warningCount).to.equal(0);
    expect(robots.groups).to.have.length(2);
    expect(robots.groups[1]!.userAgents).to.deep.equal(['*']);
    expect(robots.sitemaps).to.deep.equal([`${BASE}/sitemap.xml`]);
    const access = aiAgentAccess(robots);
    expect(access.blockedCount).to.equal(0);
    expect(access.namedCount).to.equal(AI_CRAWLER_TOKENS.length);
    for (const agent of ['GPTBot', 'SomeOtherBot/1.0']) {
      expect(isAllowed(robots, agent, '/api.md'), agent).to.equal(true);
      expect(isAllowed(robots, agent, '/confirm/secret-token'), agent).to.equal(false);
    }
    expect(file('/robots.txt').contentType).to.equal('text/plain; charset=utf-8');
  });

  it('lists every public page and document in a sitemap the scanner parses without warnings', () => {
    const sitemap = parseSitemap(file('/sitemap.xml').body);
    expect(sitemap).to.include({ valid: true, kind: 'urlset', locCount: publicUrls(BASE).length, invalidLocCount: 0 });
    expect(sitemap.warnings).to.deep.equal([]);
    for (const path of ['/', '/privacy', '/terms', '/contact', '/llms.txt', '/docs', '/api.md', '/mcp.md', '/agents.md', '/methodology.md']) {
      expect(sitemap.sampleLocs, path).to.include(`${BASE}${path}`);
    }
  });

  it('publishes llms.txt with its H1, the summary and links to the documents agents need', () => {
    const text = file('/llms.txt').body;
    const llms = parseLlmsTxt(text);
    expect(llms).to.include({ valid: true, title: 'Vetted', summary: HOME_DESCRIPTION, hasOptionalSection: true });
    expect(llms.warnings).to.deep.equal([]);
    expect(llms.sections.map((s) => s.title)).to.deep.equal(['Docs', 'Optional']);
    for (const path of ['/docs', '/api.md', '/mcp.md', '/openapi.json']) expect(text).to.contain(`](${BASE}${path})`);
  });

  it('writes security.txt with Contact and Expires from configuration, Canonical and Preferred-Languages', () => {
    const text = file('/.well-known/security.txt').body;
    const parsed = parseSecurityTxt(text, NOW);
    expect(parsed).to.include({ valid: true, expiresAt: CONFIG.securityTxtExpires, unknownFieldCount: 0, invalidLineCount: 0 });
    expect(parsed.contact).to.deep.equal([CONFIG.securityContact]);
    expect(parsed.canonical).to.deep.equal([`${BASE}/.well-known/security.txt`]);
    expect(parsed.policy).to.deep.equal([`${BASE}/contact`]);
    expect(parsed.preferredLanguages).to.deep.equal(['en']);
    expect(parsed.warnings).to.deep.equal([]);
    expect(parseSecurityTxt(text, new Date('2027-05-21T10:00:01.000Z')).errors).to.deep.equal(['EXPIRED']);
  });

  it('announces the MCP server with the same card at both paths, which the scanner reads as valid', () => {
    const text = file('/.well-known/mcp/server-card.json').body;
    expect(file('/.well-known/mcp.json').body).to.equal(text);
    const card = parseMcpServerCard(text);
    expect(card).to.include({ valid: true, name: 'vetted', protocolVersion: '2025-11-25', toolCount: TOOLS.length, authenticationRequired: false });
    expect(card.endpoints).to.deep.equal([{ type: 'streamable-http', url: `${BASE}/mcp` }]);
    const json = JSON.parse(text);
    expect(json.tools).to.deep.equal([
      { name: 'check_trust', title: 'Check trust', description: 'How far to trust a domain.' },
      { name: 'scan_domain', title: 'Scan a domain', description: 'Scans a site.' },
    ]);
  });

  it('publishes an A2A agent card with skills and the MCP interface, which the scanner reads without errors or warnings', () => {
    const card = parseA2aAgentCard(file('/.well-known/agent-card.json').body);
    expect(card).to.include({ valid: true, name: 'Vetted', description: HOME_DESCRIPTION, skillCount: TOOLS.length, legacyUrl: `${BASE}/mcp` });
    expect(card.errors).to.deep.equal([]);
    expect(card.warnings).to.deep.equal([]);
    expect(card.skillIds).to.deep.equal(['check_trust', 'scan_domain']);
    expect(JSON.parse(file('/.well-known/agent-card.json').body).skills[1]).to.deep.equal({
      id: 'scan_domain',
      name: 'Scan a domain',
      description: 'Scans a site.',
      tags: ['scan', 'websites'],
    });
    expect(card.interfaces).to.deep.equal([{ url: `${BASE}/mcp`, protocolBinding: 'MCP', protocolVersion: '2025-11-25' }]);
  });

  it('publishes the API catalog as an RFC 9727 linkset, and links it from the home page', () => {
    const catalog = file('/.well-known/api-catalog');
    expect(catalog.contentType).to.equal(API_CATALOG_TYPE);
    expect(JSON.parse(catalog.body)).to.deep.equal({
      linkset: [
        {
          anchor: `${BASE}/`,
          'service-desc': [{ href: `${BASE}/openapi.json`, type: 'application/openapi+json' }],
          'service-doc': [{ href: `${BASE}/api.md`, type: 'text/markdown' }],
          status: [{ href: `${BASE}/status`, type: 'application/json' }],
        },
      ],
    });
    expect(homeLinkHeader(BASE)).to.equal(
      `<${BASE}/.well-known/api-catalog>; rel="api-catalog", <${BASE}/openapi.json>; rel="service-desc"; type="application/openapi+json", ` +
        `<${BASE}/api.md>; rel="service-doc"; type="text/markdown", <${BASE}/>; rel="alternate"; type="text/markdown"`,
    );
  });

  it('renders a home page whose title, description, language, Organization and legal links the scanner finds', () => {
    const facts = extractHomepageFacts(renderHomePage(homeView(CONFIG)), `${BASE}/`);
    expect(facts).to.include({ title: 'Vetted: website trust and readiness', metaDescription: HOME_DESCRIPTION, lang: 'en' });
    expect(facts.jsonLd).to.include({ blockCount: 1, invalidBlockCount: 0 });
    expect(facts.jsonLd.organization).to.deep.equal({ type: 'Organization', name: 'Vetted', url: `${BASE}/`, logo: null, sameAs: [] });
    expect(facts.keyLinks).to.include({ privacy: `${BASE}/privacy`, terms: `${BASE}/terms`, contact: `${BASE}/contact` });
    for (const path of ['/docs', '/api.md', '/mcp.md', '/llms.txt']) expect(facts.links.map((l) => l.href)).to.include(`${BASE}${path}`);
  });

  it('keeps a JSON-LD value from closing its script element', () => {
    const html = renderHomePage({
      ...homeView(CONFIG),
      organization: { '@type': 'Organization', name: '</script><script>alert(1)</script>', url: `${BASE}/` },
    });
    expect(html).not.to.contain('</script><script>');
    expect(extractHomepageFacts(html, `${BASE}/`).jsonLd.organization?.name).to.equal('</script><script>alert(1)</script>');
  });

  it('gives the home page a Markdown twin with the same documents and legal pages', () => {
    const md = homeMarkdown(CONFIG);
    expect(md).to.match(/^# Vetted\n\n> /);
    for (const path of ['/docs', '/api.md', '/mcp.md', '/llms.txt', '/privacy', '/terms', '/contact']) expect(md).to.contain(`](${BASE}${path})`);
  });

  it('says in the privacy, terms and contact pages what is stored and whom to contact, from configuration', () => {
    const pages = sitePages(CONFIG);
    const privacy = sitePageMarkdown(pages['/privacy'], BASE);
    for (const stored of ['contact e-mail address', 'Scan reports', 'Access logs', 'client network address']) expect(privacy).to.contain(stored);
    expect(privacy).to.contain(CONFIG.securityContact);
    expect(sitePageMarkdown(pages['/terms'], BASE)).to.contain('- whether the business is legitimate, solvent or good at what it does');
    const contact = sitePageMarkdown(pages['/contact'], BASE);
    expect(contact).to.contain(`[Security contact](${CONFIG.securityContact})`);
    expect(contact).to.contain(CONFIG.mailFrom);
    const html = renderSitePage(pages['/contact']);
    expect(html).to.contain('Vetted &lt;no-reply@vetted.example.net&gt;');
    expect(html).to.contain(`<a href="${CONFIG.securityContact}">`);
    expect(extractHomepageFacts(html, `${BASE}/contact`).metaDescription).to.equal(pages['/contact'].description);
  });
});
