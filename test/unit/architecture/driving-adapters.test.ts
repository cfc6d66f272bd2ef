import { expect } from 'chai';
import { DRIVEN_LIBRARIES, DRIVING_ADAPTERS } from '../../../scripts/check-layers.js';
import { useFakeTree } from './fake-tree.js';

const typesOnly = (name: string) => `driving adapter ${name} may import only types from src/domain (judging belongs in a use case or the domain)`;
const judging = (name: string, fn: string) =>
  `driving adapter ${name} must not import ${fn}: judging (readiness, verdicts, scores) happens in a use case or the domain`;
const library = (name: string, pkg: string) =>
  `driving adapter ${name} must not import ${pkg}: storage, the network and mail are reached through a use case and its ports`;
const helper = (name: string, module: string) =>
  `driving adapter ${name} may import only types from ${module}: at run time it uses use cases, ports, views, errors and input parsing`;

describe('the driving adapter rule', () => {
  const { file, found } = useFakeTree();

  it('names http, mcp and cli as the driving adapters, and the libraries they never import', () => {
    expect(DRIVING_ADAPTERS).to.deep.equal(['src/adapters/http', 'src/adapters/mcp', 'src/adapters/cli']);
    for (const pkg of ['knex', 'pg', 'sqlite3', 'node-fetch', 'undici', 'pg-boss', 'nodemailer']) expect(DRIVEN_LIBRARIES).to.include(pkg);
  });

  it('fails a driving adapter that imports a value from src/domain, in every form', () => {
    file('src/adapters/http/named.ts', "import { judgeReadiness } from '../../domain/readiness.js';");
    file('src/adapters/http/multi-line.ts', "import {\n  judgeReadiness,\n  summarizeReport,\n} from '../../domain/readiness.js';");
    file('src/adapters/http/dynamic.ts', "const readiness = await import('../../domain/readiness.js');");
    file('src/adapters/mcp/namespace.ts', "import * as readiness from '../../domain/readiness.js';");
    file('src/adapters/mcp/mixed.ts', "import { type Readiness, judgeReadiness } from '../../domain/readiness.js';");
    file('src/adapters/mcp/mixed-multi-line.ts', "import {\n  type Readiness,\n  // the judge\n  judgeReadiness,\n} from '../../domain/readiness.js';");
    file('src/adapters/cli/default.ts', "import METHODOLOGY from '../../domain/methodology.js';");
    file('src/adapters/cli/side-effect.ts', "import '../../domain/methodology.js';");
    file('src/adapters/cli/re-export.ts', "export { judgeReadiness } from '../../domain/readiness.js';\nexport * from '../../domain/report.js';");
    expect(found()).to.have.members([
      `src/adapters/http/named.ts:1 -> ../../domain/readiness.js: ${typesOnly('http')}`,
      `src/adapters/http/multi-line.ts:1 -> ../../domain/readiness.js: ${typesOnly('http')}`,
      `src/adapters/http/dynamic.ts:1 -> ../../domain/readiness.js: ${typesOnly('http')}`,
      `src/adapters/mcp/namespace.ts:1 -> ../../domain/readiness.js: ${typesOnly('mcp')}`,
      `src/adapters/mcp/mixed.ts:1 -> ../../domain/readiness.js: ${typesOnly('mcp')}`,
      `src/adapters/mcp/mixed-multi-line.ts:1 -> ../../domain/readiness.js: ${typesOnly('mcp')}`,
      `src/adapters/cli/default.ts:1 -> ../../domain/methodology.js: ${typesOnly('cli')}`,
      `src/adapters/cli/side-effect.ts:1 -> ../../domain/methodology.js: ${typesOnly('cli')}`,
      `src/adapters/cli/re-export.ts:1 -> ../../domain/readiness.js: ${typesOnly('cli')}`,
      `src/adapters/cli/re-export.ts:2 -> ../../domain/report.js: ${typesOnly('cli')}`,
    ]);
  });

  it('fails a driving adapter that reaches a use case only other use cases and jobs may run', () => {
    file('src/adapters/http/scan.ts', "import { ScanSite } from '../../application/scan/scan-site.js';");
    file('src/adapters/mcp/job.ts', "import type { RunScanJob } from '../../application/scan/run-scan-job.js';");
    file('src/adapters/cli/ok.ts', "import { RequestScan } from '../../application/scan/request-scan.js';");
    file('src/adapters/persistence/ok.ts', "import type { ScanSite } from '../../application/scan/scan-site.js';");
    file('src/application/use-cases.ts', "import { RequestScan } from './scan/request-scan.js';\nimport { ScanSite } from './scan/scan-site.js';");
    expect(found()).to.have.members([
      'src/adapters/http/scan.ts:1 -> ../../application/scan/scan-site.js: driving adapter http must not call scan-site.ts (a scan starts at SubmitScan or RequestScan)',
      'src/adapters/mcp/job.ts:1 -> ../../application/scan/run-scan-job.js: driving adapter mcp must not call run-scan-job.ts (a scan starts at SubmitScan or RequestScan)',
    ]);
  });

  it('fails a driving adapter that imports an application function that judges, wherever it lives', () => {
    file('src/application/use-cases.ts', "import { GetReport } from './scan/get-report.js';");
    file('src/adapters/http/routes/report-routes.ts', "import { GetReport, judgeReadinessNow } from '../../../application/scan/get-report.js';");
    file('src/adapters/mcp/tools/gate.ts', "import { judgeScanGate, type ScanGate } from '../../../application/scan/scan-gate.js';");
    file('src/adapters/cli/trust.ts', "export { assessTrustNow as trust } from '../../application/views/trust-view.js';");
    file('src/adapters/cli/types.ts', "import type { judgeScanGate } from '../../application/scan/scan-gate.js';");
    expect(found()).to.have.members([
      `src/adapters/http/routes/report-routes.ts:1 -> ../../../application/scan/get-report.js: ${judging('http', 'judgeReadinessNow')}`,
      `src/adapters/mcp/tools/gate.ts:1 -> ../../../application/scan/scan-gate.js: ${judging('mcp', 'judgeScanGate')}`,
      `src/adapters/cli/trust.ts:1 -> ../../application/views/trust-view.js: ${judging('cli', 'assessTrustNow')}`,
    ]);
  });

  it('lets a driving adapter load at run time only use cases, ports, views, errors and input parsing', () => {
    file('src/application/use-cases.ts', "import { GetReport } from './scan/get-report.js';");
    file(
      'src/adapters/http/routes/ok.ts',
      [
        "import { GetReport, REPORT_LIMIT } from '../../../application/scan/get-report.js';",
        "import { Clock } from '../../../application/ports/clock.js';",
        "import { reportJson } from '../../../application/views/report-view.js';",
        "import { AppError } from '../../../application/errors.js';",
        "import { printable } from '../../../application/input/domain-input.js';",
        "import { zodMessage } from '../../../application/input/zod-message.js';",
        "import type { ScanOutcome } from '../../../application/scan/scan-outcome.js';",
      ].join('\n'),
    );
    file(
      'src/adapters/http/routes/readiness.ts',
      "import { Clock } from '../../../application/ports/clock.js';\nimport { scanOutcome } from '../../../application/scan/scan-outcome.js';",
    );
    file('src/adapters/persistence/anything.ts', "import { scanOutcome } from '../../application/scan/scan-outcome.js';");
    expect(found()).to.deep.equal([
      `src/adapters/http/routes/readiness.ts:2 -> ../../../application/scan/scan-outcome.js: ${helper('http', 'src/application/scan/scan-outcome.ts')}`,
    ]);
  });

  it('fails a route, a tool or a command that imports a database or HTTP client library, types included', () => {
    file('src/adapters/http/routes/scan-routes.ts', "import type { Router } from '@koa/router';\nimport knex from 'knex';");
    file('src/adapters/mcp/tools/fetch-tool.ts', "import type { RequestInit } from 'undici';\nconst fetch = (await import('node-fetch')).default;");
    file('src/adapters/cli/jobs.ts', "import PgBoss from 'pg-boss';\nimport type { Pool } from 'pg';\nimport sqlite3 from 'sqlite3';");
    file('src/adapters/persistence/create-knex.ts', "import knex from 'knex';");
    expect(found()).to.have.members([
      `src/adapters/http/routes/scan-routes.ts:2 -> knex: ${library('http', 'knex')}`,
      `src/adapters/mcp/tools/fetch-tool.ts:1 -> undici: ${library('mcp', 'undici')}`,
      `src/adapters/mcp/tools/fetch-tool.ts:2 -> node-fetch: ${library('mcp', 'node-fetch')}`,
      `src/adapters/cli/jobs.ts:1 -> pg-boss: ${library('cli', 'pg-boss')}`,
      `src/adapters/cli/jobs.ts:2 -> pg: ${library('cli', 'pg')}`,
      `src/adapters/cli/jobs.ts:3 -> sqlite3: ${library('cli', 'sqlite3')}`,
    ]);
  });

  it('passes type-only imports from src/domain, and value imports in other adapters', () => {
    file('src/adapters/http/a.ts', "import type { Report } from '../../domain/report.js';\nimport type * as readiness from '../../domain/readiness.js';");
    file('src/adapters/http/b.ts', "import type {\n  Report,\n  ReportSummary,\n} from '../../domain/report.js';");
    file('src/adapters/mcp/c.ts', "import { type Report, type ReportSummary } from '../../domain/report.js';");
    file('src/adapters/mcp/d.ts', "import {\n  type Report, // stored\n  type ReportSummary,\n} from '../../domain/report.js';");
    file('src/adapters/cli/e.ts', "export type { Report } from '../../domain/report.js';\nexport type * from '../../domain/readiness.js';");
    file('src/adapters/cli/f.ts', "type Readiness = typeof import('../../domain/readiness.js');");
    file('src/adapters/persistence/g.ts', "import { summarizeReport } from '../../domain/report.js';");
    // The one value import proves the same tree is read, so the passes above are not for want of reading.
    file('src/adapters/cli/control.ts', "import { judgeReadiness, type Readiness } from '../../domain/readiness.js';");
    expect(found()).to.deep.equal([`src/adapters/cli/control.ts:1 -> ../../domain/readiness.js: ${typesOnly('cli')}`]);
  });
});
