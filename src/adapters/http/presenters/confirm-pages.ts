import type { ConfirmOutcome } from '../../../application/registration/confirm-registration.js';
import { escapeHtml } from './escape-html.js';
import { renderPage } from './page-layout.js';

/** The HTML page (and its status) for each outcome of GET /confirm/{token}. Every value is escaped. */
export function renderConfirmPage(outcome: ConfirmOutcome): { status: number; html: string } {
  switch (outcome.kind) {
    case 'unknown':
      return page(404, 'Unknown confirmation link', '<p>This confirmation link is not known. Check that the whole link was copied from the mail.</p>');
    case 'expired':
      return page(
        410,
        'Confirmation link expired',
        `<p>The registration of <code>${escapeHtml(outcome.registration.domain)}</code> expired at ${escapeHtml(outcome.registration.expiresAt)}. Register again to get a new link.</p>`,
      );
    case 'verified': {
      const { registration, entity } = outcome;
      const id = entity?.id ?? registration.entityId ?? '';
      const scope = registration.proofMethod === 'well_known' ? 'this host name only' : 'the domain and all its subdomains';
      return page(
        200,
        'Domain verified',
        `<p><code>${escapeHtml(registration.domain)}</code> is verified for <strong>${escapeHtml(registration.entityName)}</strong>, entity <code>${escapeHtml(id)}</code>.</p>
<p>The verification covers ${scope}${entity ? ` and holds until ${escapeHtml(entity.expiresAt)}` : ''}. Keep the proof in place: it is checked again regularly.</p>
<p><a href="/domains/${encodeURIComponent(registration.domain)}">See its verdict page</a> · <a href="/entities/${encodeURIComponent(id)}">See the entity</a></p>`,
      );
    }
    case 'not_proven': {
      const rows = outcome.looks
        .map(
          (l) =>
            `<tr><td>${escapeHtml(l.method === 'dns_txt' ? 'DNS TXT' : 'Web file')}</td><td><code>${escapeHtml(l.lookedUp)}</code></td><td>${escapeHtml(l.detail)}</td></tr>`,
        )
        .join('\n');
      const code = escapeHtml(outcome.registration.verificationCode);
      return page(
        200,
        'Proof not found yet',
        `<p>Vetted looked for the proof of control of <code>${escapeHtml(outcome.registration.domain)}</code> and did not find it yet. Nothing was changed; this link stays valid until ${escapeHtml(outcome.registration.expiresAt)}.</p>
<table><thead><tr><th>Method</th><th>Looked at</th><th>Result</th></tr></thead><tbody>
${rows}
</tbody></table>
<p>Publish a TXT record <code>vetted-verification=${code}</code> at <code>_vetted-challenge.${escapeHtml(outcome.registration.domain)}</code>, or serve the line <code>verification_code: ${code}</code> at <code>/.well-known/vetted-verification.txt</code>, then open this link again.</p>`,
      );
    }
  }
}

function page(status: number, title: string, body: string): { status: number; html: string } {
  return { status, html: renderPage({ title: `${title} · Vetted`, noindex: true, bodyHtml: `<h1>${escapeHtml(title)}</h1>\n${body}` }) };
}
