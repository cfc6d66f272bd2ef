import type { VerdictPageView } from '../../../application/views/verdict-page-view.js';
import { escapeHtml } from './escape-html.js';
import { renderPage } from './page-layout.js';
import { PEOPLE_CSS } from './people-style.js';

/**
 * The verdict page of a domain, for the person an agent's guidance sends to decide: the verdict in
 * a sentence, a lookalike warning, what an agent may do, the trust score with every signal, the
 * registry entity, readiness with a "Scan again" button, the badge and how to watch the domain.
 * Script-free (sent with PEOPLE_PAGE_CSP); every value escaped.
 */
export function renderVerdictPage(page: VerdictPageView): string {
  const e = escapeHtml;
  const parts = [
    `<header><p><a href="/">Vetted</a></p><h1>${e(page.domain)}</h1></header>`,
    '<main>',
    `<p class="verdict tone-${page.tone}">${e(page.sentence)}</p>`,
    page.lookalike ? lookalikeWarning(page.lookalike) : '',
    guidance(page),
    score(page),
    page.entity ? entity(page.entity) : '',
    readiness(page),
    badge(page),
    watch(page),
    '</main>',
    `<footer><p>As data: <a href="${e(page.links.json)}">verify answer (JSON)</a> · <a href="${e(page.links.signals)}">with signals (JSON)</a> · <a href="/trust.md">how the score is made</a></p></footer>`,
  ];
  return renderPage({ title: `${page.domain}: verdict · Vetted`, description: page.sentence, css: PEOPLE_CSS, noindex: true, bodyHtml: parts.filter((p) => p !== '').join('\n') });
}

/** The form that asks for a fresh scan of `domain` (admission applies; a spent budget answers a page saying when). */
export function scanAgainForm(domain: string, label = 'Scan again'): string {
  return `<form class="inline" method="post" action="/api/scan"><input type="hidden" name="domain" value="${escapeHtml(domain)}"><button type="submit">${escapeHtml(label)}</button></form>`;
}

function lookalikeWarning(l: NonNullable<VerdictPageView['lookalike']>): string {
  const e = escapeHtml;
  const brand = l.brand && l.brand !== l.of ? `, a domain of ${e(l.brand)}` : '';
  const ownership = l.ownership ? `\n<p>${e(l.ownership)}</p>` : '';
  return `<section class="warning" aria-labelledby="lookalike"><h2 id="lookalike">Possible impostor</h2>\n<p><strong>This name looks like <a href="/domains/${e(encodeURIComponent(l.of))}">${e(l.of)}</a>${brand}.</strong>${l.words ? ` ${e(l.words)}` : ''}</p>${ownership}\n<p>Before paying or sharing data, reach the brand through an address you already trust.</p></section>`;
}

function guidance(page: VerdictPageView): string {
  const e = escapeHtml;
  const g = page.guidance;
  const human = g.requiresHuman ? '<p><strong>A person should decide</strong> before an agent goes on: this page is for them.</p>' : '<p>An agent may go on within these limits without asking a person.</p>';
  return `<section aria-labelledby="guidance"><h2 id="guidance">What an agent should do: ${e(g.action)}</h2>\n<p>${e(g.allows)}</p>\n${human}${g.reason ? `\n<p>${e(g.reason)}</p>` : ''}</section>`;
}

function score(page: VerdictPageView): string {
  const e = escapeHtml;
  const rows = page.signals.map((s) => `<tr><th scope="row">${e(s.title)}</th><td class="points">${e(s.score)} of ${e(s.max)}</td><td>${e(s.words)}</td></tr>`).join('\n');
  const table = rows ? `\n<table><caption class="muted">Every signal, its points and why</caption><thead><tr><th scope="col">Signal</th><th scope="col">Points</th><th scope="col">What was found</th></tr></thead><tbody>\n${rows}\n</tbody></table>` : '\n<p>A blocked name has no signals: its score is 0.</p>';
  return `<section aria-labelledby="score"><h2 id="score">Trust score: ${e(page.score)} of 100 (${e(page.level)})</h2>${table}</section>`;
}

function entity(en: NonNullable<VerdictPageView['entity']>): string {
  const e = escapeHtml;
  return `<section aria-labelledby="entity"><h2 id="entity">Registered entity</h2>\n<dl class="facts"><dt>Name</dt><dd><a href="/entities/${e(encodeURIComponent(en.id))}">${e(en.name)}</a></dd><dt>Type</dt><dd>${e(en.type)}</dd><dt>Level</dt><dd>${e(en.level)}</dd><dt>Verified</dt><dd>${e(en.verifiedAt)}</dd><dt>Until</dt><dd>${e(en.expiresAt)}</dd><dt>Id</dt><dd><code>${e(en.id)}</code></dd></dl></section>`;
}

function readiness(page: VerdictPageView): string {
  const e = escapeHtml;
  const r = page.readiness;
  const again = scanAgainForm(page.domain, r?.scannedAt ? 'Scan again' : 'Scan now');
  if (!r) return `<section aria-labelledby="readiness"><h2 id="readiness">Readiness</h2>\n<p>Not shown for a blocked name.</p></section>`;
  const reasons = r.reasons.length > 0 ? `\n<ul>${r.reasons.map((reason) => `<li>${e(reason)}</li>`).join('')}</ul>` : '';
  const scanned = r.scannedAt ? `Latest scan ${e(r.scannedAt)}${r.reportUrl ? `: <a href="${e(r.reportUrl)}">the report</a>` : ''}, <a href="${e(page.links.history)}">every report</a>.` : 'Never scanned here.';
  return `<section aria-labelledby="readiness"><h2 id="readiness">Readiness: ${e(r.value)}</h2>\n<p>${scanned}</p>${reasons}\n<p class="muted">${e(r.note)}</p>\n${again}</section>`;
}

function badge(page: VerdictPageView): string {
  const e = escapeHtml;
  const embed = `<a href="${page.links.page}"><img src="${page.links.badge}" alt="Vetted: ${page.domain}"></a>`;
  return `<section aria-labelledby="badge"><h2 id="badge">Badge</h2>\n<p><img src="/badge/${e(encodeURIComponent(page.domain))}.svg" alt="Vetted badge of ${e(page.domain)}"></p>\n<label for="embed">Embed code</label>\n<textarea id="embed" rows="3" readonly>${e(embed)}</textarea></section>`;
}

function watch(page: VerdictPageView): string {
  const e = escapeHtml;
  const body = JSON.stringify({ domain: page.domain, callback_url: 'https://your-app.example/hooks/vetted' });
  return `<section aria-labelledby="watch"><h2 id="watch">Watch this domain</h2>\n<p>To be told when this verdict changes, <code>POST /watches</code> with <code>${e(body)}</code>, or call the MCP tool <code>watch_domain</code>; see <a href="/watches.md">watches</a>.</p></section>`;
}
