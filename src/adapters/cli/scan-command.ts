import type { RequestScan, ScanOutcome } from '../../application/scan/request-scan.js';
import { judgeScanGate, type ScanGate } from '../../application/scan/scan-gate.js';
import { reportLinks } from '../../application/views/report-links.js';
import { scanReportJson } from '../../application/views/report-view.js';
import type { ProbeResult } from '../../domain/scan/probes.js';
import type { CliIo } from './cli-io.js';

/**
 * `vetted scan DOMAIN [--json]`: one progress line per probe on stderr, the result on stdout.
 * Resolves with 0, or 1 when the scan missed the gate (what was missed on one stderr line).
 */
export async function runScanCommand(
  requestScan: RequestScan,
  baseUrl: string,
  io: CliIo,
  options: { domain: string; json: boolean; fresh: boolean; gate?: ScanGate },
): Promise<number> {
  const outcome = await requestScan.run({
    domain: options.domain,
    clientId: 'cli',
    allowReuse: !options.fresh,
    inline: { onProbe: (result) => io.err(progressLine(result)) },
  });
  const { stored, reused, ageSeconds } = outcome;
  if (reused) io.err(`  reusing report ${stored.report.id}, ${ageSeconds} s old (--fresh to scan again)`);
  if (options.json) {
    io.out(JSON.stringify(scanReportJson(outcome, baseUrl), null, 2));
  } else {
    for (const line of summary(outcome, baseUrl)) io.out(line);
  }
  const verdict = judgeScanGate(options.gate ?? {}, { score: stored.report.score, readiness: outcome.readiness.value });
  if (verdict.met) return 0;
  io.err(`vetted: not met: ${verdict.unmet.join('; ')}`);
  return 1;
}

function progressLine(result: ProbeResult): string {
  const outcome = result.ok ? `HTTP ${result.status}${result.truncated ? ' (cut at cap)' : ''}` : result.code;
  return `  ${result.probe.padEnd(16)} ${outcome.padEnd(22)} ${String(Math.round(result.durationMs)).padStart(6)} ms  ${result.requestedUrl}`;
}

function summary({ stored: { report }, readiness }: ScanOutcome, baseUrl: string): string[] {
  return [
    `${report.domain}: score ${report.score}/100, readiness ${readiness.value}${readiness.reasons.length > 0 ? ` (${readiness.reasons.join('; ')})` : ''}`,
    ...report.checks.map((c) => `  ${c.status.padEnd(5)} ${String(c.points).padStart(2)}/${String(c.max).padEnd(2)} ${c.id}: ${c.detail}`),
    `  declarations: ${report.declarations.map((d) => `${d.id}=${d.status}`).join(', ')}`,
    `report: ${reportLinks(baseUrl, report.id, report.evidence.length).html}`,
  ];
}
