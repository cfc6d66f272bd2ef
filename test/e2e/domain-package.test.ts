import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { PURE_DOMAIN_LIBRARIES } from '../../scripts/check-layers.js';
import { expectSuccess, runFile, type Run } from '../support/node-run.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

// A clean environment: no NODE_OPTIONS, so neither tsx nor reflect-metadata reaches the child.
const run = (args: string[], cwd: string): Promise<Run> => runFile(process.execPath, args, cwd);

// What another TypeScript service writes: only `vetted/domain`, through the exports map.
const CONSUMER = `import {
  BRAND_DOMAINS, BrandCatalog, LookalikeDetector, WORD_BRAND_LABELS,
  assessTrust, domainName, judgeBrand, judgeReadiness, parseDomainName, trustLevelFor,
  type DomainName, type TrustAssessment, type TrustInputs,
} from 'vetted/domain';
// @ts-expect-error -- a deep path is not in the exports map, so the declarations are out of reach too
import type { DomainName as Deep } from 'vetted/dist/src/domain/domain-name.js';

// @ts-expect-error -- a DomainName is branded: the declarations carry the real types, not any
const unchecked: DomainName = 'example.com';

const now = new Date('2026-06-01T00:00:00Z');
const parsed = parseDomainName('Shop.Example.CO.UK.');
if (!parsed.ok) throw new Error(parsed.reason);
const refused = parseDomainName('https://example.com/login');
const detector = new LookalikeDetector(new BrandCatalog(BRAND_DOMAINS, WORD_BRAND_LABELS));
const inputs: TrustInputs = {
  registry: { kind: 'verified', level: 'enterprise' },
  brand: judgeBrand(parsed.name, detector),
  registeredAt: '2015-03-01T00:00:00Z',
  tls: { valid: true, validTo: '2026-12-01T00:00:00Z', observedAt: '2026-05-31T00:00:00Z' },
  external: { blocklists: { listedOn: [] }, spf: { published: true }, dmarc: { published: true }, readiness: { value: 'ready' } },
};
const trust: TrustAssessment = assessTrust(inputs, now);
const lookalike = judgeBrand(domainName('paypa1.com'), detector);

console.log(JSON.stringify({
  name: parsed.name,
  refused: refused.ok ? null : refused.reason,
  score: trust.trust_score,
  level: trust.trust_level,
  levelOfScore: trustLevelFor(trust.trust_score),
  action: trust.agent_guidance.action,
  lookalikeOf: lookalike.lookalikeOf,
  readiness: judgeReadiness(undefined, now).value,
  reflectMetadata: typeof (Reflect as { getMetadata?: unknown }).getMetadata,
}));
`;

// Plain ESM at run time: what Node itself lets a consumer import.
const PROBE = `const outcomes = {};
for (const specifier of ['vetted/src/domain/index.ts', 'vetted/dist/src/domain/domain-name.js', 'vetted/package.json', 'vetted']) {
  try {
    await import(specifier);
    outcomes[specifier] = 'loaded';
  } catch (error) {
    outcomes[specifier] = { code: error.code, message: String(error.message).split('\\n')[0] };
  }
}
console.log(JSON.stringify(outcomes));
`;

describe('the domain as a library: vetted/domain from the built package', function () {
  this.timeout(60_000);
  let dir: string;
  let consumer: string;
  let compiled: Run;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vetted-domain-package-'));
    consumer = join(dir, 'consumer');
    const modules = join(consumer, 'node_modules');
    const pkg = join(modules, 'vetted');
    mkdirSync(pkg, { recursive: true });
    // Built as `npm run build` builds, into the copy: the checkout's dist/ is left alone.
    expectSuccess('the package build', await run([TSC, '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', join(pkg, 'dist')], ROOT));
    copyFileSync(join(ROOT, 'package.json'), join(pkg, 'package.json'));
    // Only the libraries the layer rule lets the domain use: importing anything else fails to resolve.
    for (const library of PURE_DOMAIN_LIBRARIES) {
      if (library.startsWith('node:')) continue;
      mkdirSync(dirname(join(modules, library)), { recursive: true });
      symlinkSync(join(ROOT, 'node_modules', library), join(modules, library), 'dir');
    }
    mkdirSync(join(modules, '@types'));
    symlinkSync(join(ROOT, 'node_modules/@types/node'), join(modules, '@types/node'), 'dir');
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2023'],
          types: ['node'],
          strict: true,
          noEmit: false,
          outDir: 'out',
          skipLibCheck: false,
        },
        files: ['index.ts'],
      }),
    );
    writeFileSync(join(consumer, 'index.ts'), CONSUMER);
    writeFileSync(join(consumer, 'probe.mjs'), PROBE);
    compiled = await run([TSC, '-p', 'tsconfig.json', '--listFiles'], consumer);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('type-checks a strict NodeNext consumer against the emitted declarations, never the sources', () => {
    const lines = compiled.stdout.split('\n').filter((line) => line !== '');
    // --listFiles prints every file read; the diagnostics are the other lines.
    const files = lines.filter((line) => line.startsWith('/'));
    expectSuccess('tsc over the consumer', { ...compiled, stdout: lines.filter((line) => !line.startsWith('/')).join('\n') });
    expect(files).to.include(join(consumer, 'node_modules/vetted/dist/src/domain/index.d.ts'));
    const sources = files.filter((file) => file.startsWith(join(ROOT, 'src')) || (!file.endsWith('.d.ts') && file !== join(consumer, 'index.ts')));
    expect(sources).to.deep.equal([]);
  });

  it('runs the emitted consumer on plain Node, without reflect-metadata, and gets the domain judgments', async () => {
    const result = await run(['out/index.js'], consumer);
    expectSuccess('the consumer', result);
    expect(JSON.parse(result.stdout)).to.deep.equal({
      name: 'shop.example.co.uk',
      refused: 'give a bare domain name such as example.com, without scheme, port, path or user',
      // enterprise 40 + brand 0 + 11 full years + valid TLS 10 + clean external 15
      score: 76,
      level: 'HIGH',
      levelOfScore: 'HIGH',
      action: 'PROCEED',
      lookalikeOf: 'paypal.com',
      readiness: 'unknown',
      reflectMetadata: 'undefined',
    });
    expect(result.stderr).to.equal('');
  });

  it('refuses paths outside the exports map, and the package root (use cases, adapters) does not load with only the pure libraries', async () => {
    const result = await run(['probe.mjs'], consumer);
    expectSuccess('the probe', result);
    const outcomes = JSON.parse(result.stdout) as Record<string, { code: string; message: string }>;
    expect(outcomes['vetted/src/domain/index.ts']?.code).to.equal('ERR_PACKAGE_PATH_NOT_EXPORTED');
    expect(outcomes['vetted/dist/src/domain/domain-name.js']?.code).to.equal('ERR_PACKAGE_PATH_NOT_EXPORTED');
    expect(outcomes['vetted/package.json']?.code).to.equal('ERR_PACKAGE_PATH_NOT_EXPORTED');
    // The control: the sandbox really hides the checkout's node_modules, so the domain's load above proves something.
    expect(outcomes.vetted?.code).to.equal('ERR_MODULE_NOT_FOUND');
    expect(outcomes.vetted?.message).to.match(/Cannot find package '([^']+)'/);
    const missing = /Cannot find package '([^']+)'/.exec(outcomes.vetted!.message)![1]!;
    expect(PURE_DOMAIN_LIBRARIES.has(missing)).to.equal(false);
  });
});
