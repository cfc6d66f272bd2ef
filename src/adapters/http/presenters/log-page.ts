import type { LogPageView } from '../../../application/views/log-page-view.js';
import { escapeHtml } from './escape-html.js';
import { renderPage } from './page-layout.js';

/**
 * GET /log: the transparency log for a person. How many writes it holds, the signed checkpoint and
 * the key that checks it, the latest entries in words (each linked to its domain's verdict page),
 * and how to check it. Script-free; every value escaped.
 */
export function renderLogPage(view: LogPageView): string {
  const e = escapeHtml;
  const rows = view.latest
    .map(
      (entry) =>
        `<tr><td>${entry.index}</td><td><time datetime="${e(entry.at)}">${e(entry.at)}</time></td><td><a href="/domains/${e(encodeURIComponent(entry.domain))}">${e(entry.domain)}</a></td><td>${e(entry.sentence)}</td></tr>`,
    )
    .join('\n');
  const entries =
    view.latest.length === 0
      ? '<p>Nothing has been logged yet.</p>'
      : `<table class="log"><caption>The latest ${view.latest.length} entries, newest first</caption>
<thead><tr><th scope="col">Entry</th><th scope="col">When</th><th scope="col">Domain</th><th scope="col">What happened</th></tr></thead>
<tbody>
${rows}
</tbody></table>`;
  const bodyHtml = `<main>
<h1>The transparency log</h1>
<p class="verdict tone-good">Every change to what Vetted says about a domain is appended to a public, append-only log: ${view.size} ${view.size === 1 ? 'entry' : 'entries'} so far. Anyone can check that it only grows, and that Vetted tells everyone the same.</p>
<h2>The signed checkpoint</h2>
${
  view.checkpoint
    ? `<pre><code>${e(view.checkpoint)}</code></pre>
<dl class="facts"><dt>Log</dt><dd><code>${e(view.origin ?? '')}</code></dd><dt>Entries</dt><dd>${view.size}</dd><dt>Root hash</dt><dd><code>${e(view.rootBase64 ?? '')}</code></dd><dt>Signed</dt><dd>${e(view.signedAt ?? '')}</dd><dt>Checked with</dt><dd><code>${e(view.verifierKey)}</code></dd></dl>`
    : '<p>No checkpoint has been signed yet; one follows within seconds.</p>'
}
<h2>Latest entries</h2>
${entries}
<h2>How to check it</h2>
<ul>
<li>Audit the whole log from a terminal: <code>vetted log verify --url ${e(view.origin ? `https://${view.origin.replace(/\/log$/, '')}` : 'BASE_URL')} --state audit.json</code>, again later to check it only grew.</li>
<li>A signed verdict (<code>Accept: application/jose</code>) carries its entry and the proof that the checkpoint includes it: <code>vetted verify-signature verdict.jws --checkpoint checkpoint.txt</code>.</li>
<li>The raw files: <a href="/log/checkpoint">checkpoint</a>, <a href="/log/key">key</a>, tiles under <code>/log/tile/</code>, and the proofs described in <a href="/api.md">the API reference</a>.</li>
</ul>
</main>`;
  return renderPage({
    title: 'Transparency log · Vetted',
    description: `Vetted's public, append-only log of every change to its verdicts: ${view.size} entries.`,
    bodyHtml,
  });
}
