import { expect } from 'chai';
import { useFakeTree } from './fake-tree.js';

describe('the import cycle rule', () => {
  const { file, found } = useFakeTree();

  it('reports a 2-file type-only cycle and a 3-file cycle, each once and in order', () => {
    file('src/domain/trust/a.ts', "import type { B } from './b.js';\nexport type A = { b: B };");
    file('src/domain/trust/b.ts', "import type { A } from './a.js';\nexport type B = { a: A };");
    file('src/application/x.ts', "import { y } from './y.js';");
    file('src/application/y.ts', "import {\n  z,\n} from './z/index.js';");
    file('src/application/z/index.ts', "import { x } from '../x.js';");
    expect(found()).to.deep.equal([
      'src/application/x.ts:1 -> ./y.js: import cycle: src/application/x.ts -> src/application/y.ts -> src/application/z/index.ts -> src/application/x.ts',
      'src/domain/trust/a.ts:1 -> ./b.js: import cycle: src/domain/trust/a.ts -> src/domain/trust/b.ts -> src/domain/trust/a.ts',
    ]);
  });

  it('reports a file that imports itself', () => {
    file('src/domain/loop.ts', "export { loop } from './loop.js';");
    expect(found()).to.deep.equal(['src/domain/loop.ts:1 -> ./loop.js: import cycle: src/domain/loop.ts -> src/domain/loop.ts']);
  });

  it('checks the composition roots too, src/service.ts and src/cli.ts among them', () => {
    file('src/service.ts', "import { main } from './cli.js';");
    file('src/cli.ts', "import type { RunningService } from './service.js';");
    expect(found()).to.deep.equal(['src/cli.ts:1 -> ./service.js: import cycle: src/cli.ts -> src/service.ts -> src/cli.ts']);
  });

  it('passes an acyclic tree where two paths meet', () => {
    file('src/main.ts', "import { a } from './application/a.js';\nimport { b } from './application/b.js';");
    file('src/application/a.ts', "import type { C } from '../domain/c.js';\nimport { b } from './b.js';");
    file('src/application/b.ts', "import { c } from '../domain/c.js';");
    file('src/domain/c.ts', "import type { D } from './d/index.js';");
    file('src/domain/d/index.ts', 'export type D = string;');
    expect(found()).to.deep.equal([]);
  });
});
