import type { AppConfig } from '../../application/ports/app-config.js';
import type { StoredReport } from '../../application/ports/report-repository.js';
import type { RequestScan } from '../../application/scan/request-scan.js';
import type { ProbeResult } from '../../domain/scan/probes.js';
import { judgeReadiness } from '../../domain/scan/readiness.js';
import { reportContent } from '../../domain/scan/report-content.js';
import type { CliIo } from './cli-commands.js';

/** `vetted scan DOMAIN [--json]`: one progress line per probe on stderr, the result on stdout. */
export async function runScanCommand(
  requestScan: RequestScan,
  config: AppConfig,
  io: CliIo,
  options: { domain: string; json: boolean; fresh: boolean },
  now: () => Date,
): Promise<number> {
  const { stored, reused, ageSeconds } = await requestScan.run({
    domain: options.domain,
    clientId: 'cli',
    allowReuse: !options.fresh,
    onProbe: (result) => io.err(progressLine(result)),
  });
  if (reused) io.err(`  reusing report ${stored.report.id}, ${ageSeconds} s old (--fresh to scan again)`);
  const json = options.json;
  if (json) {
    io.out(JSON.stringify({ ...reportContent(stored.report), content_sha256: stored.signature.contentSha256, signature: stored.signature }, null, 2));
  } else {
    for (const line of summary(stored, config.baseUrl, now())) io.out(line);
  }
  return 0;
}

function progressLine(result: ProbeResult): string {
  const outcome = result.ok ? `HTTP ${result.status}${result.truncated ? ' (cut at cap)' : ''}` : result.code;
  return `  ${result.probe.padEnd(16)} ${outcome.padEnd(22)} ${String(Math.round(result.durationMs)).padStart(6)} ms  ${result.requestedUrl}`;
}

function summary({ report }: StoredReport, baseUrl: string, now: Date): string[] {
  const readiness = judgeReadiness(report, now);
  return [
    `${report.domain}: score ${report.score}/100, readiness ${readiness.value}${readiness.reasons.length > 0 ? ` (${readiness.reasons.join('; ')})` : ''}`,
    ...report.checks.map((c) => `  ${c.status.padEnd(5)} ${String(c.points).padStart(2)}/${String(c.max).padEnd(2)} ${c.id}: ${c.detail}`),
    `  declarations: ${report.declarations.map((d) => `${d.id}=${d.status}`).join(', ')}`,
    `report: ${baseUrl}/reports/${report.id}`,
  ];
}
