import { expect } from 'chai';
import { DRIVING_ADAPTERS } from '../../../scripts/check-layers.js';
import { useFakeTree } from './fake-tree.js';

const typesOnly = (name: string) =>
  `driving adapter ${name} may import only types from src/domain (judging and formatting helpers belong in src/application)`;

describe('the driving adapter rule', () => {
  const { file, found } = useFakeTree();

  it('names http, mcp and cli as the driving adapters', () => {
    expect(DRIVING_ADAPTERS).to.deep.equal(['src/adapters/http', 'src/adapters/mcp', 'src/adapters/cli']);
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
      `src/adapters/http/named.ts -> ../../domain/readiness.js: ${typesOnly('http')}`,
      `src/adapters/http/multi-line.ts -> ../../domain/readiness.js: ${typesOnly('http')}`,
      `src/adapters/http/dynamic.ts -> ../../domain/readiness.js: ${typesOnly('http')}`,
      `src/adapters/mcp/namespace.ts -> ../../domain/readiness.js: ${typesOnly('mcp')}`,
      `src/adapters/mcp/mixed.ts -> ../../domain/readiness.js: ${typesOnly('mcp')}`,
      `src/adapters/mcp/mixed-multi-line.ts -> ../../domain/readiness.js: ${typesOnly('mcp')}`,
      `src/adapters/cli/default.ts -> ../../domain/methodology.js: ${typesOnly('cli')}`,
      `src/adapters/cli/side-effect.ts -> ../../domain/methodology.js: ${typesOnly('cli')}`,
      `src/adapters/cli/re-export.ts -> ../../domain/readiness.js: ${typesOnly('cli')}`,
      `src/adapters/cli/re-export.ts -> ../../domain/report.js: ${typesOnly('cli')}`,
    ]);
  });

  it('fails a driving adapter that reaches a use case only other use cases and jobs may run', () => {
    file('src/adapters/http/scan.ts', "import { ScanSite } from '../../application/scan/scan-site.js';");
    file('src/adapters/mcp/job.ts', "import type { RunScanJob } from '../../application/scan/run-scan-job.js';");
    file('src/adapters/cli/ok.ts', "import { RequestScan } from '../../application/scan/request-scan.js';");
    file('src/adapters/persistence/ok.ts', "import type { ScanSite } from '../../application/scan/scan-site.js';");
    expect(found()).to.have.members([
      'src/adapters/http/scan.ts -> ../../application/scan/scan-site.js: driving adapter http must not call scan-site.js (a scan starts at SubmitScan or RequestScan)',
      'src/adapters/mcp/job.ts -> ../../application/scan/run-scan-job.js: driving adapter mcp must not call run-scan-job.js (a scan starts at SubmitScan or RequestScan)',
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
    expect(found()).to.deep.equal([`src/adapters/cli/control.ts -> ../../domain/readiness.js: ${typesOnly('cli')}`]);
  });
});
