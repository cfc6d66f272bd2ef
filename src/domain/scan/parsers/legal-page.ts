import { walkBoundedHtml } from './bounded-html.js';
import { capText, collapseWhitespace } from './text-helpers.js';

/** What a linked privacy, terms or contact page says, as far as the contact and legal check needs. */
export interface LegalPageText {
  /** Visible text (no script, style or template), whitespace collapsed, at most MAX_TEXT_CHARS. */
  readonly text: string;
  readonly words: number;
  readonly title: string;
  /** The page links an e-mail address (mailto:) or a telephone number (tel:). */
  readonly linksMailOrPhone: boolean;
  /** A form with a text area or an e-mail field: a contact form. */
  readonly hasContactForm: boolean;
}

/** The kind of page a homepage link promised. */
export type LegalPageKind = 'privacy' | 'terms' | 'contact';

/** Whether the page delivers what its link promised, with the reason in words a site owner can act on. */
export interface LegalPageJudgement {
  readonly reads: boolean;
  readonly reason: string;
}

export const MAX_PAGE_CHARS = 512 * 1024;
const MAX_TEXT_CHARS = 64 * 1024;
/** Fewer words than this is a placeholder, not a policy. */
export const MIN_POLICY_WORDS = 80;
const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head']);

/**
 * Reads the visible text of a page, with its title, whether it links mail or phone and whether
 * it has a contact form. Reads at most MAX_PAGE_CHARS (and the element bounds of walkBoundedHtml);
 * never throws.
 */
export function readLegalPage(html: string): LegalPageText {
  const { text: source } = capText(typeof html === 'string' ? html : '', MAX_PAGE_CHARS);
  let text = '';
  let title = '';
  let inTitle = false;
  let hidden = 0;
  let linksMailOrPhone = false;
  let hasContactForm = false;
  let formDepth = 0;
  walkBoundedHtml(source, {
    onopentag(name, attrs) {
      if (name === 'title') inTitle = true;
      else if (HIDDEN.has(name)) hidden += 1;
      if (name === 'form') formDepth += 1;
      const href = (attrs.href ?? '').trim().toLowerCase();
      if (name === 'a' && (href.startsWith('mailto:') || href.startsWith('tel:'))) linksMailOrPhone = true;
      const type = (attrs.type ?? '').toLowerCase();
      if (formDepth > 0 && (name === 'textarea' || (name === 'input' && type === 'email'))) hasContactForm = true;
      if (BLOCK.has(name)) text += ' ';
    },
    ontext(data) {
      if (inTitle) title += data.slice(0, 300);
      else if (hidden === 0 && text.length < MAX_TEXT_CHARS) text += data.slice(0, MAX_TEXT_CHARS - text.length);
    },
    onclosetag(name) {
      if (name === 'title') inTitle = false;
      else if (HIDDEN.has(name) && hidden > 0) hidden -= 1;
      if (name === 'form' && formDepth > 0) formDepth -= 1;
      if (BLOCK.has(name)) text += ' ';
    },
  });
  const visible = collapseWhitespace(text, MAX_TEXT_CHARS);
  return { text: visible, words: countWords(visible), title: collapseWhitespace(title, 300), linksMailOrPhone, hasContactForm };
}

// Elements whose boundaries separate words even when the markup has no space between them.
const BLOCK = new Set([
  'p',
  'div',
  'br',
  'li',
  'td',
  'th',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'section',
  'article',
  'main',
  'footer',
  'header',
  'tr',
  'dd',
  'dt',
]);

function countWords(text: string): number {
  return text === '' ? 0 : text.split(' ').filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

// Phrases a privacy notice or terms cannot avoid, in English, German, French and Spanish, lower case.
const PRIVACY_PHRASES = [
  'personal data',
  'personal information',
  'data protection',
  'privacy',
  'cookie',
  'data controller',
  'gdpr',
  'your rights',
  'personenbezogene',
  'datenschutz',
  'verantwortliche',
  'données personnelles',
  'protection des données',
  'rgpd',
  'datos personales',
  'protección de datos',
  'privacidad',
];
const TERMS_PHRASES = [
  'terms',
  'conditions',
  'agreement',
  'liability',
  'warrant',
  'governing law',
  'you agree',
  'termination',
  'bedingungen',
  'haftung',
  'gewährleistung',
  'vertrag',
  'conditions générales',
  'responsabilité',
  'garantie',
  'términos',
  'condiciones',
  'responsabilidad',
  'garantía',
];
const ERROR_TITLE = /\b(?:404|not found|page not found|nicht gefunden|introuvable|no encontrad[ao])\b/i;
// One character of an address's local part just before the '@', and (sticky, from just after
// it) a domain label followed by a dot and the start of another label. Neither can backtrack
// beyond one label run, which ends at the next '@' at the latest, so a page costs linear time.
const LOCAL_CHAR = /[\p{L}\p{N}._%+-]$/u;
const DOMAIN = /[\p{L}\p{N}-]+\.[\p{L}\p{N}-]/uy;
// Seven to 32 characters from a digit to a digit, with the spaces, dots, dashes and brackets
// telephone numbers are written with; the bound keeps each attempt short (E.164 allows 15 digits).
const PHONE = /(?:\+|\b)\d[\d ().-]{5,30}\d\b/;

/**
 * Judges whether a fetched page is what its homepage link promised: a privacy notice or terms
 * name at least two of their unavoidable subjects in MIN_POLICY_WORDS words or more; a contact
 * page (or legal notice) gives an e-mail address, a telephone number or a contact form. A page
 * titled as an error page never reads as anything.
 */
export function judgeLegalPage(kind: LegalPageKind, page: LegalPageText): LegalPageJudgement {
  if (ERROR_TITLE.test(page.title) && page.words < MIN_POLICY_WORDS * 4) return { reads: false, reason: 'reads as an error page' };
  if (kind === 'contact') {
    if (page.linksMailOrPhone) return { reads: true, reason: 'links an e-mail address or telephone number' };
    if (hasEmailAddress(page.text)) return { reads: true, reason: 'gives an e-mail address' };
    if (page.hasContactForm) return { reads: true, reason: 'has a contact form' };
    if (PHONE.test(page.text)) return { reads: true, reason: 'gives a telephone number' };
    return { reads: false, reason: 'gives no e-mail address, telephone number or contact form' };
  }
  const phrases = kind === 'privacy' ? PRIVACY_PHRASES : TERMS_PHRASES;
  const lower = page.text.toLowerCase();
  const found = phrases.filter((p) => lower.includes(p));
  const what = kind === 'privacy' ? 'a privacy notice' : 'terms';
  if (page.words < MIN_POLICY_WORDS) return { reads: false, reason: `has ${page.words} words, too few for ${what}` };
  if (found.length < 2)
    return { reads: false, reason: `does not read as ${what} (it names ${found.length === 0 ? 'none' : 'only one'} of: ${phrases.slice(0, 5).join(', ')})` };
  return { reads: true, reason: `reads as ${what} (${page.words} words)` };
}

/**
 * Whether the text holds something shaped like an e-mail address: a letter, digit or one of
 * `._%+-` before an '@', and after it a domain of at least two dot-separated labels. Looks only
 * around each '@', in time linear in the text's length.
 */
export function hasEmailAddress(text: string): boolean {
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    if (!LOCAL_CHAR.test(text.slice(Math.max(0, at - 2), at))) continue;
    DOMAIN.lastIndex = at + 1;
    if (DOMAIN.test(text)) return true;
  }
  return false;
}
