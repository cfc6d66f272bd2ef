import { inject, injectable } from 'inversify';
import { CheckRemote, type RemoteCheck } from '../../../application/client/check-remote.js';
import type { GuidanceAction } from '../../../domain/trust/agent-guidance.js';
import { type CliCommand, type CommandSpec, UsageError } from '../cli-command.js';
import type { CliIo } from '../cli-io.js';
import { readInput, readText } from '../read-files.js';

interface CheckInput {
  readonly domain?: string;
  readonly file?: string;
  readonly url?: string;
  readonly external: boolean;
  readonly signals: boolean;
  readonly json: boolean;
}

/** The exit code of each guidance: a script gates on `vetted check` as on any command (0 goes ahead). */
const CHECK_EXIT_CODES: Readonly<Record<GuidanceAction, number>> = { PROCEED: 0, CAUTION: 3, FLAG: 4, BLOCK: 5 };
// A name the service refused to answer (a malformed name, the quota): no guidance to go by.
const REFUSED_EXIT = 1;
const MEANING: Readonly<Record<GuidanceAction, string>> = {
  PROCEED: 'go ahead within the limits',
  CAUTION: 'a person reviews payments',
  FLAG: 'send to human review, no payment',
  BLOCK: 'do not transact',
};

const SPEC: CommandSpec<CheckInput> = {
  name: 'check',
  summary: 'ask a deployed Vetted whether to trust a domain, and exit by its guidance',
  arguments: [{ name: 'DOMAIN', help: 'the domain or host name to check', optional: true }],
  options: {
    file: { type: 'string', value: 'LIST', help: 'check every name of LIST instead (one a line, # comments; - for standard input): one JSON line each' },
    url: { type: 'string', value: 'URL', help: 'the Vetted to ask; VETTED_URL, else BASE_URL (the local service), by default' },
    external: { type: 'boolean', help: 'ask for live looks too (external=true): slower, never cached' },
    signals: { type: 'boolean', help: 'print each trust signal with its points' },
    json: { type: 'boolean', help: "print the service's answer (its data) as JSON" },
  },
  usage: ['check DOMAIN [--signals] [--external] [--url URL] [--json]', 'check --file LIST [--external] [--url URL]'],
  // A client: it never opens the local database.
  skipMigration: true,
  details: [
    'Asks GET /verify/{domain}?signals=true of a running service and reads nothing of the local database. Prints the guidance in words: the action, the score and trust level, and the reason.',
    `Exit codes: ${CHECK_EXIT_CODES.PROCEED} PROCEED, ${CHECK_EXIT_CODES.CAUTION} CAUTION, ${CHECK_EXIT_CODES.FLAG} FLAG, ${CHECK_EXIT_CODES.BLOCK} BLOCK (with --file, the most restrictive of all), ${REFUSED_EXIT} the service could not be reached or refused a name, 2 bad arguments.`,
  ],
  parse: (args) => {
    const domain = args.positionals[0];
    const file = args.string('file');
    if ((domain === undefined) === (file === undefined)) throw new UsageError('check takes a DOMAIN or --file LIST, one of the two');
    return { domain, file, url: args.string('url'), external: args.flag('external'), signals: args.flag('signals'), json: args.flag('json') };
  },
};

/** `vetted check DOMAIN` and `vetted check --file LIST`: CheckRemote, once a name. */
@injectable()
export class CheckCommand implements CliCommand<CheckInput> {
  static readonly spec = SPEC;
  readonly spec = SPEC;

  constructor(@inject(CheckRemote) private readonly checkRemote: CheckRemote) {}

  async run(input: CheckInput, io: CliIo): Promise<number> {
    const options = { url: input.url, external: input.external };
    if (input.domain !== undefined) {
      const check = await this.checkRemote.run(input.domain, options);
      if (input.json) io.out(JSON.stringify(check.answer ?? { error: check.refusal }, null, 2));
      else for (const line of inWords(check, input.signals)) (check.refusal ? io.err : io.out)(line);
      return exitOf(check);
    }
    const list = input.file === '-' ? await readInput(io) : await readText(input.file!);
    const names = list
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter((line) => line !== '');
    let worst = 0;
    for (const name of names) {
      const check = await this.checkRemote.run(name, options);
      io.out(JSON.stringify(lineOf(name, check)));
      worst = Math.max(worst, exitOf(check));
    }
    return worst;
  }
}

function exitOf(check: RemoteCheck): number {
  return check.action === undefined ? REFUSED_EXIT : CHECK_EXIT_CODES[check.action];
}

function inWords(check: RemoteCheck, signals: boolean): string[] {
  if (check.action === undefined) return [`${check.domain}: refused, ${check.refusal!.code}: ${check.reason}`];
  const standing = check.expired ? 'verification expired' : check.verified ? 'verified' : 'not verified';
  const lines = [
    `${check.domain}: ${check.action} (${MEANING[check.action]}). Score ${check.trustScore ?? '-'}/100, ${check.trustLevel ?? 'unknown'} trust; ${standing}.`,
    check.reason,
  ];
  const listed = check.answer?.['signals'];
  if (signals && listed && typeof listed === 'object') {
    for (const [name, value] of Object.entries(listed as Record<string, { score?: number; max?: number; error?: string }>))
      lines.push(`  ${name}: ${value.score ?? 0}/${value.max ?? 0}${value.error ? ` (${value.error})` : ''}`);
  }
  return lines;
}

function lineOf(name: string, check: RemoteCheck): Record<string, unknown> {
  if (check.action === undefined) return { domain: name, error: check.refusal };
  return {
    domain: check.domain,
    action: check.action,
    trust_score: check.trustScore,
    trust_level: check.trustLevel,
    verified: check.verified,
    reason: check.reason,
  };
}
