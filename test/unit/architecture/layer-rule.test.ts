import { expect } from 'chai';
import { checkLayers } from '../../../scripts/check-layers.js';
import { useFakeTree } from './fake-tree.js';

describe('the layer rule check', () => {
  const { file, found, printed } = useFakeTree();

  it('passes on the real source tree', () => {
    expect(checkLayers()).to.deep.equal([]);
  });

  it('catches each kind of forbidden import, type-only ones included', () => {
    file('src/domain/a.ts', "import type { X } from '../application/x.js';\nimport knex from 'knex';\nimport { parse } from 'tldts';");
    file('src/application/b.ts', "import { K } from '../adapters/http/k.js';\nimport Koa from 'koa';\nimport { z } from 'zod';");
    file('src/adapters/http/c.ts', "export { D } from '../persistence/d.js';\nimport type { E } from '../../domain/e.js';");
    file('src/adapters/persistence/e.ts', "import { judge } from '../../domain/judge.js';");
    file('src/adapters/cli/d.ts', "const m = await import('../../main.js');");
    file('src/domain/f.ts', "import { createHash } from 'node:crypto';");
    expect(found()).to.have.members([
      'src/domain/a.ts:1 -> ../application/x.js: src/domain imports only src/domain',
      'src/domain/a.ts:2 -> knex: src/domain may not import knex (not a pure library)',
      'src/domain/f.ts:1 -> node:crypto: src/domain may not import node:crypto (not a pure library)',
      'src/application/b.ts:1 -> ../adapters/http/k.js: src/application imports only domain and application',
      'src/application/b.ts:2 -> koa: src/application may not import koa',
      'src/adapters/http/c.ts:1 -> ../persistence/d.js: adapter http must not import adapter persistence',
      'src/adapters/cli/d.ts:1 -> ../../main.js: only the composition roots import src/main.ts',
    ]);
  });

  it('reads imports from the syntax tree: comments and strings are not imports', () => {
    file(
      'src/domain/quiet.ts',
      [
        "// import knex from 'knex';",
        "/* export * from '../adapters/persistence/x.js'; */",
        'const text = "import pg from \'pg\'";',
        'const template = `await import("../application/y.js")`;',
        "export const note = { from: 'knex' };",
      ].join('\n'),
    );
    file('src/domain/loud.ts', "/** the parser */\nexport {\n  parse,\n} from 'htmlparser2';\nimport 'knex';");
    expect(found()).to.deep.equal(['src/domain/loud.ts:5 -> knex: src/domain may not import knex (not a pure library)']);
  });

  it('fails a file that lies in no layer', () => {
    file('src/helpers.ts', 'export const x = 1;');
    file('src/adapters/loose.ts', 'export const y = 2;');
    const rule = 'every file under src/ lies in domain, application, an adapter folder, or is a composition root';
    expect(found()).to.have.members([`src/helpers.ts:1 -> src/helpers.ts: ${rule}`, `src/adapters/loose.ts:1 -> src/adapters/loose.ts: ${rule}`]);
  });

  it('prints each violation with its file, line and rule', () => {
    file('src/domain/a.ts', "import { parse } from 'tldts';\n\nimport knex from 'knex';");
    expect(printed()).to.deep.equal(['src/domain/a.ts:3: "knex": src/domain may not import knex (not a pure library)']);
  });
});
