import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Container } from 'inversify';
import { loadConfig } from '../../../src/adapters/config/load-config.js';
import { ToolCatalog } from '../../../src/adapters/mcp/tool-catalog.js';
import { MCP_TOOL, type VettedTool } from '../../../src/adapters/mcp/vetted-tool.js';
import { HttpRoutes } from '../../../src/adapters/shared/http-routes.js';
import { JOB_HANDLER, type JobKindHandler } from '../../../src/application/jobs/job-kind-handler.js';
import { JobWorkers } from '../../../src/application/jobs/job-workers.js';
import { JOB_KINDS } from '../../../src/application/ports/job-queue.js';
import { buildContainer } from '../../../src/main.js';
import { closeContainer } from '../../../src/service.js';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../../src');
// Loaded the way this file's own imports are, so that a token or class is the very value src/ binds.
const load = createRequire(import.meta.url);

/** What a constructor parameter asks the container for: `@inject(Name)` or `@multiInject(Name)`, and the module `Name` comes from. */
interface Injection {
  readonly file: string;
  readonly name: string;
  readonly module: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every injection written under src/, read from the text: the name and the file that exports it. */
function injections(): Injection[] {
  return sourceFiles(SRC).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const origin = new Map<string, string>();
    for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'(\.[^']+)'/g)) {
      for (const part of m[1]!.split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)
          .pop()!
          .trim();
        if (name) origin.set(name, resolve(dirname(file), m[2]!));
      }
    }
    return [...text.matchAll(/@(?:multiInject|inject)\(\s*([A-Za-z_$][\w$]*)\s*\)/g)].map((m) => ({
      file: relative(SRC, file),
      name: m[1]!,
      module: origin.get(m[1]!) ?? file.replace(/\.ts$/, '.js'),
    }));
  });
}

function injectedValue(injection: Injection): unknown {
  const exports = load(injection.module) as Record<string, unknown>;
  const value = exports[injection.name];
  if (value === undefined) throw new Error(`${injection.file} injects ${injection.name}, which ${relative(SRC, injection.module)} does not export`);
  return value;
}

describe('the composition root binds everything that is injected', () => {
  let dir: string;
  let containers: Container[];

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'vetted-complete-'));
    const sqlite = loadConfig({ DATABASE_URL: `sqlite:${join(dir, 'v.sqlite')}`, LOG_LEVEL: 'silent' });
    // Never connected: building and resolving opens no connection; it only binds the PostgreSQL, SMTP and CDN purge adapters.
    const postgres = loadConfig({
      DATABASE_URL: 'postgres://vetted@127.0.0.1:1/vetted',
      SMTP_URL: 'smtp://127.0.0.1:1',
      CDN_PURGE_URL: 'http://127.0.0.1:1/purge',
      LOG_LEVEL: 'silent',
    });
    containers = [buildContainer(sqlite), buildContainer(postgres)];
  });
  after(async () => {
    for (const container of containers) await closeContainer(container);
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds the injections it checks', () => {
    const names = new Set(injections().map((injection) => injection.name));
    for (const name of ['HttpRoutes', 'MCP_TOOL', 'JOB_HANDLER', 'VerifyDomain', 'RunScanJob', 'JobQueue']) expect(names, name).to.include(name);
  });

  it('binds every value any constructor under src/ injects (a use case, a port, a set), under one database or the other', async () => {
    const unbound: string[] = [];
    for (const injection of injections()) {
      const value = injectedValue(injection) as Parameters<Container['isBound']>[0];
      if (!containers.some((container) => container.isBound(value))) unbound.push(`${injection.file} injects ${injection.name}`);
    }
    expect(unbound).to.deep.equal([]);
  });

  it('resolves every injected value, and so everything each route, tool, command and job handler needs', async () => {
    for (const container of containers) {
      for (const injection of injections()) {
        const value = injectedValue(injection) as Parameters<Container['isBound']>[0];
        if (container.isBound(value)) expect(() => container.getAll(value), `${injection.file}: ${injection.name}`).not.to.throw();
      }
    }
  });

  it('offers the MCP tools in the order tools/list shows them', () => {
    const names = containers[0]!.getAll<VettedTool>(MCP_TOOL).map((tool) => tool.name);
    expect(names).to.deep.equal([
      'check_trust',
      'check_payment',
      'verify_domain',
      'scan_domain',
      'get_report',
      'lookup_entity',
      'watch_domain',
      'unwatch_domain',
    ]);
  });

  it('counts the bound tools that only read stored data as public reads: the hint every tool must state decides', () => {
    const catalog = new ToolCatalog(containers[0]!.getAll<VettedTool>(MCP_TOOL), () => undefined);
    expect(catalog.readOnlyTools).to.deep.equal(['check_trust', 'check_payment', 'verify_domain', 'get_report', 'lookup_entity']);
  });

  it('has one handler for every job kind, and a worker that takes them', () => {
    const kinds = containers[0]!.getAll<JobKindHandler>(JOB_HANDLER).map((handler) => handler.kind);
    expect([...kinds].sort()).to.deep.equal([...JOB_KINDS].sort());
    expect(containers[0]!.get(JobWorkers)).to.be.instanceOf(JobWorkers);
  });

  it('mounts the MCP endpoint as one of the route areas', () => {
    const areas = containers[0]!.getAll<HttpRoutes>(HttpRoutes).map((area) => area.constructor.name);
    expect(areas).to.include('McpEndpoint');
    expect(areas).to.include('RegistryRoutes');
  });
});
