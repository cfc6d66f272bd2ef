import { verificationInstructions, type ProofMethod, type Registration } from '../../domain/registration/registration.js';
import type { PageCheck, RegistrationState } from '../registration/get-registration.js';
import { CHECK_INTERVAL_SECONDS } from '../registration/check-registration.js';
import type { MailRoute } from '../ports/mailer.js';

/** One place looked at, as the page shows it. `seen`, `firstLine` are untrusted: what the domain publishes. */
export interface LookRow {
  readonly method: string;
  readonly lookedUp: string;
  readonly found: boolean;
  readonly result: string;
  /** Vetted's own words. */
  readonly detail: string;
  readonly seen?: readonly string[];
  readonly status?: number;
  readonly firstLine?: string;
}

export interface RegistrationCheckView {
  /** Seconds until the next check may run, when this one was refused as too soon (the rows are then the last check's). */
  readonly retryAfterSeconds?: number;
  readonly rows: readonly LookRow[];
  readonly proven: boolean;
  /** What is still to be done, in sentences. */
  readonly missing: readonly string[];
}

/** The registration page of one registrant. */
export interface RegistrationPageView {
  readonly domain: string;
  readonly entityName: string;
  readonly state: RegistrationState;
  readonly stateText: string;
  readonly verifyPath: string;
  /** ISO instant, and the same for people. */
  readonly expiresAt: string;
  readonly expiresText: string;
  readonly dns: { readonly name: string; readonly alsoAt: string; readonly value: string };
  readonly file: { readonly path: string; readonly url: string; readonly content: string };
  readonly checkIntervalSeconds: number;
  /** Where the confirmation mail went, in a sentence: sent to the contact address, or kept in the outbox. */
  readonly mailText: string;
  /** Where the confirmation link is to be found: "the mail", or "the operator". */
  readonly linkSource: string;
  readonly check?: RegistrationCheckView;
}

const MAIL_TEXT: Readonly<Record<MailRoute, string>> = {
  smtp: 'This page is yours alone: its address was shown to you and mailed to the contact address. Keep it private.',
  outbox:
    'This page is yours alone: keep its address private. No mail was sent: this deployment has no mail server, so the confirmation mail (this address and the confirmation link) was kept in its outbox, where only its operator can read it.',
};

const METHOD: Readonly<Record<ProofMethod, string>> = { dns_txt: 'DNS TXT', well_known: 'Web file' };
const RESULT: Readonly<Record<'proven' | 'not_found' | 'error', string>> = { proven: 'found', not_found: 'not found', error: 'could not look' };

/** The page's model: what to publish, where the registration stands, and what a check found. */
export function registrationPageView(registration: Registration, state: RegistrationState, mailRoute: MailRoute, check?: PageCheck): RegistrationPageView {
  const steps = verificationInstructions(registration.domain, registration.verificationCode);
  const linkSource = mailRoute === 'smtp' ? 'the confirmation link from the mail' : 'the confirmation link (ask the operator of this deployment for it)';
  const stateText = {
    pending: `Pending: publish one of the proofs below, then open ${linkSource}.`,
    verified: `Verified${registration.verifiedAt ? ` on ${humanInstant(registration.verifiedAt)}` : ''}.`,
    expired: `Expired on ${humanInstant(registration.expiresAt)}: the confirmation link no longer works. Register again to get a new one.`,
  }[state];
  const dns = { name: steps.name, alsoAt: registration.domain, value: steps.record };
  const file = { path: steps.alternative.path, url: `https://${registration.domain}${steps.alternative.path}`, content: steps.alternative.content };
  return {
    domain: registration.domain,
    entityName: registration.entityName,
    state,
    stateText,
    verifyPath: `/domains/${encodeURIComponent(registration.domain)}`,
    expiresAt: registration.expiresAt,
    expiresText: humanInstant(registration.expiresAt),
    dns,
    file,
    checkIntervalSeconds: CHECK_INTERVAL_SECONDS,
    mailText: MAIL_TEXT[mailRoute],
    linkSource,
    ...(check ? { check: checkView(check, dns, file, linkSource) } : {}),
  };
}

function checkView(check: PageCheck, dns: RegistrationPageView['dns'], file: RegistrationPageView['file'], linkSource: string): RegistrationCheckView {
  const rows: LookRow[] =
    check.kind === 'checked'
      ? check.looks.map((l) => ({
          method: METHOD[l.method],
          lookedUp: l.lookedUp,
          found: l.result === 'proven',
          result: RESULT[l.result],
          detail: l.detail,
          ...(l.seen ? { seen: l.seen } : {}),
          ...(l.status !== undefined ? { status: l.status } : {}),
          ...(l.firstLine !== undefined ? { firstLine: l.firstLine } : {}),
        }))
      : check.lastLooks.map((a) => ({
          method: METHOD[a.method],
          lookedUp: a.lookedUp,
          found: a.result === 'proven',
          result: RESULT[a.result],
          detail: a.detail,
        }));
  const proven = rows.some((r) => r.found);
  const missing =
    rows.length === 0
      ? ['The last check has recorded nothing yet (it may still be running); check again in a moment.']
      : proven
        ? [`The proof is in place. Only the confirmation: open ${linkSource} to complete the registration (this check does not).`]
        : [
            `Not found yet: a TXT record at ${dns.name} (or at ${dns.alsoAt}) with the value ${dns.value}, or the line "${file.content}" in ${file.url}.`,
            `Publish one of them (DNS changes can take a few minutes to show), check again, then open ${linkSource}.`,
          ];
  return { ...(check.kind === 'too_soon' ? { retryAfterSeconds: check.retryAfterSeconds } : {}), rows, proven, missing };
}

/** `2026-09-08T00:00:00.000Z` as `2026-09-08 00:00 UTC`. */
function humanInstant(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
