import { setTimeout as sleep } from 'node:timers/promises';
import { isAppError } from '../../application/errors.js';
import type { GatedScanOutcome, RequestScan, ScanGate } from '../../application/scan/request-scan.js';
import { reportLinks } from '../../application/views/report-links.js';
import type { CliIo } from './cli-io.js';
import type { ScanListEntry } from './scan-list-file.js';

// A refusal names when its budget frees up, so a refusal after the wait means another budget was
// spent too or another client took the room first: after this many, report it instead of waiting on.
const MAX_TRIES_PER_DOMAIN = 5;

/** Waits `seconds`; tests pass a quicker one. */
export type Wait = (seconds: number) => Promise<void>;

/**
 * `vetted scan --file LIST`: scans the entries one after another as client `cli`, waiting out a
 * spent budget (RATE_LIMITED with retryAfterSeconds) instead of failing. Progress goes to stderr
 * (`[3/20] example.com ...`), one JSON line per entry to stdout. Resolves with 0 when every entry
 * was scanned, reached and met the gate, else 1; an entry that is not a domain is one failed line.
 */
export async function runScanListCommand(
  requestScan: RequestScan,
  baseUrl: string,
  io: CliIo,
  options: { entries: readonly ScanListEntry[]; fresh: boolean; gate: ScanGate },
  wait: Wait = (seconds) => sleep(seconds * 1000),
): Promise<number> {
  const { entries } = options;
  let allMet = true;
  for (const [index, entry] of entries.entries()) {
    io.err(`[${index + 1}/${entries.length}] ${entry.domain} ...`);
    let outcome: GatedScanOutcome;
    try {
      outcome = await scanWaitingOutBudgets(requestScan, entry.domain, options, io, wait);
    } catch (error) {
      allMet = false;
      const code = isAppError(error) ? error.code : 'INTERNAL_ERROR';
      const message = (error as Error).message;
      io.err(`  ${code}: ${message}`);
      io.out(JSON.stringify({ ...EMPTY_LINE, line: entry.line, domain: entry.domain, error: { code, message } }));
      continue;
    }
    const { report } = outcome.stored;
    const verdict = outcome.gate;
    const unmet = verdict.met ? [] : verdict.unmet;
    const { score } = outcome;
    const unreachable = outcome.summary.unreachable;
    const judged = unreachable === undefined ? `score ${score}/100` : `could not be reached: ${unreachable}`;
    io.err(`  ${judged}, readiness ${outcome.readiness.value}${outcome.reused ? ' (reused)' : ''}${unmet.length > 0 ? `; not met: ${unmet.join('; ')}` : ''}`);
    const ok = verdict.met && unreachable === undefined;
    if (!ok) allMet = false;
    io.out(
      JSON.stringify({
        line: entry.line,
        domain: entry.domain,
        ok,
        score,
        readiness: outcome.readiness.value,
        report_url: reportLinks(baseUrl, report.id, report.evidence.length).html,
        reused: outcome.reused,
        unmet,
        error: null,
      }),
    );
  }
  return allMet ? 0 : 1;
}

// Every line has the same keys, so that a line that failed reads like one that did not.
const EMPTY_LINE = { line: 0, domain: '', ok: false, score: null, readiness: null, report_url: null, reused: null, unmet: [], error: null };

async function scanWaitingOutBudgets(
  requestScan: RequestScan,
  domain: string,
  { fresh, gate }: { fresh: boolean; gate: ScanGate },
  io: CliIo,
  wait: Wait,
): Promise<GatedScanOutcome> {
  for (let tries = 1; ; tries++) {
    try {
      // Inline: this process has no worker to take a queued job.
      return await requestScan.run({ domain, clientId: 'cli', allowReuse: !fresh, gate, inline: {} });
    } catch (error) {
      const refusal = isAppError(error) && error.code === 'RATE_LIMITED' ? error : undefined;
      const retryAfter = refusal?.details.retryAfterSeconds;
      if (retryAfter === undefined || tries >= MAX_TRIES_PER_DOMAIN) throw error;
      io.err(`  the ${String(refusal!.details.limit ?? 'scan')} scan budget is spent: waiting ${retryAfter} s, then trying again`);
      await wait(retryAfter);
    }
  }
}
