import { expect } from 'chai';
import { useFakeTree } from './fake-tree.js';

// The six violations once planted in a copy of the tree, of which the check used to catch only the last.
// The entry point that imported a persistence adapter was src/workers.ts, whose work src/service.ts does now.
describe('the layer check on the planted violations', () => {
  const { file, printed } = useFakeTree();

  it('reports each with its file, line and rule', () => {
    file('src/application/use-cases.ts', "import { GetReport } from './scan/get-report.js';\nimport { ScanSite } from './scan/scan-site.js';");
    file('src/adapters/http/routes/scan-routes.ts', "import type { Router } from '@koa/router';\nimport knex from 'knex';");
    file(
      'src/service.ts',
      "import { JobQueue } from './application/ports/job-queue.js';\nimport { KnexScanJobRepository } from './adapters/persistence/knex-scan-job-repository.js';",
    );
    file(
      'src/adapters/http/routes/report-routes.ts',
      "import { GetReport } from '../../../application/scan/get-report.js';\nimport { scanOutcome } from '../../../application/scan/scan-outcome.js';",
    );
    file('src/application/scan/await-scan.ts', 'export class AwaitScan {\n  deadline(waitMs: number): number {\n    return Date.now() + waitMs;\n  }\n}');
    file('src/adapters/shared/scan-helper.ts', "import { ScanSite } from '../../application/scan/scan-site.js';");
    file('src/adapters/http/routes/badge-routes.ts', "import { judgeReadiness } from '../../../domain/scan/readiness.js';");
    expect(printed()).to.have.members([
      'src/adapters/http/routes/scan-routes.ts:2: "knex": driving adapter http must not import knex: storage, the network and mail are reached through a use case and its ports',
      'src/service.ts:2: "./adapters/persistence/knex-scan-job-repository.js": src/service.ts must not import adapter persistence: only src/main.ts imports driven adapters; take it from the container',
      'src/adapters/http/routes/report-routes.ts:2: "../../../application/scan/scan-outcome.js": driving adapter http may import only types from src/application/scan/scan-outcome.ts: at run time it uses use cases, ports, views, errors and input parsing',
      'src/application/scan/await-scan.ts:3: "Date.now": src/application reads no clock: the time comes from the Clock port (or is passed in)',
      'src/adapters/shared/scan-helper.ts:1: "../../application/scan/scan-site.js": src/adapters/shared imports no use case (scan-site.ts): only driving adapters and job handlers call use cases',
      'src/adapters/http/routes/badge-routes.ts:1: "../../../domain/scan/readiness.js": driving adapter http may import only types from src/domain (judging belongs in a use case or the domain)',
    ]);
  });
});
