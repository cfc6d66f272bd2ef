// The build's last step: the domain alone as a package of its own, dist/domain-package/, named
// vetted-domain, whose install pulls only the libraries the domain imports (the layer rule keeps it
// to pure ones) and none of the service's (no koa, knex, drivers, queue, mail or container).
// `npm pack dist/domain-package` makes its tarball; docs/domain-library.md says how to use it.
//   node scripts/domain-package.mjs [OUT_DIR [DOMAIN_BUILD]]    (after tsc has emitted dist/src/domain)
import { builtinModules } from 'node:module';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const out = process.argv[2] ?? join('dist', 'domain-package');
const from = process.argv[3] ?? join('dist', 'src', 'domain');
if (!existsSync(join(from, 'index.js'))) throw new Error(`${from}/index.js is missing: run tsc -p tsconfig.build.json first`);
const root = JSON.parse(readFileSync('package.json', 'utf8'));

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
cpSync(from, join(out, 'dist'), { recursive: true, filter: (file) => !file.endsWith('.map') });

// Every bare import of the emitted JavaScript and declarations, by package name.
const builtins = new Set(builtinModules);
const imported = new Set();
for (const file of readdirSync(join(out, 'dist'), { recursive: true }).map(String)) {
  if (!/\.(js|d\.ts)$/.test(file)) continue;
  // Comments left out: an example in one is not an import.
  const text = readFileSync(join(out, 'dist', file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'".][^'"]*)['"]/g)) {
    if (specifier.startsWith('node:') || builtins.has(specifier)) continue;
    const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
    imported.add(name);
  }
}
const dependencies = {};
for (const name of [...imported].sort()) {
  const range = root.dependencies?.[name];
  if (range === undefined) throw new Error(`the domain imports ${name}, which is not a dependency of the service`);
  dependencies[name] = range;
}

const pkg = {
  name: 'vetted-domain',
  version: root.version,
  description: "Vetted's domain as a library: domain names, trust scoring and agent guidance, the lookalike check, scan judging and readiness. Pure: no I/O.",
  license: root.license,
  type: 'module',
  engines: root.engines,
  main: 'dist/index.js',
  types: 'dist/index.d.ts',
  exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } },
  files: ['dist/', 'LICENSE', 'README.md'],
  sideEffects: false,
  dependencies,
};
writeFileSync(join(out, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
cpSync('LICENSE', join(out, 'LICENSE'));
writeFileSync(
  join(out, 'README.md'),
  [
    '# vetted-domain',
    '',
    "Vetted's pure domain as a library. The common question in one call:",
    '',
    '```ts',
    "import { checkCounterparty } from 'vetted-domain';",
    '',
    "const check = checkCounterparty('shop.example.com', { registry: { kind: 'not_verified' } }, new Date());",
    'if (check.ok) console.log(check.assessment.agent_guidance.action, check.assessment.agent_guidance.reason);',
    '```',
    '',
    "See docs/domain-library.md in Vetted's repository for every fact it takes and the rest of the API.",
    '',
    `Licensed under the ${root.license === 'Apache-2.0' ? 'Apache License, Version 2.0' : root.license} (LICENSE).`,
    '',
  ].join('\n'),
);
console.log(`domain package in ${out}: ${Object.keys(dependencies).join(', ')}`);
