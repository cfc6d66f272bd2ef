import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect } from 'chai';
import { generate } from 'orval';
import { KnexEntityRepository } from '../../src/adapters/persistence/knex-entity-repository.js';
import { aNewEntity } from '../support/builders.js';
import { childEnv } from '../support/child-env.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

type Json = any;
const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

/** A literal of the parameter's schema type. */
function sample(schema: Json): string {
  if (schema?.enum) return JSON.stringify(schema.enum[0]);
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  return type === 'integer' || type === 'number' ? '1' : type === 'boolean' ? 'true' : "'example.com'";
}

/**
 * One call per operation of the document, by its operationId, with orval's argument order: each
 * path parameter as a literal, then the body (of the type the generated function declares), then
 * the query parameters with every required one given.
 */
function callsOf(document: Json): { source: string; operations: string[] } {
  const lines: string[] = [];
  const operations: string[] = [];
  for (const item of Object.values<Json>(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const id: string = operation.operationId;
      operations.push(id);
      const parameters: Json[] = operation.parameters ?? [];
      const args = parameters.filter((p) => p.in === 'path').map((p) => sample(p.schema));
      if (operation.requestBody?.content?.['application/json']) args.push(`{} as Parameters<typeof api.${id}>[${args.length}]`);
      const query = parameters.filter((p) => p.in === 'query');
      const required = query.filter((p) => p.required);
      if (required.length > 0) args.push(`{ ${required.map((p) => `${JSON.stringify(p.name)}: ${sample(p.schema)}`).join(', ')} }`);
      lines.push(`  await api.${id}(${args.join(', ')});`);
    }
  }
  const source = ["import * as api from './vetted.js';", '', 'export async function callEach(): Promise<void> {', ...lines, '}', ''].join('\n');
  return { source, operations };
}

function tsc(cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [TSC, '-p', cwd], { cwd, env: childEnv(), maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      done({ code: error === null ? 0 : 1, output: `${stdout}${stderr}` }),
    );
  });
}

describe('a client generated from /openapi.json by orval, compiled and called against a real service', function () {
  this.timeout(120_000);
  let t: TestService;
  let document: Json;
  let scratch: string;

  before(async () => {
    t = await startTestService(databaseKinds()[0]!, { LOG_LEVEL: 'warn' });
    await new KnexEntityRepository(t.database.db).create(aNewEntity({ name: 'Example Corp', domain: 'example.com', expiresAt: '2099-01-01T00:00:00.000Z' }));
    document = await (await t.get('/openapi.json')).json();
    scratch = mkdtempSync(join(tmpdir(), 'vetted-generated-'));
    writeFileSync(join(scratch, 'openapi.json'), JSON.stringify(document));
    // orval's fetch client: one exported function per operation, named by its operationId.
    await generate({ input: { target: join(scratch, 'openapi.json') }, output: { target: join(scratch, 'vetted.ts'), client: 'fetch', baseUrl: t.url } });
    writeFileSync(join(scratch, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(
      join(scratch, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          lib: ['ES2022', 'DOM'],
        },
        files: ['calls.ts'],
      }),
    );
    symlinkSync(join(ROOT, 'node_modules'), join(scratch, 'node_modules'));
  });
  after(async () => {
    await t?.stop();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('compiles a call to every operation, each a function named by its operationId, under tsc --strict', async () => {
    const { source, operations } = callsOf(document);
    expect(operations.length).to.be.greaterThan(50);
    expect(new Set(operations).size, 'operationIds are unique').to.equal(operations.length);
    writeFileSync(join(scratch, 'calls.ts'), source);
    const compiled = await tsc(scratch);
    expect(compiled.code, compiled.output).to.equal(0);
    // The check bites: an operation the document does not have, or a missing path parameter, does not compile.
    writeFileSync(join(scratch, 'calls.ts'), `${source}\nexport const wrong = () => [api.verifyNowhere('x'), api.verifyDomain()];\n`);
    const refused = await tsc(scratch);
    expect(refused.code).to.equal(1);
    expect(refused.output)
      .to.contain("Property 'verifyNowhere' does not exist")
      .and.match(/Expected [0-9-]+ arguments, but got 0/);
  });

  it('calls the service through the generated functions and gets the answers the document declares', async () => {
    const api = await import(pathToFileURL(join(scratch, 'vetted.ts')).href);
    const verify = await api.verifyDomain('example.com');
    expect(verify.status).to.equal(200);
    expect(verify.data.data.verified).to.equal(true);
    const many = await api.verifyDomains({ domains: ['example.com', 'nobody.example.org'] });
    expect(many.data.data.items.map((item: Json) => item.success)).to.deep.equal([true, true]);
    const missing = await api.lookupEntity('ent_nothere101');
    expect(missing.status).to.equal(404);
    expect(missing.data.error.code).to.equal('NOT_FOUND');
  });
});
