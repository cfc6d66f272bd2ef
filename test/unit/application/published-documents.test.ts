import type { AgentToolSummary } from '../../../src/application/ports/agent-tools.js';
import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'chai';
import { ERROR_STATUS } from '../../../src/adapters/http/error-status.js';
import { FileDocumentTemplates } from '../../../src/adapters/templates/file-document-templates.js';
import { PublishedDocuments } from '../../../src/application/operations/published-documents.js';
import type { AppConfig } from '../../../src/application/ports/app-config.js';
import { TEMPLATE_NAMES } from '../../../src/application/ports/document-templates.js';
import { fillTemplate } from '../../../src/application/views/docs/fill-template.js';
import { PUBLISHED_PATHS } from '../../../src/application/views/docs/published-documents.js';

const TEMPLATE_FOLDER = new URL('../../../docs/published/', import.meta.url);

// HTTP statuses are the protocol's numbers, not values the service chose: those it answers with.
// A status is never a quantity: followed by a unit, it is a figure typed by hand.
const STATUS = `(?:${[...new Set([...Object.values(ERROR_STATUS), 200, 201, 202, 204, 304, 406])].join('|')})\\b(?!\\s*(?:s|ms|min|h|d|KiB|MiB|bytes?|seconds?|minutes?|hours?|days?|years?|USD|per|times|messages|attempts|characters|watches)\\b)`;

/**
 * Numbers a template may type by hand because they are not values of the service: each pattern
 * names one kind, narrowly, so that a duration, a limit, a count or a version typed into the prose
 * still fails. Anything the service decides comes through a `{{placeholder}}`.
 */
const NOT_SERVICE_VALUES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bRFC \d+/g, 'RFC numbers'],
  [/\bSEP-\d+/g, 'MCP specification enhancement proposals'],
  [/\bOpenAPI 3\.1\b/g, 'the OpenAPI version /openapi.json follows'],
  [/\bJSON-RPC 2\.0\b/g, 'the JSON-RPC version'],
  [/-32\d{3}\b/g, 'JSON-RPC error codes'],
  [/\bdraft-07\b/g, 'the JSON Schema dialect the MCP schemas declare'],
  [/\bunder 128 characters\b/g, "SEP-986's tool-name length"],
  [/\bHMAC-SHA256\b|\bEd25519\b|\bbase64\b/g, 'algorithm and encoding names'],
  [/`v1,`/g, 'the Standard Webhooks signature version'],
  [/\bA2A\b|\bAP2\b|\bx402\b/g, 'protocol names'],
  [/\b2xx\b/g, 'a class of HTTP statuses'],
  [/\bseconds since 1970\b/g, 'the Unix epoch'],
  [/`127\.0\.0\.1(?::PORT)?`|`(?:http:\/\/)?\[::1\](?::PORT)?`|http:\/\/127\.0\.0\.1:PORT/g, 'loopback addresses'],
  [/\(exit 0 valid, 1 invalid or expired\)/g, 'the exit statuses of vetted verify-signature'],
  [/, timeout=\d+\)\.json\(\)/g, "the Python example's own client timeout"],
  [/`(?:ready|limited) \d+`/g, 'badge messages shown as examples'],
  [/\btrust_score: 0\b|\b(?:scores|expired) 0\b/g, 'nothing scored, by rule'],
  [/^ *\d+\. /gm, 'ordered-list numbers'],
  [new RegExp(`(?:\\bHTTP|\\banswers?|\\botherwise|\\bon|\\bor|\\band|\\ba|\\|)\\s+${STATUS}`, 'g'), 'HTTP statuses after the words that announce one'],
  [new RegExp(`\`[A-Z_]+\`,? ${STATUS}`, 'g'), 'HTTP statuses after their error code'],
  [new RegExp(`\\b${STATUS}(?= (?:\`[A-Z_]+\`|(?:a )?\\[|with\\b))`, 'g'), 'HTTP statuses before their error code, answer or body'],
];

/** Each number typed by hand in `text` that no pattern allows, with a little context. */
function handTypedNumbers(text: string): string[] {
  let prose = text.replace(/\{\{[A-Za-z0-9_.]+\}\}/g, '□');
  // Only the allowed digits go, so the words around them still announce the next status ("401 `UNAUTHORIZED`, 403 `FORBIDDEN`").
  for (const [pattern] of NOT_SERVICE_VALUES) prose = prose.replace(pattern, (match) => match.replace(/\d/g, ' '));
  return [...prose.matchAll(/\d+(?:[.,]\d+)*/g)].map(
    (m) => `"${m[0]}" in "…${prose.slice(Math.max(0, m.index - 30), m.index + m[0].length + 20).replace(/\s+/g, ' ')}…"`,
  );
}

// An operator's own settings, none of them the defaults, so that a document quoting a default fails.
const INSTANCE = {
  scanLimits: { perClientPerHour: 17, perDomainPerHour: 9, globalPerMinute: 333 },
  watches: { perClient: 41, perCallbackHost: 77, retryBaseSeconds: 45 },
} as AppConfig;

const TOOLS: readonly AgentToolSummary[] = [
  { name: 'check_trust', title: 'Check trust', summary: 'Trust.', tags: [], arguments: '`domain`', effect: 'the trust answer', readOnly: true },
  {
    name: 'get_report',
    title: 'Get a report',
    summary: 'A report.',
    tags: [],
    arguments: '`domain` or `report_id`',
    effect: 'a stored report',
    readOnly: true,
  },
  { name: 'scan_domain', title: 'Scan', summary: 'Scans.', tags: [], arguments: '`domain`', effect: 'a new report', readOnly: false },
];

describe('the published documents', () => {
  const templates = new FileDocumentTemplates();

  it('renders every published path from its template, leaving no placeholder', () => {
    const documents = new PublishedDocuments(templates, INSTANCE, TOOLS).run('https://vetted.example.org');
    expect(Object.keys(documents)).to.deep.equal([...PUBLISHED_PATHS]);
    for (const [path, text] of Object.entries(documents)) {
      expect(text, path).to.match(/^(#|---\n)/);
      expect(text, path).not.to.contain('{{');
    }
    expect(documents['/api.md']).to.contain('https://vetted.example.org/.well-known/jwks.json');
  });

  it('tables the bound tools in /mcp.md as each declares itself, and names the reading ones as counted reads in /api.md', () => {
    const documents = new PublishedDocuments(templates, INSTANCE, TOOLS).run('https://vetted.example.org');
    expect(documents['/mcp.md']).to.contain(
      '| Tool | Arguments | Effect |\n|---|---|---|\n| `check_trust` | `domain` | the trust answer |\n' +
        '| `get_report` | `domain` or `report_id` | a stored report |\n| `scan_domain` | `domain` | a new report |\n',
    );
    expect(documents['/api.md']).to.contain('the MCP tools that only read: `check_trust` and `get_report`)');
  });

  it("quotes the instance's own scan budgets and watch limits, not the defaults", () => {
    const documents = new PublishedDocuments(templates, INSTANCE, TOOLS).run('https://vetted.example.org');
    for (const path of ['/api.md', '/mcp.md'] as const) expect(documents[path], path).to.contain('17 per client per hour').and.to.contain('333 per minute');
    expect(documents['/api.md']).to.contain('41 active watches').and.to.contain('77 per callback host').and.to.contain('45 s');
  });

  it('has a Markdown file for each template name and no other', () => {
    const files = readdirSync(TEMPLATE_FOLDER).filter((file) => file.endsWith('.md'));
    expect(files.map((file) => file.slice(0, -'.md'.length)).sort()).to.deep.equal([...TEMPLATE_NAMES].sort());
  });

  it('types no number by hand in any template: every value the prose quotes is filled from the code', () => {
    const found = TEMPLATE_NAMES.flatMap((name) =>
      handTypedNumbers(readFileSync(new URL(`${name}.md`, TEMPLATE_FOLDER), 'utf8')).map((hit) => `${name}.md: ${hit}`),
    );
    expect(found).to.deep.equal([]);
  });

  it('catches a duration, a limit or a status-like figure typed into the prose', () => {
    expect(handTypedNumbers('Verify answers are cached 7 minutes.')).to.have.length(1);
    expect(handTypedNumbers('A batch carries at most 100 messages and a body 64 KiB.')).to.have.length(2);
    expect(handTypedNumbers('Badges are cached 300 seconds; scans wait 30 s.')).to.have.length(2);
    expect(handTypedNumbers('Payments up to 500 USD, or 503 minutes.')).to.have.length(2);
    expect(handTypedNumbers('MCP-Protocol-Version: 2025-06-18')).to.have.length(3);
    expect(handTypedNumbers('Cached {{verified_cache}}; `RATE_LIMITED` 429; RFC 9116; otherwise 413.')).to.deep.equal([]);
  });

  it('fills a template, and refuses a placeholder without a value or a value without a placeholder', () => {
    expect(fillTemplate('Cached {{a}}, then {{b.c}} and {{a}}.', { a: '1 hour', 'b.c': 'x' }, 'scratch')).to.equal('Cached 1 hour, then x and 1 hour.');
    expect(() => fillTemplate('Cached {{lifetime}}.', {}, 'scratch')).to.throw('Template "scratch": no value for {{lifetime}}.');
    expect(() => fillTemplate('Cached {{lifetime}}.', { lifetime: '1 hour', extra: '5' }, 'scratch')).to.throw(
      'Template "scratch": no placeholder uses "extra".',
    );
  });
});
