import { parseArgs } from 'node:util';
import { printable } from '../../application/domain-input.js';
import { GATE_REQUIREMENTS, type GateRequirement, type ScanGate } from '../../application/scan/scan-gate.js';
import { SERVICE_VERSION } from '../../application/views/service-facts.js';

/** A command line the CLI understood. */
export type Command =
  | { readonly name: 'help' }
  | { readonly name: 'version' }
  | { readonly name: 'serve' }
  | { readonly name: 'worker' }
  | { readonly name: 'jobs'; readonly json: boolean }
  | { readonly name: 'migrate' }
  | { readonly name: 'recheck' }
  | {
      readonly name: 'entity add';
      readonly domain: string;
      readonly entityName: string;
      readonly type?: string;
      readonly level?: string;
      readonly expires?: string;
    }
  | { readonly name: 'entity list'; readonly json: boolean }
  | { readonly name: 'entity import'; readonly file: string }
  | { readonly name: 'block add'; readonly domain: string; readonly reason?: string }
  | { readonly name: 'block remove'; readonly domain: string }
  | { readonly name: 'block list'; readonly json: boolean }
  | { readonly name: 'block import'; readonly file: string }
  | { readonly name: 'scan'; readonly domain: string; readonly json: boolean; readonly fresh: boolean; readonly gate?: ScanGate }
  | { readonly name: 'scan list'; readonly file: string; readonly fresh: boolean; readonly gate: ScanGate }
  | { readonly name: 'verify-signature'; readonly file: string; readonly jwks?: string; readonly json: boolean };

export type ParsedCommand = { readonly ok: true; readonly command: Command } | { readonly ok: false; readonly message: string };

/** What `vetted --version` prints: the version GET /status reports. */
export const VERSION_LINE = `vetted ${SERVICE_VERSION}`;

/** What `vetted help` prints. */
export const USAGE = `Usage: vetted <command> [options]
       vetted --version

Commands:
  serve                                   run the HTTP service and, unless WORKERS=0, background jobs
  worker                                  run background jobs only (scans, proof re-checks), no HTTP
  jobs [--json]                           list the job queues: waiting, active, failed, completed
  migrate                                 bring the database schema up to date
  recheck                                 look again at every verified entity's proof that is due (for cron)
  entity add --domain D --name N [--type T] [--level basic|verified|enterprise] [--expires ISO8601]
                                          add a verified entity; prints its id
  entity list [--json]                    list the entities (--json: the fields of GET /lookup/{id})
  entity import FILE                      add every entity of FILE, all or nothing: JSON Lines (.jsonl, one
                                          object a line) or CSV (.csv) with a header line; fields domain, name,
                                          and optional type, level, expires_at. CSV fields cannot be quoted:
                                          a name with a comma or a double quote needs JSON Lines
  block add D [--reason R]                block a domain and its subdomains
  block remove D                          unblock a domain
  block list [--json]                     list blocked domains
  block import FILE                       block every domain of FILE (one a line, # comments)
  scan DOMAIN [--json] [--fresh] [--fail-under SCORE] [--require ready|limited]
                                          scan a site (reusing a report under ten minutes old unless --fresh);
                                          progress on stderr, summary (or the JSON report) on stdout;
                                          links start with BASE_URL. --fail-under (0-100) and --require
                                          (limited accepts limited or ready) gate the exit code: 1 when not met
  scan --file LIST [--fresh] [--fail-under SCORE] [--require ready|limited]
                                          scan every domain of LIST (one a line, # comments; - for stdin),
                                          waiting out scan budgets; one JSON line per domain on stdout;
                                          exit 1 when any domain could not be scanned or missed the gate
  verify-signature FILE [--jwks FILE] [--json]
                                          check a signed verify answer (a compact JWS, as GET /verify answers
                                          to Accept: application/jose) offline: against the JWKS file, else
                                          this deployment's key; exit 0 valid, 1 invalid or expired
  help, --help, -h                        show this text
  --version, -V                           print the version

Exit codes: 0 done, 1 failed, 2 bad arguments or input (nothing written).`;

/** Parses argv (without node and the script). Never throws; bad arguments give a message. */
export function parseCommand(argv: readonly string[]): ParsedCommand {
  const [group, ...rest] = argv;
  try {
    switch (group) {
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        return ok({ name: 'help' });
      case '--version':
      case '-V':
        strict(rest, {});
        return ok({ name: 'version' });
      case 'jobs': {
        const { values } = strict(rest, { json: { type: 'boolean' } });
        return ok({ name: 'jobs', json: values.json === true });
      }
      case 'serve':
      case 'worker':
      case 'migrate':
      case 'recheck':
        strict(rest, {});
        return ok({ name: group });
      case 'entity':
        return parseEntity(rest);
      case 'block':
        return parseBlock(rest);
      case 'scan':
        return parseScan(rest);
      case 'verify-signature': {
        const { values, positionals } = strict(rest, { jwks: { type: 'string' }, json: { type: 'boolean' } }, 1);
        return ok({ name: 'verify-signature', file: positionals[0]!, jwks: values.jwks as string | undefined, json: values.json === true });
      }
      default:
        return fail(`unknown command "${group}"`);
    }
  } catch (error) {
    return fail((error as Error).message);
  }
}

function parseEntity(argv: readonly string[]): ParsedCommand {
  const [action, ...rest] = argv;
  if (action === 'add') {
    const { values } = strict(rest, {
      domain: { type: 'string' },
      name: { type: 'string' },
      type: { type: 'string' },
      level: { type: 'string' },
      expires: { type: 'string' },
    });
    if (!values.domain) return fail('entity add needs --domain');
    if (!values.name) return fail('entity add needs --name');
    return ok({
      name: 'entity add',
      domain: values.domain as string,
      entityName: values.name as string,
      type: values.type as string | undefined,
      level: values.level as string | undefined,
      expires: values.expires as string | undefined,
    });
  }
  if (action === 'list') {
    const { values } = strict(rest, { json: { type: 'boolean' } });
    return ok({ name: 'entity list', json: values.json === true });
  }
  if (action === 'import') return ok({ name: 'entity import', file: strict(rest, {}, 1).positionals[0]! });
  return fail('entity takes add, list or import');
}

function parseBlock(argv: readonly string[]): ParsedCommand {
  const [action, ...rest] = argv;
  switch (action) {
    case 'add': {
      const { values, positionals } = strict(rest, { reason: { type: 'string' } }, 1);
      return ok({ name: 'block add', domain: positionals[0]!, reason: values.reason as string | undefined });
    }
    case 'remove':
      return ok({ name: 'block remove', domain: strict(rest, {}, 1).positionals[0]! });
    case 'import':
      return ok({ name: 'block import', file: strict(rest, {}, 1).positionals[0]! });
    case 'list':
      return ok({ name: 'block list', json: strict(rest, { json: { type: 'boolean' } }).values.json === true });
    default:
      return fail('block takes add, remove, list or import');
  }
}

function parseScan(argv: readonly string[]): ParsedCommand {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: { json: { type: 'boolean' }, fresh: { type: 'boolean' }, file: { type: 'string' }, 'fail-under': { type: 'string' }, require: { type: 'string' } },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length > 1) return fail('scan takes one DOMAIN (or --file LIST for many)');
  const file = values.file as string | undefined;
  if (file !== undefined && positionals.length === 1) return fail('scan takes a DOMAIN or --file LIST, not both');
  if (file === undefined && positionals.length === 0) return fail('scan needs a DOMAIN or --file LIST');
  if (file === '') return fail('--file needs a file name, or - for standard input');
  const gate: { failUnder?: number; require?: GateRequirement } = {};
  const failUnder = values['fail-under'] as string | undefined;
  if (failUnder !== undefined) {
    if (!/^\d{1,3}$/.test(failUnder) || Number(failUnder) > 100) return fail(`--fail-under must be a whole number from 0 to 100 (got "${printable(failUnder, 20)}")`);
    gate.failUnder = Number(failUnder);
  }
  const require = values.require as string | undefined;
  if (require !== undefined) {
    if (!(GATE_REQUIREMENTS as readonly string[]).includes(require)) return fail(`--require must be ready or limited (got "${printable(require, 20)}")`);
    gate.require = require as GateRequirement;
  }
  const fresh = values.fresh === true;
  if (file !== undefined) return ok({ name: 'scan list', file, fresh, gate });
  return ok({ name: 'scan', domain: positionals[0]!, json: values.json === true, fresh, gate });
}

type OptionSpec = Record<string, { type: 'string' | 'boolean' }>;

function strict(args: readonly string[], options: OptionSpec, positionals = 0) {
  const parsed = parseArgs({ args: [...args], options, strict: true, allowPositionals: positionals > 0 });
  if (parsed.positionals.length !== positionals) {
    throw new Error(positionals === 1 ? 'expected exactly one argument' : 'unexpected arguments');
  }
  return parsed;
}

function ok(command: Command): ParsedCommand {
  return { ok: true, command };
}

function fail(message: string): ParsedCommand {
  return { ok: false, message };
}
