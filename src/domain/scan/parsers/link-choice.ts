import { kindsNamedByPath, kindsNamedByText, type LinkKind } from './link-classification.js';
import type { LinkPlacement } from './link-placement.js';

/** What choosing a link needs to know of it. */
export interface ChoosableLink {
  /** Absolute URL. */
  readonly href: string;
  /** Its visible text (or label). */
  readonly text: string;
  readonly kinds: readonly LinkKind[];
  readonly placement: LinkPlacement;
}

// A page's name takes a few words ("Aviso legal y política de privacidad" takes six); more is prose.
const MAX_NAME_WORDS = 6;
const SENTENCE_END = /[.!?;:…。！？]$/u;

/**
 * Whether a link's text reads as a sentence rather than the name of a page: more than
 * MAX_NAME_WORDS words, or three words or more ending in sentence punctuation.
 */
export function isSentence(text: string): boolean {
  const trimmed = text.trim();
  const words = trimmed.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return words > MAX_NAME_WORDS || (words >= 3 && SENTENCE_END.test(trimmed));
}

/**
 * The link a reader takes for a page of one of `kinds`, as a reader finds it: never a link whose
 * text is a sentence (isSentence); of the others, preferring in turn one outside running text (a
 * footer or navigation counts as outside), one whose own text names the page, one `preferred`
 * holds for, one in a footer or navigation, and one whose path names the page too; then the first
 * on the page. Undefined when no link of those kinds qualifies.
 */
export function chooseLink<T extends ChoosableLink>(
  links: readonly T[],
  kinds: readonly LinkKind[],
  preferred: (link: T) => boolean = () => false,
): T | undefined {
  let best: T | undefined;
  let bestRank = -1;
  for (const link of links) {
    if (!link.kinds.some((k) => kinds.includes(k)) || isSentence(link.text)) continue;
    const rank = rankOf(link, kinds, preferred(link));
    if (rank > bestRank) {
      best = link;
      bestRank = rank;
    }
  }
  return best;
}

function rankOf(link: ChoosableLink, kinds: readonly LinkKind[], preferred: boolean): number {
  const namedByText = kindsNamedByText(link.text).some((k) => kinds.includes(k));
  const url = safeUrl(link.href);
  // A fragment names a section of the page it is on (`/#contact`) as a path names a page.
  const namedByPath = url !== null && [...kindsNamedByPath(url), ...kindsNamedByText(safeDecode(url.hash))].some((k) => kinds.includes(k));
  return (link.placement !== 'text' ? 16 : 0) + (namedByText ? 8 : 0) + (preferred ? 4 : 0) + (link.placement === 'navigation' ? 2 : 0) + (namedByPath ? 1 : 0);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function safeUrl(href: string): URL | null {
  try {
    return new URL(href);
  } catch {
    return null;
  }
}
