import { existsSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { inject, injectable } from 'inversify';
import { AuditLog, type AuditState } from '../../../application/log/audit-log.js';
import { AppError } from '../../../application/errors.js';
import type { CliCommand, CommandSpec } from '../cli-command.js';
import type { CliIo } from '../cli-io.js';
import { parseJsonFile, readText } from '../read-files.js';

interface LogVerifyInput {
  readonly url: string;
  readonly state?: string;
  readonly origin?: string;
  readonly json: boolean;
}

const SPEC: CommandSpec<LogVerifyInput> = {
  name: 'log verify',
  summary: "audit a deployment's transparency log from its public files",
  options: {
    url: { type: 'string', value: 'BASE_URL', help: 'the deployment, e.g. https://vetted.example.org', required: true },
    state: { type: 'string', value: 'FILE', help: 'where the last checkpoint checked is kept: the new one must be consistent with it (created when missing)' },
    origin: {
      type: 'string',
      value: 'ORIGIN',
      help: "the log's name its checkpoints must carry; the host of BASE_URL plus /log by default (give it when auditing a mirror or one instance of several)",
    },
    json: { type: 'boolean', help: 'print {ok, size, root, previous_size, rehashed} or {ok, discrepancy}' },
  },
  details: [
    "Fetches /log/checkpoint and checks its signature against /.well-known/jwks.json; with --state, checks it is consistent with the checkpoint seen last (RFC 9162 consistency proof); re-hashes the entries added since (all of them without a state file) against the hash tiles, and the tree's kept right edge extended by them against the checkpoint's root.",
    'Exit 0 when everything checks (the state file then holds the new checkpoint), 1 at the first discrepancy (named on stderr) or when the deployment does not answer, 2 for a bad URL or state file.',
  ],
  parse: (args) => ({ url: args.string('url')!, state: args.string('state'), origin: args.string('origin'), json: args.flag('json') }),
};

/** `vetted log verify --url BASE_URL [--state FILE] [--json]`: AuditLog. */
@injectable()
export class LogVerifyCommand implements CliCommand<LogVerifyInput> {
  static readonly spec = SPEC;
  readonly spec = SPEC;

  constructor(@inject(AuditLog) private readonly audit: AuditLog) {}

  async run(input: LogVerifyInput, io: CliIo): Promise<number> {
    const previous =
      input.state !== undefined && existsSync(input.state) ? stateOf(input.state, parseJsonFile(input.state, await readText(input.state))) : undefined;
    const outcome = await this.audit.run(input.url, previous, input.origin);
    if (!outcome.ok) {
      if (input.json) io.out(JSON.stringify({ ok: false, discrepancy: outcome.discrepancy }, null, 2));
      io.err(`vetted: discrepancy: ${outcome.discrepancy}`);
      return 1;
    }
    if (input.state !== undefined) {
      // Written whole, then renamed: a crash never leaves half a state file.
      await writeFile(`${input.state}.tmp`, `${JSON.stringify(outcome.state, null, 2)}\n`);
      await rename(`${input.state}.tmp`, input.state);
    }
    const { size, root } = outcome.state;
    if (input.json) io.out(JSON.stringify({ ok: true, size, root, previous_size: outcome.previousSize, rehashed: outcome.entries }, null, 2));
    else
      io.out(
        `ok: ${outcome.state.origin} holds ${size} entries, root ${root}${previous ? `, consistent with the ${outcome.previousSize} seen before` : ''}; ${outcome.entries} entries re-hashed`,
      );
    return 0;
  }
}

function stateOf(file: string, value: unknown): AuditState {
  const state = value as Partial<AuditState> | null;
  const frontier = state?.frontier;
  if (
    !state ||
    typeof state.origin !== 'string' ||
    !Number.isSafeInteger(state.size) ||
    (state.size ?? -1) < 0 ||
    typeof state.root !== 'string' ||
    (frontier !== undefined && !(Array.isArray(frontier) && frontier.every((h) => typeof h === 'string')))
  ) {
    throw new AppError('VALIDATION_ERROR', `${file} is not a state file of this command ({origin, size, root, frontier})`);
  }
  return { origin: state.origin, size: state.size!, root: state.root, ...(frontier ? { frontier } : {}) };
}
