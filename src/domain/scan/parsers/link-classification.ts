/** What a homepage link leads to, judged by its URL path and its text. */
export type LinkKind = 'privacy' | 'terms' | 'contact' | 'about' | 'imprint';

export const LINK_KINDS: readonly LinkKind[] = ['privacy', 'terms', 'contact', 'about', 'imprint'];

interface Phrase {
  readonly words: string;
  /** Also match words that start with this (German compounds, `contacto`, `termsofuse`). */
  readonly prefix: boolean;
}

const p = (words: string, prefix = false): Phrase => ({ words, prefix });

// Phrases in slug form (lower case, accents dropped, words joined by `-`), English first, then
// German, French and Spanish. `imprint` covers the legal notice that names the operator
// (Impressum, mentions légales, aviso legal), which several countries require.
const PHRASES: Readonly<Record<LinkKind, readonly Phrase[]>> = {
  privacy: [
    p('privacy', true),
    p('datenschutz', true),
    p('privatsphare'),
    p('confidentialite'),
    p('vie-privee'),
    p('donnees-personnelles'),
    p('privacidad'),
    p('proteccion-de-datos'),
  ],
  terms: [
    p('terms', true),
    p('tos'),
    p('conditions'),
    p('agb'),
    p('nutzungsbedingungen'),
    p('geschaftsbedingungen'),
    p('cgu'),
    p('cgv'),
    p('terminos'),
    p('condiciones'),
  ],
  contact: [p('contact', true), p('kontakt', true), p('get-in-touch')],
  about: [
    p('about', true),
    p('uber-uns'),
    p('ueber-uns'),
    p('a-propos'),
    p('apropos'),
    p('qui-sommes-nous'),
    p('acerca-de'),
    p('sobre-nosotros'),
    p('quienes-somos'),
    p('who-we-are'),
    p('our-story'),
  ],
  imprint: [p('impressum'), p('imprint'), p('legal-notice'), p('mentions-legales'), p('aviso-legal')],
};

// Words that make a link text name something beside the page itself: "Privacy guide", "Your
// privacy choices", "Privacy settings" lead to an article or a control, not to the notice.
const NOT_THE_PAGE = [
  'guide',
  'guides',
  'tips',
  'settings',
  'choices',
  'preferences',
  'tools',
  'dashboard',
  'checkup',
  'course',
  'training',
  'blog',
  'faq',
  'faqs',
];

const MAX_SLUG_CHARS = 300;

/**
 * Classifies a link by its resolved URL and its visible text: `mailto:` links that name a
 * recipient are contact links, and one that names none (a share-by-e-mail button,
 * `mailto:?subject=…`) is no kind of link; for web links the path and the text are compared with
 * phrases in English, German, French and Spanish. A text that names a page beside a word such as
 * "guide", "settings" or "choices" leads elsewhere, and the link is no kind of page whatever its
 * path says. Returns the matching kinds in LINK_KINDS order, empty when none match.
 */
export function classifyLink(url: URL, text: string): LinkKind[] {
  if (url.protocol === 'mailto:' && !hasRecipient(url)) return [];
  const byText = kindsNamedByText(text);
  if (byText.length > 0 && namesSomethingElse(text)) return [];
  const byPath = kindsNamedByPath(url);
  return LINK_KINDS.filter((kind) => (kind === 'contact' && url.protocol === 'mailto:') || byPath.includes(kind) || byText.includes(kind));
}

/** The kinds a link's visible text names, by the phrases of classifyLink, in LINK_KINDS order. */
export function kindsNamedByText(text: string): LinkKind[] {
  const textSlug = slug(text);
  return LINK_KINDS.filter((kind) => PHRASES[kind].some((phrase) => contains(textSlug, phrase)));
}

/** The kinds an http(s) URL's path names, by the phrases of classifyLink; empty for other schemes. */
export function kindsNamedByPath(url: URL): LinkKind[] {
  const pathSlug = url.protocol === 'http:' || url.protocol === 'https:' ? slug(safeDecode(url.pathname)) : '';
  return LINK_KINDS.filter((kind) => PHRASES[kind].some((phrase) => contains(pathSlug, phrase)));
}

function namesSomethingElse(text: string): boolean {
  const words = slug(text).split('-');
  return NOT_THE_PAGE.some((word) => words.includes(word));
}

/** Whether a `mailto:` URL names an address, before its query or in a `to` field (RFC 6068). */
function hasRecipient(url: URL): boolean {
  return [safeDecode(url.pathname), url.searchParams.get('to') ?? ''].some((to) => /[^\s@,]@[^\s@,]/.test(to));
}

/** Lower case, accents dropped (ß as ss), runs of anything but a-z and 0-9 turned into one `-`. */
function slug(text: string): string {
  return text
    .slice(0, MAX_SLUG_CHARS)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function contains(haystack: string, phrase: Phrase): boolean {
  if (haystack === '') return false;
  const wrapped = `-${haystack}-`;
  return wrapped.includes(phrase.prefix ? `-${phrase.words}` : `-${phrase.words}-`);
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
