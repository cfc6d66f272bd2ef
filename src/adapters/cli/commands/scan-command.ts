import { inject, injectable } from 'inversify';
import { printable } from '../../../application/input/domain-input.js';
import { AppError } from '../../../application/errors.js';
import { AppConfig } from '../../../application/ports/app-config.js';
import { GATE_REQUIREMENTS, RequestScan, type GateRequirement, type ScanGate, type ScanOutcome } from '../../../application/scan/request-scan.js';
import { reportLinks } from '../../../application/views/report-links.js';
import { scanResultJson } from '../../../application/views/scan-result-view.js';
import type { ProbeResult } from '../../../domain/scan/probes.js';
import { UsageError, type CliCommand, type CommandArgs, type CommandSpec } from '../cli-command.js';
import type { CliIo } from '../cli-io.js';
import { readInput, readText } from '../read-files.js';
import { runScanListCommand } from '../scan-list-command.js';
import { parseScanList } from '../scan-list-file.js';

type ScanInput =
  | { readonly domain: string; readonly json: boolean; readonly fresh: boolean; readonly gate: ScanGate }
  | { readonly file: string; readonly fresh: boolean; readonly gate: ScanGate };

const GATE = '[--fail-under SCORE] [--require ready|limited]';

const SPEC: CommandSpec<ScanInput> = {
  name: 'scan',
  summary: 'scan a site, or every site of a list',
  usage: [`scan DOMAIN [--json] [--fresh] ${GATE}`, `scan --file LIST [--fresh] ${GATE}`],
  arguments: [{ name: 'DOMAIN', help: 'the site to scan', optional: true }],
  options: {
    json: { type: 'boolean', help: 'print the scan result as JSON instead of the summary: what POST /api/scan answers (reused, age_seconds, report_url, …)' },
    fresh: { type: 'boolean', help: 'scan again even when a report under ten minutes old exists' },
    file: {
      type: 'string',
      value: 'LIST',
      help: 'scan every domain of LIST instead, one a line (# starts a comment, LIST "-" is standard input); one JSON line each on stdout',
    },
    'fail-under': { type: 'string', value: 'SCORE', help: 'exit 1 when the score is under SCORE, a whole number from 0 to 100' },
    require: { type: 'string', value: 'ready|limited', help: 'exit 1 unless readiness is ready (limited: limited or ready)' },
  },
  details: [
    'The scan runs in this process, one progress line per probe on stderr, and counts against the scan budgets as client cli; links start with BASE_URL. With --file, a spent budget is waited out and the domain tried again.',
    'Exit 1 when the site could not be reached (nothing was judged; the summary says why, and so does stderr), or when the scan missed --fail-under or --require (the summary is printed all the same, then what was missed on stderr); with --file, when any domain could not be scanned, could not be reached or missed them.',
  ],
  parse: parseScan,
};

function parseScan(args: CommandArgs): ScanInput {
  const file = args.string('file');
  const domain = args.positionals[0];
  if (file !== undefined && domain !== undefined) throw new UsageError('scan takes a DOMAIN or --file LIST, not both');
  if (file === undefined && domain === undefined) throw new UsageError('scan needs a DOMAIN or --file LIST');
  if (file === '') throw new UsageError('--file needs a file name, or - for standard input');
  const gate: { failUnder?: number; require?: GateRequirement } = {};
  const failUnder = args.string('fail-under');
  if (failUnder !== undefined) {
    if (!/^\d{1,3}$/.test(failUnder) || Number(failUnder) > 100)
      throw new UsageError(`--fail-under must be a whole number from 0 to 100 (got "${printable(failUnder, 20)}")`);
    gate.failUnder = Number(failUnder);
  }
  const require = args.string('require');
  if (require !== undefined) {
    if (!(GATE_REQUIREMENTS as readonly string[]).includes(require))
      throw new UsageError(`--require must be ready or limited (got "${printable(require, 20)}")`);
    gate.require = require as GateRequirement;
  }
  const fresh = args.flag('fresh');
  return file !== undefined ? { file, fresh, gate } : { domain: domain!, json: args.flag('json'), fresh, gate };
}

/**
 * `vetted scan`: RequestScan, run inline. One DOMAIN: progress on stderr, the summary or JSON on
 * stdout, 1 when the site could not be reached or the gate was missed. `--file LIST`: see runScanListCommand.
 */
@injectable()
export class ScanCommand implements CliCommand<ScanInput> {
  static readonly spec = SPEC;
  readonly spec = SPEC;

  constructor(
    @inject(RequestScan) private readonly requestScan: RequestScan,
    @inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async run(input: ScanInput, io: CliIo): Promise<number> {
    if ('file' in input) {
      const entries = parseScanList(input.file === '-' ? await readInput(io) : await readText(input.file));
      if (entries.length === 0) throw new AppError('VALIDATION_ERROR', `${input.file === '-' ? 'standard input' : input.file} lists no domains`);
      return runScanListCommand(this.requestScan, this.config.baseUrl, io, { entries, fresh: input.fresh, gate: input.gate });
    }
    const outcome = await this.requestScan.run({
      domain: input.domain,
      clientId: 'cli',
      allowReuse: !input.fresh,
      gate: input.gate,
      inline: { onProbe: (result) => io.err(progressLine(result)) },
    });
    const { stored, reused, ageSeconds } = outcome;
    if (reused) io.err(`  reusing report ${stored.report.id}, ${ageSeconds} s old (--fresh to scan again)`);
    if (input.json) io.out(JSON.stringify(scanResultJson(outcome, this.config.baseUrl), null, 2));
    else for (const line of summary(outcome, this.config.baseUrl)) io.out(line);
    if (!outcome.gate.met) io.err(`vetted: not met: ${outcome.gate.unmet.join('; ')}`);
    const unreachable = outcome.summary.unreachable;
    if (unreachable !== undefined) io.err(`vetted: ${stored.report.domain} could not be reached: ${unreachable}; nothing was judged`);
    return outcome.gate.met && unreachable === undefined ? 0 : 1;
  }
}

function progressLine(result: ProbeResult): string {
  const outcome = result.ok ? `HTTP ${result.status}${result.truncated ? ' (cut at cap)' : ''}` : result.code;
  return `  ${result.probe.padEnd(16)} ${outcome.padEnd(22)} ${String(Math.round(result.durationMs)).padStart(6)} ms  ${result.requestedUrl}`;
}

function summary({ stored: { report }, readiness, score }: ScanOutcome, baseUrl: string): string[] {
  return [
    `${report.domain}: ${score === null ? 'not judged' : `score ${score}/100`}, readiness ${readiness.value}${readiness.reasons.length > 0 ? ` (${readiness.reasons.join('; ')})` : ''}`,
    ...report.checks.map((c) => `  ${c.status.padEnd(5)} ${String(c.points).padStart(2)}/${String(c.max).padEnd(2)} ${c.id}: ${c.detail}`),
    ...(score === null ? [] : [`  declarations: ${report.declarations.map((d) => `${d.id}=${d.status}`).join(', ')}`]),
    `report: ${reportLinks(baseUrl, report.id, report.evidence.length).html}`,
  ];
}
