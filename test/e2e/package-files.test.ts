import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { builtCli } from '../support/built-service.js';

// What `npm pack` would publish: the built code, the command, the docs and the licence; never the
// tests, the benches, the TypeScript sources or the source maps that point into them.
describe('the package npm would publish', function () {
  this.timeout(120_000);

  it('holds the built service, its command, docs and licence, and no tests, benches, sources or maps', () => {
    builtCli();
    const packed = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { encoding: 'utf8' });
    expect(packed.status, packed.stderr).to.equal(0);
    const [listing] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as [{ files: { path: string }[] }];
    const paths = listing.files.map((file) => file.path);
    expect(paths).to.include.members([
      'LICENSE',
      'README.md',
      'package.json',
      'bin/vetted.js',
      'dist/vetted.mjs',
      'dist/src/index.js',
      'docs/configuration.md',
    ]);
    expect(paths.filter((path) => /^(test|bench|scripts|src|data)\//.test(path) || path.endsWith('.map'))).to.deep.equal([]);
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { license: string };
    expect(manifest.license).to.equal('Apache-2.0');
    expect(readFileSync('LICENSE', 'utf8')).to.match(/^\s*Apache License\s+Version 2\.0, January 2004/);
  });
});
