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
    p('privacy', true), p('datenschutz', true), p('privatsphare'), p('confidentialite'), p('vie-privee'),
    p('donnees-personnelles'), p('privacidad'), p('proteccion-de-datos'),
  ],
  terms: [
    p('terms', true), p('tos'), p('conditions'), p('agb'), p('nutzungsbedingungen'), p('geschaftsbedingungen'),
    p('cgu'), p('cgv'), p('terminos'), p('condiciones'),
  ],
  contact: [p('contact', true), p('kontakt', true), p('get-in-touch')],
  about: [
    p('about', true), p('uber-uns'), p('ueber-uns'), p('a-propos'), p('apropos'),
    p('qui-sommes-nous'), p('acerca-de'), p('sobre-nosotros'), p('quienes-somos'), p('who-we-are'), p('our-story'),
  ],
  imprint: [p('impressum'), p('imprint'), p('legal-notice'), p('mentions-legales'), p('aviso-legal')],
};

const MAX_SLUG_CHARS = 300;

/**
 * Classifies a link by its resolved URL and its visible text: `mailto:` links are contact links;
 * for web links the path and the text are compared with phrases in English, German, French and
 * Spanish. Returns the matching kinds in LINK_KINDS order, empty when none match.
 */
export function classifyLink(url: URL, text: string): LinkKind[] {
  const pathSlug = url.protocol === 'http:' || url.protocol === 'https:' ? slug(safeDecode(url.pathname)) : '';
  const textSlug = slug(text);
  return LINK_KINDS.filter((kind) => {
    if (kind === 'contact' && url.protocol === 'mailto:') return true;
    return PHRASES[kind].some((phrase) => contains(pathSlug, phrase) || contains(textSlug, phrase));
  });
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
