import { expect } from 'chai';
import { checkLayers } from '../../../scripts/check-layers.js';
import { useFakeTree } from './fake-tree.js';

describe('the layer rule check', () => {
  const { file, found } = useFakeTree();

  it('passes on the real source tree', () => {
    expect(checkLayers()).to.deep.equal([]);
  });

  it('catches each kind of forbidden import, type-only ones included', () => {
    file('src/domain/a.ts', "import type { X } from '../application/x.js';\nimport knex from 'knex';\nimport { parse } from 'tldts';");
    file('src/application/b.ts', "import { K } from '../adapters/http/k.js';\nimport Koa from 'koa';\nimport { z } from 'zod';");
    file('src/adapters/http/c.ts', "export { D } from '../persistence/d.js';\nimport type { E } from '../../domain/e.js';");
    file('src/adapters/persistence/e.ts', "import { judge } from '../../domain/judge.js';");
    file('src/adapters/cli/d.ts', "const m = await import('../../main.js');");
    expect(found()).to.have.members([
      'src/domain/a.ts -> ../application/x.js: src/domain imports only src/domain',
      'src/domain/a.ts -> knex: src/domain may not import knex (not a pure library)',
      'src/application/b.ts -> ../adapters/http/k.js: src/application imports only domain and application',
      'src/application/b.ts -> koa: src/application may not import koa',
      'src/adapters/http/c.ts -> ../persistence/d.js: adapter http must not import adapter persistence',
      'src/adapters/cli/d.ts -> ../../main.js: only the entry points import the composition root',
    ]);
  });
});
