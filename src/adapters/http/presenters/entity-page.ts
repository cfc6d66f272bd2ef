import type { z } from 'zod';
import type { lookupEntitySchema } from '../../../application/views/registry-schema.js';
import { escapeHtml } from './escape-html.js';
import { renderPage } from './page-layout.js';

const STATUS_WORDS: Readonly<Record<string, string>> = {
  active: 'It vouches for its domain now.',
  expired: 'Its verification has expired: it no longer vouches for its domain.',
  revoked: 'It was revoked: it no longer vouches for its domain.',
};

/**
 * The page of a registry entity (`GET /lookup/{id}` as HTML, `/entities/{id}`): the lookup answer's
 * fields in words, with a link to its domain's verdict page. Script-free; every value escaped.
 */
export function renderEntityPage(entity: z.infer<typeof lookupEntitySchema>, jsonUrl: string): string {
  const e = escapeHtml;
  const domainPage = `/domains/${encodeURIComponent(entity.domain)}`;
  const bodyHtml = `<main>
<h1>${e(entity.name)}</h1>
<p class="verdict tone-${entity.status === 'active' ? 'good' : 'caution'}"><span class="state">${entity.status === 'active' ? 'Verified' : 'Not verified now'}</span><br>${e(entity.name)} is a ${e(entity.type)} in the registry, at level ${e(entity.level)}, for <a href="${e(domainPage)}">${e(entity.domain)}</a>. ${e(STATUS_WORDS[entity.status] ?? entity.status)}</p>
<dl class="facts"><dt>Id</dt><dd><code>${e(entity.id)}</code></dd><dt>Domain</dt><dd><a href="${e(domainPage)}">${e(entity.domain)}</a></dd><dt>Type</dt><dd>${e(entity.type)}</dd><dt>Level</dt><dd>${e(entity.level)}</dd><dt>Status</dt><dd>${e(entity.status)}</dd><dt>Verified</dt><dd>${e(entity.verified_at)}</dd><dt>Until</dt><dd>${e(entity.expires_at)}</dd></dl>
<p class="small">For developers: <a href="${e(jsonUrl)}">this entity as data (JSON)</a>.</p>
</main>`;
  return renderPage({
    title: `${entity.name} (${entity.domain}) · Vetted`,
    description: `${entity.name}, registry entity for ${entity.domain}.`,
    noindex: true,
    bodyHtml,
  });
}
