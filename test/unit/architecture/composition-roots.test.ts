import { expect } from 'chai';
import { COMPOSITION_ROOTS, ENTRY_POINT_ADAPTERS } from '../../../scripts/check-layers.js';
import { useFakeTree } from './fake-tree.js';

const driven = (root: string, adapter: string) =>
  `${root} must not import adapter ${adapter}: only src/main.ts imports driven adapters; take it from the container`;

describe('the composition roots', () => {
  const { file, found } = useFakeTree();

  it('are main.ts, service.ts, cli.ts, index.ts and program.ts (the entry of the bundle)', () => {
    expect([...COMPOSITION_ROOTS]).to.have.members(['src/main.ts', 'src/service.ts', 'src/cli.ts', 'src/index.ts', 'src/program.ts']);
    expect(ENTRY_POINT_ADAPTERS).to.have.members([
      'src/adapters/http',
      'src/adapters/mcp',
      'src/adapters/cli',
      'src/adapters/shared',
      'src/adapters/config',
      'src/adapters/log',
    ]);
  });

  it('let main.ts import every layer and adapter, but no other root', () => {
    file(
      'src/main.ts',
      [
        "import { KnexBlocklist } from './adapters/persistence/knex-blocklist.js';",
        "import { PgBossJobQueue } from './adapters/queue/pg-boss-job-queue.js';",
        "import { ScanSite } from './application/scan/scan-site.js';",
        "import { judgeRegistry } from './domain/registry-verdict.js';",
        "import knex from 'knex';",
        "import { startService } from './service.js';",
      ].join('\n'),
    );
    expect(found()).to.deep.equal(['src/main.ts:6 -> ./service.js: src/main.ts imports no other composition root (they build on it)']);
  });

  it('fail an entry point that imports a driven adapter instead of taking it from the container', () => {
    file(
      'src/service.ts',
      "import { PgBossJobQueue } from './adapters/queue/pg-boss-job-queue.js';\nimport type { Database } from './adapters/persistence/create-knex.js';",
    );
    file('src/cli.ts', "const { SmtpMailer } = await import('./adapters/mail/smtp-mailer.js');");
    file('src/index.ts', "export { SystemClock } from './adapters/clock/system-clock.js';");
    expect(found()).to.have.members([
      `src/service.ts:1 -> ./adapters/queue/pg-boss-job-queue.js: ${driven('src/service.ts', 'queue')}`,
      `src/service.ts:2 -> ./adapters/persistence/create-knex.js: ${driven('src/service.ts', 'persistence')}`,
      `src/cli.ts:1 -> ./adapters/mail/smtp-mailer.js: ${driven('src/cli.ts', 'mail')}`,
      `src/index.ts:1 -> ./adapters/clock/system-clock.js: ${driven('src/index.ts', 'clock')}`,
    ]);
  });

  it('let the entry points import what they start, the start-up adapters, each other and the inner layers', () => {
    file(
      'src/service.ts',
      [
        "import { buildContainer } from './main.js';",
        "import { JobWorkers } from './application/jobs/job-workers.js';",
        "import { HttpServer } from './adapters/http/http-server.js';",
        "import { createLogger } from './adapters/log/create-logger.js';",
        "import { maskCredentials } from './adapters/shared/mask-credentials.js';",
        "import { JobQueue } from './application/ports/job-queue.js';",
      ].join('\n'),
    );
    file(
      'src/cli.ts',
      "import { CliCommands } from './adapters/cli/cli-commands.js';\nimport { loadConfig } from './adapters/config/load-config.js';\nimport { closeContainer } from './service.js';",
    );
    file('src/index.ts', "export * from './domain/index.js';\nexport { main } from './cli.js';\nexport { buildContainer } from './main.js';");
    expect(found()).to.deep.equal([]);
  });

  it('are imported by no layer', () => {
    file('src/application/a.ts', "import { startService } from '../service.js';");
    file('src/adapters/queue/b.ts', "import type { RunningService } from '../../service.js';");
    file('src/domain/c.ts', "import type { Cli } from '../cli.js';");
    expect(found()).to.have.members([
      'src/application/a.ts:1 -> ../service.js: only the composition roots import src/service.ts',
      'src/adapters/queue/b.ts:1 -> ../../service.js: only the composition roots import src/service.ts',
      'src/domain/c.ts:1 -> ../cli.js: only the composition roots import src/cli.ts',
    ]);
  });
});
