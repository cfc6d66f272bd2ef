import type { z } from 'zod';
import type { createdWatchSchema } from '../../../application/views/watch-view.js';
import { escapeHtml } from './escape-html.js';
import { renderPage } from './page-layout.js';

/**
 * The page a "Watch this domain" form post answers: the watch made, and what is shown only this
 * once (the signing secret and the token that reads or stops the watch), with what each is for.
 * Every value escaped; sent no-store.
 */
export function renderWatchCreatedPage(watch: z.infer<typeof createdWatchSchema>): string {
  const e = escapeHtml;
  const domainPage = `/domains/${encodeURIComponent(watch.domain)}`;
  return renderPage({
    title: `Watching ${watch.domain} · Vetted`,
    noindex: true,
    bodyHtml: `<h1>You are watching ${e(watch.domain)}</h1>
<p class="verdict tone-good"><span class="state">Watching</span><br>Vetted will call <code>${e(watch.callback_url)}</code> with a signed message whenever the verdict of <a href="${e(domainPage)}">${e(watch.domain)}</a> changes.</p>
<h2>Keep these two now: they are shown only once</h2>
<dl class="facts">
<dt>Signing secret</dt><dd><code class="secret">${e(watch.secret)}</code><br><span class="small muted">Your address checks with it that each call comes from Vetted (Standard Webhooks signatures).</span></dd>
<dt>Watch token</dt><dd><code class="secret">${e(watch.token)}</code><br><span class="small muted">Shows the watch and its deliveries, or stops it.</span></dd>
<dt>Watch</dt><dd><code>${e(watch.watch_id)}</code>, made ${e(watch.created_at)}</dd>
<dt>Told of</dt><dd>${e(watch.events.join(', '))}</dd>
</dl>
<p><a href="${e(domainPage)}">Back to the verdict of ${e(watch.domain)}</a></p>
<p class="small">For developers: how to check the signatures, and how to read or stop this watch with its token, is in <a href="/api.md">the API reference</a>.</p>`,
  });
}
