import type { LookRow, RegistrationCheckView, RegistrationPageView } from '../../../application/views/registration-page-view.js';
import { escapeHtml } from './escape-html.js';
import { renderPage } from './page-layout.js';

/**
 * The registration page: status, the proofs ready to copy, "Check now" (a form posting to
 * `checkAction`) and what a check found. What the domain publishes is escaped and labelled as such.
 */
export function renderRegistrationPage(view: RegistrationPageView, checkAction: string): string {
  const domain = escapeHtml(view.domain);
  const status =
    view.state === 'verified'
      ? `${escapeHtml(view.stateText)} <a href="${escapeHtml(view.verifyPath)}">See what Vetted answers for ${domain}</a>.`
      : view.state === 'expired'
        ? `${escapeHtml(view.stateText)} <a href="/register">Register again</a>.`
        : escapeHtml(view.stateText);
  const pending = view.state === 'pending';
  return renderPage({
    title: `Registration of ${view.domain} · Vetted`,
    noindex: true,
    bodyHtml: `<h1>Registration of <code>${domain}</code></h1>
<p id="mail">${escapeHtml(view.mailText)}</p>
<dl>
<dt>Domain</dt><dd><code>${domain}</code></dd>
<dt>Organisation</dt><dd>${escapeHtml(view.entityName)}</dd>
<dt>Status</dt><dd id="status">${status}</dd>
<dt>${pending ? 'Expires' : 'Expiry'}</dt><dd><time datetime="${escapeHtml(view.expiresAt)}">${escapeHtml(view.expiresText)}</time></dd>
</dl>
${view.check ? renderCheck(view.check, view.checkIntervalSeconds) : ''}
${pending ? renderProofs(view) : ''}
${pending ? renderCheckForm(view, checkAction) : ''}`,
  });
}

function renderProofs(view: RegistrationPageView): string {
  return `<h2>Publish one proof</h2>
<h3>A DNS TXT record (covers ${escapeHtml(view.domain)} and all its subdomains)</h3>
${copyField('txt-name', 'Record name', view.dns.name)}
${copyField('txt-value', 'Record value', view.dns.value)}
<p class="hint">The same record at <code>${escapeHtml(view.dns.alsoAt)}</code> itself counts too.</p>
<h3>Or a file on the web site (covers this host name only)</h3>
${copyField('file-url', 'File address', view.file.url)}
${copyField('file-content', 'A line of the file', view.file.content)}
<p class="hint">Served as plain text over https (or http) at <code>${escapeHtml(view.file.path)}</code>, on this host, without a redirect to another one.</p>
<h2>Complete the registration</h2>
<p>Once the proof is published, open ${escapeHtml(view.linkSource)}: Vetted looks for the proof then, and only that link completes the registration. It works until ${escapeHtml(view.expiresText)}.</p>`;
}

function copyField(id: string, label: string, value: string): string {
  return `<label for="${id}">${escapeHtml(label)}</label>\n<input id="${id}" readonly value="${escapeHtml(value)}" spellcheck="false">`;
}

function renderCheckForm(view: RegistrationPageView, action: string): string {
  return `<h2>Check the proof now</h2>
<p>Vetted looks for the proof at once and shows what it finds. This does not complete the registration; the confirmation link does. At most one check every ${view.checkIntervalSeconds} seconds.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Check now</button></form>`;
}

function renderCheck(check: RegistrationCheckView, interval: number): string {
  const wait =
    check.retryAfterSeconds !== undefined
      ? `<p role="status">The last check was less than ${interval} seconds ago: Check now can run again in ${check.retryAfterSeconds} second${check.retryAfterSeconds === 1 ? '' : 's'}. ${check.rows.length > 0 ? 'The result of the last check:' : ''}</p>`
      : '';
  return `<section aria-labelledby="check-title">
<h2 id="check-title">${check.retryAfterSeconds !== undefined ? 'The last check' : 'What the check found'}</h2>
${wait}
<p id="check-summary" class="${check.proven ? 'found' : 'not-found'}">${check.missing.map(escapeHtml).join(' ')}</p>
${check.rows.length > 0 ? `<ol class="looks">${check.rows.map(renderLook).join('\n')}</ol>` : ''}
</section>`;
}

function renderLook(row: LookRow): string {
  const published: string[] = [];
  if (row.seen) {
    published.push(
      row.seen.length === 0
        ? '<p class="published">The domain publishes no TXT value here.</p>'
        : `<p class="published">TXT values this name publishes (as the domain wrote them):</p><ul>${row.seen.map((v) => `<li><code>${escapeHtml(v)}</code></li>`).join('')}</ul>`,
    );
  }
  if (row.status !== undefined) {
    const line =
      row.firstLine === undefined || row.firstLine === ''
        ? 'an empty first line'
        : `first line, as the site wrote it: <code>${escapeHtml(row.firstLine)}</code>`;
    published.push(`<p class="published">The site answered HTTP ${escapeHtml(row.status)}, ${line}</p>`);
  }
  return `<li><strong>${escapeHtml(row.method)}</strong> at <code>${escapeHtml(row.lookedUp)}</code>: <span class="${row.found ? 'found' : 'not-found'}">${escapeHtml(row.result)}</span> (${escapeHtml(row.detail)})${published.join('')}</li>`;
}

/** The page for a registration link that is not known (404). */
export function renderUnknownRegistrationPage(): string {
  return renderPage({
    title: 'Unknown registration page · Vetted',
    noindex: true,
    bodyHtml: `<h1>Unknown registration page</h1>
<p>This registration page is not known. Check that the whole address was copied from the mail, or <a href="/register">register again</a>.</p>`,
  });
}
