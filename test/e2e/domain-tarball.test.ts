import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { expectSuccess, runFile, type Run } from '../support/node-run.js';
import { offlineLock } from '../support/offline-lock.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
// The npm that runs `npm test` (npm names itself), else the one installed beside node.
const NPM_CLI = process.env.npm_execpath?.endsWith('.js')
  ? process.env.npm_execpath
  : join(dirname(process.execPath), '../lib/node_modules/npm/bin/npm-cli.js');
const SERVER_PACKAGES = [
  'koa',
  '@koa/router',
  'knex',
  'sqlite3',
  'pg',
  'pg-boss',
  'inversify',
  'nodemailer',
  'reflect-metadata',
  'zod',
  '@modelcontextprotocol/sdk',
];

const run = runFile;
const succeed = async (what: string, running: Promise<Run>): Promise<Run> => expectSuccess(what, await running);

// What another TypeScript service writes after `npm install vetted-domain`: the one-call question.
const CONSUMER = `import { checkCounterparty, type CounterpartyCheck } from 'vetted-domain';

const now = new Date('2026-06-01T00:00:00Z');
const good = {
  registeredAt: '2015-03-01T00:00:00Z',
  tls: { valid: true, validTo: '2026-12-01T00:00:00Z', observedAt: '2026-05-31T00:00:00Z' },
  external: { blocklists: { listedOn: [] }, spf: { published: true }, dmarc: { published: true }, readiness: { value: 'ready' as const } },
};
const answers: CounterpartyCheck[] = [
  checkCounterparty('shop.example.co.uk', { ...good, registry: { kind: 'verified', level: 'enterprise' } }, now),
  checkCounterparty('paypa1.com', good, now),
  checkCounterparty('https://example.com/login', {}, now),
];
console.log(JSON.stringify(answers.map((a) => (a.ok ? [a.domain, a.assessment.trust_score, a.assessment.agent_guidance.action, a.brand.lookalikeOf] : a.reason))));
`;

describe('vetted-domain, the domain as a package of its own: packed, installed offline, compiled and run', function () {
  this.timeout(120_000);
  let dir: string;
  let consumer: string;
  let packed: { name: string; version: string; dependencies: Record<string, string> };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vetted-domain-tarball-'));
    const build = join(dir, 'build');
    const pkg = join(dir, 'package');
    consumer = join(dir, 'consumer');
    mkdirSync(consumer);
    // Built as `npm run build` builds, into the scratch folder: the checkout's dist/ is left alone.
    await succeed('the build', run(process.execPath, [TSC, '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', build], ROOT));
    await succeed('the domain package', run(process.execPath, [join(ROOT, 'scripts/domain-package.mjs'), pkg, join(build, 'src/domain')], ROOT));
    packed = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
    await succeed('npm pack', run(process.execPath, [NPM_CLI, 'pack', pkg, '--pack-destination', consumer, '--silent'], ROOT));
    const file = readdirSync(consumer).find((f) => f.endsWith('.tgz'))!;
    writeFileSync(
      join(consumer, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies: { [packed.name]: `file:${file}` } }),
    );
    writeFileSync(
      join(consumer, 'package-lock.json'),
      JSON.stringify(offlineLock(ROOT, 'consumer', { name: packed.name, version: packed.version, file, path: join(consumer, file) }, packed.dependencies)),
    );
    await succeed('npm ci --offline', run(process.execPath, [NPM_CLI, 'ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], consumer));
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2023', 'DOM'],
          types: [],
          strict: true,
          outDir: 'out',
          skipLibCheck: false,
        },
        files: ['index.ts'],
      }),
    );
    writeFileSync(join(consumer, 'index.ts'), CONSUMER);
  });
  after(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('is a package of its own: name, version, the licence, an exports map and types, and only the domain’s libraries as dependencies', () => {
    const installed = JSON.parse(readFileSync(join(consumer, 'node_modules', packed.name, 'package.json'), 'utf8'));
    expect(installed.name).to.equal('vetted-domain');
    expect(installed.version).to.equal(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
    expect(installed.license).to.equal('Apache-2.0');
    expect(existsSync(join(consumer, 'node_modules', packed.name, 'LICENSE'))).to.equal(true);
    expect(installed.exports['.']).to.deep.equal({ types: './dist/index.d.ts', default: './dist/index.js' });
    expect(Object.keys(installed.dependencies)).to.include('tldts');
  });

  it('installs none of the server’s packages', () => {
    const present = SERVER_PACKAGES.filter((name) => existsSync(join(consumer, 'node_modules', name)));
    expect(present).to.deep.equal([]);
    const installed = readdirSync(join(consumer, 'node_modules')).filter((name) => !name.startsWith('.'));
    expect(installed.length, installed.join(', ')).to.be.below(30);
  });

  it('compiles a strict consumer with tsc and runs it on plain Node: the trust answer in one call', async () => {
    await succeed('tsc over the consumer', run(process.execPath, [TSC, '-p', 'tsconfig.json'], consumer));
    const result = await succeed('the consumer', run(process.execPath, ['out/index.js'], consumer));
    expect(JSON.parse(result.stdout)).to.deep.equal([
      // enterprise 40 + brand 0 + 11 full years + valid TLS 10 + clean external 15
      ['shop.example.co.uk', 76, 'PROCEED', null],
      ['paypa1.com', 36, 'FLAG', 'paypal.com'],
      'give a bare domain name such as example.com, without scheme, port, path or user',
    ]);
    expect(result.stderr).to.equal('');
  });
});
