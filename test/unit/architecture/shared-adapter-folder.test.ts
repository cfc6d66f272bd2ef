import { expect } from 'chai';
import { SHARED_ADAPTER_FOLDER } from '../../../scripts/check-layers.js';
import { useFakeTree } from './fake-tree.js';

const noUseCase = (module: string) => `src/adapters/shared imports no use case (${module}): only driving adapters and job handlers call use cases`;

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
      'src/adapters/shared/envelope.ts:4 -> ../http/http-server.js: adapter shared must not import adapter http',
      'src/adapters/shared/envelope.ts:1 -> ../../domain/report.js: src/adapters/shared may import only types from src/domain (driving adapters use it)',
      'src/adapters/shared/retry.ts:1 -> ../persistence/row.js: adapter shared must not import adapter persistence',
    ]);
  });

  it('imports no use case, not even its types: ScanSite, and any other the one list names', () => {
    file(
      'src/application/use-cases.ts',
      "import { ScanSite } from './scan/scan-site.js';\nimport { VerifyDomain } from './verdict/verify-domain.js';\nimport type { Newable } from 'inversify';",
    );
    file('src/adapters/shared/scan-helper.ts', "import { ScanSite } from '../../application/scan/scan-site.js';");
    file('src/adapters/shared/verify-schema.ts', "import { z } from 'zod';\nimport type { VerifyOutcome } from '../../application/verdict/verify-domain.js';");
    file('src/adapters/shared/fine.ts', "import { AppError } from '../../application/errors.js';\nimport { Clock } from '../../application/ports/clock.js';");
    expect(found()).to.have.members([
      `src/adapters/shared/scan-helper.ts:1 -> ../../application/scan/scan-site.js: ${noUseCase('scan-site.ts')}`,
      `src/adapters/shared/verify-schema.ts:2 -> ../../application/verdict/verify-domain.js: ${noUseCase('verify-domain.ts')}`,
    ]);
  });

  it('knows ScanSite and RunScanJob as use cases even without the list', () => {
    file('src/adapters/shared/jobs.ts', "import type { RunScanJob } from '../../application/scan/run-scan-job.js';");
    expect(found()).to.deep.equal([`src/adapters/shared/jobs.ts:1 -> ../../application/scan/run-scan-job.js: ${noUseCase('run-scan-job.ts')}`]);
  });

  it("obeys the driving adapters' library and judging rules, since they use it", () => {
    file('src/adapters/shared/db.ts', "import type { Knex } from 'knex';\nimport { judgeScanGate } from '../../application/scan/scan-gate.js';");
    expect(found()).to.have.members([
      'src/adapters/shared/db.ts:1 -> knex: src/adapters/shared must not import knex: storage, the network and mail are reached through a use case and its ports',
      'src/adapters/shared/db.ts:2 -> ../../application/scan/scan-gate.js: src/adapters/shared must not import judgeScanGate: judging (readiness, verdicts, scores) happens in a use case or the domain',
    ]);
  });
});
