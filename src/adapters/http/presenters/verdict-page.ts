import type { VerdictPageView } from '../../../application/views/verdict-page-view.js';
import type { CounterpartyLine } from '../../../application/views/counterparty-lines.js';
import { escapeHtml } from './escape-html.js';
import { renderPage } from './page-layout.js';

/**
 * The verdict page of a domain, for the person an agent's guidance sends to decide: first one state
 * (what to do, in words and colour) and why, with "Look now" when evidence is missing; then a
 * lookalike warning, the trust score with every signal, the registry entity, readiness with "Scan
 * again", a form to watch the domain and the badge. Script-free (sent with PEOPLE_PAGE_CSP); every value escaped.
 */
export function renderVerdictPage(page: VerdictPageView, bound: readonly CounterpartyLine[] = []): string {
  const e = escapeHtml;
  const parts = [
    '<main>',
    `<h1>${e(page.domain)}</h1>`,
    decision(page),
    page.lookalike ? lookalikeWarning(page.lookalike) : '',
    score(page),
    page.entity ? entity(page.entity) : '',
    page.entity ? counterparty(bound) : '',
    readiness(page),
    watch(page),
    badge(page),
    `<section aria-labelledby="data"><h2 id="data">For developers</h2>\n<p class="small">The same verdict as data: <a href="${e(page.links.json)}">the verify answer (JSON)</a>, <a href="${e(page.links.signals)}">with every signal (JSON)</a>; <a href="/docs">how it is made</a>.</p></section>`,
    '</main>',
  ];
  return renderPage({
    title: `${page.domain}: verdict · Vetted`,
    description: `${page.label}: ${page.sentence}`,
    noindex: true,
    bodyHtml: parts.filter((p) => p !== '').join('\n'),
  });
}

/** The form that asks for a fresh scan of `domain` (admission applies; a spent budget answers a page saying when). */
export function scanAgainForm(domain: string, label = 'Scan again'): string {
  return `<form class="inline" method="post" action="/api/scan"><input type="hidden" name="domain" value="${escapeHtml(domain)}"><button type="submit">${escapeHtml(label)}</button></form>`;
}

function decision(page: VerdictPageView): string {
  const e = escapeHtml;
  const here = `/domains/${e(encodeURIComponent(page.domain))}`;
  const look = page.lookNow
    ? `<form class="inline" method="get" action="${here}"><input type="hidden" name="external" value="true"><button type="submit">Look now</button></form>`
    : '';
  const again = page.askAgainSeconds !== undefined ? `<a class="button secondary" href="${here}">Ask again</a>` : '';
  const actions = look || again ? `\n<div class="actions">${look}${again}</div>` : '';
  // The agent's own words, kept for a reviewer who wants them exactly; folded, since they are written for programs.
  const told = page.guidance.reason
    ? `\n<details><summary>What agents are told, word for word</summary><blockquote>${e(page.guidance.action)}: ${e(page.guidance.reason)}</blockquote></details>`
    : '';
  const lookNote = page.lookNow ? '\n<p class="small muted">"Look now" looks at the domain live, now; it can take a few seconds.</p>' : '';
  return `<section class="verdict tone-${page.tone}" aria-labelledby="decision">
<p class="state">${e(page.label)}</p>
<h2 id="decision" class="headline">${e(page.headline)}</h2>
<ul class="why">${page.why.map((w) => `<li>${e(w)}</li>`).join('')}</ul>${page.guidance.requiresHuman && page.label !== 'Ask a person' ? '\n<p><strong>A person should decide</strong> before an agent goes on: this page is for them.</p>' : ''}${actions}${lookNote}${told}
</section>`;
}

function lookalikeWarning(l: NonNullable<VerdictPageView['lookalike']>): string {
  const e = escapeHtml;
  const brand = l.brand && l.brand !== l.of ? `, a domain of ${e(l.brand)}` : '';
  const ownership = l.ownership ? `\n<p>${e(l.ownership)}</p>` : '';
  return `<section class="warning" aria-labelledby="lookalike"><h2 id="lookalike">Possible impostor</h2>\n<p><strong>This name looks like <a href="/domains/${e(encodeURIComponent(l.of))}">${e(l.of)}</a>${brand}.</strong>${l.words ? ` ${e(l.words)}` : ''}</p>${ownership}\n<p>Before paying or sharing data, reach the brand through an address you already trust.</p></section>`;
}

function score(page: VerdictPageView): string {
  const e = escapeHtml;
  const rows = page.signals
    .map((s) => `<tr><th scope="row">${e(s.title)}</th><td class="points">${e(s.score)} of ${e(s.max)}</td><td class="words">${e(s.words)}</td></tr>`)
    .join('\n');
  const table = rows
    ? `\n<table class="signals"><caption>Every signal, its points and why</caption><thead><tr><th scope="col">Signal</th><th scope="col">Points</th><th scope="col">What was found</th></tr></thead><tbody>\n${rows}\n</tbody></table>`
    : '\n<p>A blocked name has no signals: its score is 0.</p>';
  return `<section aria-labelledby="score"><h2 id="score">Trust score: ${e(page.score)} of 100 (${e(page.level.toLowerCase().replace('_', ' '))})</h2>${table}</section>`;
}

function entity(en: NonNullable<VerdictPageView['entity']>): string {
  const e = escapeHtml;
  return `<section aria-labelledby="entity"><h2 id="entity">Registered entity</h2>\n<dl class="facts"><dt>Name</dt><dd><a href="/entities/${e(encodeURIComponent(en.id))}">${e(en.name)}</a></dd><dt>Type</dt><dd>${e(en.type)}</dd><dt>Level</dt><dd>${e(en.level)}</dd><dt>Verified</dt><dd>${e(en.verifiedAt)}</dd><dt>Until</dt><dd>${e(en.expiresAt)}</dd><dt>Id</dt><dd><code>${e(en.id)}</code></dd></dl></section>`;
}

function counterparty(bound: readonly CounterpartyLine[]): string {
  const e = escapeHtml;
  const head = '<section aria-labelledby="pay"><h2 id="pay">Payment destinations and keys</h2>';
  if (bound.length === 0)
    return `${head}\n<p>This entity has declared no payment destination or key. Before paying an address you were given for this domain, ask the organisation through a channel you already trust.</p></section>`;
  const rows = bound
    .map(
      (b) =>
        `<tr><th scope="row">${e(b.what)}</th><td><code>${e(b.value)}</code></td><td>${e(b.how)}</td><td>${e(b.since)}${b.isNew ? ' <strong>(new: less than a week)</strong>' : ''}</td></tr>`,
    )
    .join('\n');
  return `${head}\n<p>What this entity declared under its proven domain. A destination bound less than a week ago is new: a changed destination is how payment redirection looks, so confirm it first.</p>\n<table class="signals"><caption>Bound to this entity now, newest first</caption><thead><tr><th scope="col">What</th><th scope="col">Value</th><th scope="col">How</th><th scope="col">Since</th></tr></thead><tbody>\n${rows}\n</tbody></table></section>`;
}

function readiness(page: VerdictPageView): string {
  const e = escapeHtml;
  const r = page.readiness;
  if (!r) return `<section aria-labelledby="readiness"><h2 id="readiness">Readiness</h2>\n<p>Not shown for a blocked name.</p></section>`;
  const again = scanAgainForm(page.domain, r.scannedAt ? 'Scan again' : 'Scan now');
  if (!r.scannedAt)
    return `<section aria-labelledby="readiness"><h2 id="readiness">Readiness: not scanned yet</h2>\n<p>Vetted has never scanned this site. A scan fetches its public pages and files now and says what an agent can rely on.</p>\n<p class="small muted">${e(r.note)}</p>\n${again}</section>`;
  const reasons = r.reasons.length > 0 ? `\n<ul>${r.reasons.map((reason) => `<li>${e(reason)}</li>`).join('')}</ul>` : '';
  const scanned = `Latest scan ${e(r.scannedAt)}${r.reportUrl ? `: <a href="${e(r.reportUrl)}">the report</a>` : ''}, <a href="${e(page.links.history)}">every report</a>.`;
  return `<section aria-labelledby="readiness"><h2 id="readiness">Readiness: ${e(r.value)}</h2>\n<p>${scanned}</p>${reasons}\n<p class="small muted">${e(r.note)}</p>\n${again}</section>`;
}

function watch(page: VerdictPageView): string {
  const e = escapeHtml;
  return `<section aria-labelledby="watch"><h2 id="watch">Watch this domain</h2>
<p>Vetted calls an address of yours, with a signed message, whenever this verdict changes: verified, blocked, a new report.</p>
<form method="post" action="/watches"><input type="hidden" name="domain" value="${e(page.domain)}">
<label for="callback_url">Your web address to call (https)</label>
<p class="hint" id="callback-hint">The next page shows, once, the secret that checks each call's signature.</p>
<div class="field-row"><input id="callback_url" name="callback_url" type="url" required maxlength="2048" placeholder="https://your-app.example/hooks/vetted" aria-describedby="callback-hint" spellcheck="false"><button type="submit">Watch this domain</button></div>
</form></section>`;
}

function badge(page: VerdictPageView): string {
  const e = escapeHtml;
  const embed = `<a href="${page.links.page}"><img src="${page.links.badge}" alt="Vetted: ${page.domain}"></a>`;
  return `<section aria-labelledby="badge"><h2 id="badge">Badge</h2>\n<p>Show this verdict on your own site: the badge links to this page.</p>\n<p><img src="/badge/${e(encodeURIComponent(page.domain))}.svg" alt="Vetted badge of ${e(page.domain)}"></p>\n<label for="embed">Code to paste into your page</label>\n<textarea id="embed" rows="3" readonly>${e(embed)}</textarea></section>`;
}
