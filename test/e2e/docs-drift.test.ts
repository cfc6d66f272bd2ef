import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'chai';
import { CONFIG_VARIABLES, loadConfig } from '../../src/adapters/config/load-config.js';
import { COMMAND_SPECS } from '../../src/adapters/cli/cli-module.js';
import { usageLines } from '../../src/adapters/cli/command-help.js';
import { ERROR_STATUS } from '../../src/adapters/http/error-status.js';
import { HttpServer } from '../../src/adapters/http/http-server.js';
import { AppConfig } from '../../src/application/ports/app-config.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';

// The docs people and agents read are checked against what the running service has: every route
// it mounts, every error code with its status, every MCP tool with its arguments. A route, code or
// tool added without its documentation fails here.
const doc = (name: string) => readFileSync(new URL(`../../docs/${name}`, import.meta.url), 'utf8');
// The reference in docs/, one subject a file; the command and configuration tables each in their own.
const DOCS = readdirSync(new URL('../../docs/', import.meta.url))
  .filter((name) => name.endsWith('.md'))
  .map(doc)
  .join('\n');
const COMMAND_LINE = doc('command-line.md');
const CONFIGURATION = doc('configuration.md');
// Documents served under their own paths (the Markdown set), named together in the docs.
const DOCUMENT_ROUTES = /^\/(developers|api|integration|verify|changelog|agents|mcp|methodology)\.md$|^\/docs$/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `/verify/:domain` as the docs write it: `/verify/{domain}` (and the contract's `/lookup/{entity-id}`). */
function documented(path: string): string {
  if (path === '/lookup/:id') return '/lookup/{entity-id}';
  return path.replace(/[:*](\w+)/g, (_, name: string) => `{${name === 'file' ? 'id' : name}}`);
}

const [kind] = databaseKinds();
describe('docs that cannot drift from the service', () => {
  let t: TestService;
  let apiMd: string;
  let mcpMd: string;
  before(async () => {
    t = await startTestService(kind!);
    apiMd = await (await t.get('/api.md')).text();
    mcpMd = await (await t.get('/mcp.md')).text();
  });
  after(() => t.stop());

  it('documents every mounted route in docs/ and in /api.md, and mounts every route /api.md names', () => {
    const routes = t.service.container.get(HttpServer).routes();
    const missing: string[] = [];
    for (const { path } of routes) {
      if (DOCUMENT_ROUTES.test(path)) continue;
      const written = path === '/reports/:file' ? '/reports/{id}' : documented(path);
      // The whole path, between a backtick or a space and a backtick, space or query: /status is not /status/ready.
      if (!new RegExp(`[\`\\s]${escapeRegExp(written)}[\`\\s?]`).test(DOCS)) missing.push(`docs/: ${written}`);
      if (!apiMd.includes(written) && path !== '/' && path !== '/scans/:id') missing.push(`/api.md: ${written}`);
    }
    expect(missing).to.deep.equal([]);
    const mounted = new Set(routes.map((r) => documented(r.path)).concat('/reports/{id}'));
    const named = [...apiMd.matchAll(/`(?:GET|POST) (\/[^`\s?]*)/g)].map((m) => m[1]!);
    expect(named.filter((p) => !mounted.has(p) && !mounted.has(p.replace(/\.(json|md)$/, '')))).to.deep.equal([]);
  });

  it("gives every command of the CLI its row in docs/command-line.md's table, its usage as help prints it, and no row to a command it lacks", () => {
    // The first cell of each row, `vetted …` as written, with the table's escaped pipes read back.
    const rows = COMMAND_LINE.split('\n')
      .filter((line) => line.startsWith('| `vetted '))
      .map((line) => line.slice(3, line.indexOf('` |')).replace(/\\\|/g, '|'))
      .filter((usage) => !/^vetted (help|--version)\b/.test(usage));
    const usages = COMMAND_SPECS.flatMap((spec) => usageLines(spec).map((line) => `vetted ${line}`));
    expect(
      usages.filter((usage) => !rows.includes(usage)),
      'commands without their row in docs/command-line.md',
    ).to.deep.equal([]);
    expect(
      rows.filter((row) => !usages.includes(row)),
      'rows of docs/command-line.md no command has',
    ).to.deep.equal([]);
  });

  it('lists every error code with its HTTP status in docs/http-api.md and /api.md', () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(doc('http-api.md'), `docs/http-api.md: ${code}`).to.match(new RegExp(`\\| \`${code}\` \\| ${status} \\|`));
      expect(apiMd, `/api.md: ${code}`).to.contain(`\`${code}\` ${status}`);
    }
  });

  it('lists every environment variable in docs/configuration.md, and no variable the service does not read', () => {
    const rows = [...CONFIGURATION.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1]!);
    expect([...rows].sort()).to.deep.equal([...CONFIG_VARIABLES].sort());
  });

  it('states the default limits in docs/ and /api.md as the configuration has them', () => {
    const { scanLimits } = loadConfig({});
    const budgets = `${scanLimits.perClientPerHour} per client per hour, ${scanLimits.perDomainPerHour} per domain per hour, ${scanLimits.globalPerMinute} per minute`;
    expect(apiMd).to.contain(`budgets: ${budgets}`);
    expect(mcpMd).to.contain(budgets);
    expect(DOCS).to.contain('64 KiB');
    expect(apiMd).to.contain('bodies over 64 KiB');
  });

  it('links only to addresses the service answers, from every document it publishes and from llms.txt', async () => {
    const base = t.service.container.get<AppConfig>(AppConfig).baseUrl;
    const documents = [
      '/docs',
      '/developers.md',
      '/api.md',
      '/integration.md',
      '/verify.md',
      '/mcp.md',
      '/agents.md',
      '/changelog.md',
      '/methodology.md',
      '/llms.txt',
    ];
    const dead: string[] = [];
    let checked = 0;
    for (const document of documents) {
      const text = await (await t.get(document)).text();
      const links = new Set(
        [...text.matchAll(/https?:\/\/[^\s)\]"'`<>]+/g)].map((m) => m[0].replace(/[.,;:]+$/, '')).filter((u) => u.startsWith(`${base}/`) && !/[{}$]/.test(u)),
      );
      for (const link of links) {
        const path = link.slice(base.length);
        // The MCP endpoint answers POSTs; a plain GET of it is refused by design.
        if (path.startsWith('/mcp') && !path.endsWith('.md')) continue;
        const res = await t.get(path);
        checked++;
        if (res.status === 404 || res.status >= 500) dead.push(`${document}: ${path} answered ${res.status}`);
      }
    }
    expect(dead).to.deep.equal([]);
    expect(checked, 'links followed').to.be.at.least(20);
  });

  it('describes every MCP tool the endpoint lists, with each of its arguments, in /mcp.md', async () => {
    const res = await t.get('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    const tools = ((await res.json()) as { result: { tools: Array<{ name: string; inputSchema: { properties?: Record<string, unknown> } }> } }).result.tools;
    expect(tools.length).to.be.at.least(5);
    for (const tool of tools) {
      const row = mcpMd.split('\n').find((line) => line.startsWith(`| \`${tool.name}\``));
      expect(row, `/mcp.md row for ${tool.name}`).to.be.a('string');
      for (const argument of Object.keys(tool.inputSchema.properties ?? {})) expect(row, `${tool.name}(${argument})`).to.contain(`\`${argument}\``);
    }
  });
});
