import type { CommandSpec } from '../cli-command.js';

/** The long-running roles of a process. */
export type ServiceRole = 'serve' | 'worker';

const STOPPING =
  'SIGTERM or SIGINT stop it gracefully (requests and jobs under way finish, 10 s at most), then exit code 0. A start that fails says why in one line on stderr: exit 2 for a setting that cannot work, 1 otherwise (the database cannot be reached, the port is taken).';

// Specs without a class: the entry point starts these roles itself, each with its own container.
const SERVE: CommandSpec<ServiceRole> = {
  name: 'serve',
  summary: 'run the HTTP service and, unless WORKERS=0, background jobs',
  details: ['The address and everything else come from the environment (see docs/configuration.md).', STOPPING],
  parse: () => 'serve',
};

const WORKER: CommandSpec<ServiceRole> = {
  name: 'worker',
  summary: 'run background jobs only (scans, proof re-checks), no HTTP',
  details: ['For WORKERS=0 deployments on PostgreSQL: every worker takes jobs from the shared queues.', STOPPING],
  parse: () => 'worker',
};

/** The commands that start a long-running role rather than call a use case. */
export const SERVICE_COMMANDS: readonly CommandSpec<ServiceRole>[] = [SERVE, WORKER];

/** The role a parsed command starts, or undefined for a command of the container's set. */
export function serviceRoleOf(spec: CommandSpec): ServiceRole | undefined {
  return SERVICE_COMMANDS.some((service) => service === spec) ? (spec.name as ServiceRole) : undefined;
}
