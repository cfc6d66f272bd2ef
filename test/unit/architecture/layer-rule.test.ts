import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import { checkLayers } from '../../../scripts/check-layers.js';

describe('the layer rule check', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'vetted-layers-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function file(path: string, text: string): void {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }

  it('passes on the real source tree', () => {
    expect(checkLayers()).to.deep.equal([]);
  });

  it('catches each kind of forbidden import, type-only ones included', () => {
    file('src/domain/a.ts', "import type { X } from '../application/x.js';\nimport knex from 'knex';\nimport { parse } from 'tldts';");
    file('src/application/b.ts', "import { K } from '../adapters/http/k.js';\nimport Koa from 'koa';\nimport { z } from 'zod';");
    file('src/adapters/http/c.ts', "export { D } from '../persistence/d.js';\nimport { E } from '../../domain/e.js';");
    file('src/adapters/cli/d.ts', "const m = await import('../../main.js');");
    const found = checkLayers(root).map((v) => `${v.file} -> ${v.specifier}`);
    expect(found).to.have.members([
      'src/domain/a.ts -> ../application/x.js',
      'src/domain/a.ts -> knex',
      'src/application/b.ts -> ../adapters/http/k.js',
      'src/application/b.ts -> koa',
      'src/adapters/http/c.ts -> ../persistence/d.js',
      'src/adapters/cli/d.ts -> ../../main.js',
    ]);
  });
});
