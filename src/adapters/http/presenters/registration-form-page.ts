import type { RegistrationFormFieldView, RegistrationFormView } from '../../../application/views/registration-form-view.js';
import { escapeHtml } from './escape-html.js';
import { renderPage } from './page-layout.js';

/** GET /register, and the form sent back (400) with each problem beside its field and a summary at the top. */
export function renderRegistrationForm(view: RegistrationFormView): string {
  const summary =
    view.problems.length === 0
      ? ''
      : `<div class="error-summary" role="alert" aria-labelledby="problems-title">
<h2 id="problems-title">The registration was not sent: ${view.problems.length === 1 ? 'one thing needs' : `${view.problems.length} things need`} fixing</h2>
<ul>${view.problems.map((p) => `<li><a href="#${p.field}">${escapeHtml(p.label)}: ${escapeHtml(p.message)}</a></li>`).join('')}</ul>
</div>`;
  return renderPage({
    title: `${view.problems.length > 0 ? 'Error: ' : ''}Register a domain · Vetted`,
    description: 'Ask Vetted to verify a domain: publish a DNS record or a file, then confirm by e-mail.',
    bodyHtml: `<h1>Register a domain</h1>
${summary}
<p>Vetted verifies that you control a domain, the way certificate authorities do. After you send this form you get a page with the proof to publish (a DNS TXT record or a small file on the web site), and a mail with the confirmation link that completes the registration.</p>
<form method="post" action="/register">
${view.fields.map(renderField).join('\n')}
<button type="submit">Register</button>
</form>
<p class="small">For developers: the same registration can be sent as data; see <a href="/verify.md">how to get verified</a>.</p>`,
  });
}

function renderField(field: RegistrationFormFieldView): string {
  const id = field.name;
  const described = [`${id}-hint`, field.problem ? `${id}-problem` : ''].filter(Boolean).join(' ');
  const attributes = [
    `id="${id}"`,
    `name="${id}"`,
    field.required ? 'required' : '',
    `aria-describedby="${described}"`,
    field.problem ? 'aria-invalid="true"' : '',
    `autocomplete="${escapeHtml(field.autocomplete)}"`,
  ].filter(Boolean);
  const control =
    field.input === 'select'
      ? `<select ${attributes.join(' ')}>${(field.options ?? [])
          .map((o) => `<option value="${escapeHtml(o.value)}"${o.value === field.value ? ' selected' : ''}>${escapeHtml(o.label)}</option>`)
          .join('')}</select>`
      : `<input type="${field.input}" ${attributes.join(' ')} maxlength="${field.maxLength}" value="${escapeHtml(field.value)}"${field.input === 'text' ? ' spellcheck="false"' : ''}>`;
  const problem = field.problem ? `\n<p class="problem" id="${id}-problem">${escapeHtml(field.problem)}</p>` : '';
  return `<div class="field${field.problem ? ' invalid' : ''}">
<label for="${id}">${escapeHtml(field.label)}</label>
<p class="hint" id="${id}-hint">${escapeHtml(field.hint)}</p>${problem}
${control}
</div>`;
}

/** The page of a refused registration (429): too many in the last hour, and when to try again. */
export function renderRegistrationLimitPage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return renderPage({
    title: 'Too many registrations · Vetted',
    noindex: true,
    bodyHtml: `<h1>Too many registrations</h1>
<p>This address, or this contact e-mail, made too many registrations in the last hour. Nothing was registered.</p>
<p>You can try again in ${minutes === 1 ? 'about a minute' : `about ${minutes} minutes`}.</p>
<p><a href="/register">Back to the registration form</a></p>`,
  });
}
