import type { ReportLinks } from '../../../application/views/report-links.js';
import type { EvidenceEntry } from '../../../application/views/report-page.js';
import type { EvidenceItem } from '../../../domain/scan/report.js';
import { escapeHtml } from './escape-html.js';

/** The line above every piece of site content on a report page. */
export const UNTRUSTED_LABEL = 'Untrusted content from the scanned site';
// Only our own absolute links and root-relative paths become hrefs; a site URL is always text.
const OWN_HREF = /^(?:https?:\/\/[^\s"'<>]+|\/(?![/\\])[^\s"'<>]*)$/i;

/**
 * One evidence entry of a report page as HTML, folded behind a closed disclosure whose summary
 * names the fetch and its outcome: an item with its fetch facts, or failures collapsed with their
 * count. Summaries hold no link (a link inside the disclosure's button would be a control in a control).
 */
export function evidenceEntry(entry: EvidenceEntry, links: ReportLinks): string {
  if (entry.kind === 'item') return evidence(entry.item, links);
  const first = entry.items[0]!;
  const numbers = entry.items.map((item) => escapeHtml(item.n)).join(', ');
  return [
    `<details class="evidence" id="evidence-${escapeHtml(first.n)}">`,
    `<summary>Evidence ${numbers}: <code>${escapeHtml(entry.code)}</code> × ${escapeHtml(entry.items.length)}</summary>`,
    `<p>${escapeHtml(entry.items.length)} fetches failed the same way; the first said ${untrusted(first.error?.message ?? '')}.</p>`,
    `<ul>${entry.items.map((item) => `<li>${evidenceLink(item.n, links)}: <code>${escapeHtml(item.probe)}</code> <code>${escapeHtml(item.requestedUrl)}</code></li>`).join('')}</ul>`,
    '</details>',
  ].join('\n');
}

function evidence(item: EvidenceItem, links: ReportLinks): string {
  const n = escapeHtml(item.n);
  const own = links.evidence[item.n - 1];
  const rows: Array<[string, string]> = [
    ['Requested URL', `<code>${escapeHtml(item.requestedUrl)}</code>`],
    ['Final URL', item.finalUrl === null ? '<em>none</em>' : untrusted(item.finalUrl)],
    ['Redirects', redirects(item)],
    ['Status', item.status === null ? '<em>none</em>' : escapeHtml(item.status)],
    ['IP address', item.resolvedIp === null ? '<em>none</em>' : `<code>${escapeHtml(item.resolvedIp)}</code>`],
    ['Time', `${escapeHtml(item.durationMs)} ms`],
    ['Bytes', `${escapeHtml(item.bodyBytes)}${item.truncated ? ' (truncated)' : ''}`],
    ['SHA-256', item.bodySha256 === null ? '<em>none</em>' : `<code>${escapeHtml(item.bodySha256)}</code>`],
    ['Headers', headers(item.headers)],
    ['Certificate', certificate(item)],
    ['Error', item.error === null ? '<em>none</em>' : `<code>${escapeHtml(item.error.code)}</code> ${untrusted(item.error.message)}`],
  ];
  // Wrapped, never scrolled: a scrolling box is one more stop a keyboard has to reach.
  const excerpt =
    item.untrustedExcerpt === ''
      ? '<p><em>No body excerpt.</em></p>'
      : `<p class="untrusted-label">${escapeHtml(UNTRUSTED_LABEL)}</p>\n<pre class="untrusted">\n${escapeHtml(item.untrustedExcerpt)}</pre>`;
  return [
    `<details class="evidence" id="evidence-${n}">`,
    `<summary>Evidence ${n}: <code>${escapeHtml(item.probe)}</code>, ${escapeHtml(outcome(item))}</summary>`,
    own === undefined ? '' : `<p>${ownLink(own, own)}</p>`,
    metaTable(rows),
    excerpt,
    '</details>',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

function outcome(item: EvidenceItem): string {
  if (item.status !== null) return `HTTP ${item.status}`;
  return item.error === null ? 'no answer' : item.error.code;
}

function redirects(item: EvidenceItem): string {
  if (item.redirects.length === 0) return '<em>none</em>';
  const hops = item.redirects.map((r) => `<li>${escapeHtml(r.status)} ${untrusted(r.url)} to ${untrusted(r.location)}</li>`);
  return `<ol>${hops.join('')}</ol>`;
}

function headers(h: EvidenceItem['headers']): string {
  const entries = Object.entries(h);
  if (entries.length === 0) return '<em>none</em>';
  return `<ul>${entries.map(([name, value]) => `<li>${untrusted(name)}: ${untrusted(value)}</li>`).join('')}</ul>`;
}

function certificate(item: EvidenceItem): string {
  const c = item.certificate;
  if (c === null) return '<em>none</em>';
  return [
    `Subject: ${untrusted(c.subject)}`,
    `Issuer: ${untrusted(c.issuer)}`,
    `Names: ${c.subjectAltNames.length === 0 ? '<em>none</em>' : c.subjectAltNames.map(untrusted).join(', ')}`,
    `Valid: ${escapeHtml(c.validFrom)} to ${escapeHtml(c.validTo)}`,
  ].join('<br>');
}

/** Label/value rows as a table; values are HTML already escaped by the caller. */
export function metaTable(rows: ReadonlyArray<readonly [string, string]>): string {
  return `<table class="meta"><tbody>${rows.map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${v}</td></tr>`).join('')}</tbody></table>`;
}

/** The number of an evidence item, linked to its own URL. */
export function evidenceLink(n: number, links: ReportLinks): string {
  const url = links.evidence[n - 1];
  return url === undefined ? escapeHtml(n) : ownLink(url, String(n));
}

/** A link to one of Vetted's own URLs (or a standard's page); anything else is shown as text. */
export function ownLink(url: string, text: string): string {
  if (!OWN_HREF.test(url)) return escapeHtml(text);
  return `<a href="${escapeHtml(url)}">${escapeHtml(text)}</a>`;
}

/** Site-chosen text, escaped, in a code span marked untrusted. */
export function untrusted(text: string): string {
  return `<code class="untrusted">${escapeHtml(text)}</code>`;
}
