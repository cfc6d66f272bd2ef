import type { ScanJob } from '../../../domain/scan/scan-job.js';
import { escapeHtml } from './escape-html.js';
import { renderPage } from './page-layout.js';

/**
 * A scan still going after the progress page waited for it: each finished probe, and a "Check
 * again" link to the same page (which waits again and opens the report when the scan ends); it
 * never reloads itself. With `tookHostFromUrl`, it says the form took the scanned name from a pasted URL.
 */
export function renderScanProgressPage(job: ScanJob, options: { tookHostFromUrl?: boolean } = {}): string {
  const rows = job.probes
    .map((p) => `<tr><td><code>${escapeHtml(p.probe)}</code></td><td>${escapeHtml(p.outcome)}</td><td>${escapeHtml(p.ms)} ms</td></tr>`)
    .join('\n');
  const state = job.state === 'queued' ? 'Waiting for a worker…' : `Running: ${job.probes.length} probes finished so far.`;
  return renderPage({
    title: `Scanning ${job.domain}`,
    noindex: true,
    bodyHtml: `<h1>Scanning ${escapeHtml(job.domain)}</h1>
${options.tookHostFromUrl ? `<p>You pasted a URL: Vetted scans its host name, <strong>${escapeHtml(job.domain)}</strong>.</p>\n` : ''}<p>${escapeHtml(state)} The report opens as soon as the scan ends: <a href="/scans/${encodeURIComponent(job.id)}${options.tookHostFromUrl ? '?pasted=url' : ''}">Check again</a>.</p>
<table><thead><tr><th>Probe</th><th>Outcome</th><th>Time</th></tr></thead>
<tbody>
${rows}
</tbody></table>
<p><a href="/api/scans/${encodeURIComponent(job.id)}">Status as JSON</a></p>`,
  });
}
