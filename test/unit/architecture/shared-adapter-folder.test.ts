import { expect } from 'chai';
import { SHARED_ADAPTER_FOLDER } from '../../../scripts/check-layers.js';
import { useFakeTree } from './fake-tree.js';

describe('the shared adapter folder', () => {
  const { file, found } = useFakeTree();

  it('is src/adapters/shared', () => {
    expect(SHARED_ADAPTER_FOLDER).to.equal('src/adapters/shared');
  });

  it('may be imported by every adapter, but may not import another adapter itself, nor a domain function', () => {
    file('src/adapters/http/a.ts', "import { sendEnvelope } from '../shared/envelope.js';");
    file('src/adapters/mcp/b.ts', "import type { Envelope } from '../shared/envelope.js';");
    file('src/adapters/persistence/c.ts', "export { withRetry } from '../shared/retry.js';");
    file(
      'src/adapters/shared/envelope.ts',
      "import { summarizeReport } from '../../domain/report.js';\nimport { AppError } from '../../application/errors.js';\nimport Koa from 'koa';\nimport { HttpServer } from '../http/http-server.js';",
    );
    file('src/adapters/shared/retry.ts', "import type { Row } from '../persistence/row.js';");
    expect(found()).to.have.members([
      'src/adapters/shared/envelope.ts -> ../http/http-server.js: adapter shared must not import adapter http',
      'src/adapters/shared/envelope.ts -> ../../domain/report.js: src/adapters/shared may import only types from src/domain (driving adapters use it)',
      'src/adapters/shared/retry.ts -> ../persistence/row.js: adapter shared must not import adapter persistence',
    ]);
  });
});
