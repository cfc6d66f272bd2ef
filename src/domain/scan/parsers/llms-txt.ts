import { collapseWhitespace, headingText, looksLikeHtml, splitLines } from './text-helpers.js';

interface LlmsTxtSection {
  readonly title: string;
  /** List items of the section that start with a Markdown link. */
  readonly linkCount: number;
}

type LlmsTxtErrorCode = 'EMPTY' | 'HTML' | 'NO_H1' | 'H1_NOT_FIRST' | 'MULTIPLE_H1' | 'NO_LINKS';

type LlmsTxtWarningCode = 'NO_SUMMARY' | 'TOO_MANY_SECTIONS' | 'TRUNCATED';

export interface LlmsTxt {
  /**
   * True when there are no errors: the text opens with its one H1 and lists at least one
   * `[name](url)` link in an H2 section, and is not an HTML page.
   */
  readonly valid: boolean;
  readonly title: string | null;
  /** The blockquote that follows the H1, lines joined. */
  readonly summary: string | null;
  readonly sections: readonly LlmsTxtSection[];
  /** Link list items in all sections (those beyond the section cap included). */
  readonly linkCount: number;
  readonly hasOptionalSection: boolean;
  readonly looksLikeHtml: boolean;
  readonly errors: readonly LlmsTxtErrorCode[];
  readonly warnings: readonly LlmsTxtWarningCode[];
}

const MAX_LLMS_TXT_CHARS = 1024 * 1024;
const MAX_LINES = 50_000;
const MAX_SECTIONS = 200;
const MAX_SUMMARY_CHARS = 2000;
const H1 = /^#[ \t]+(\S.*)$/;
const H2 = /^##[ \t]+(\S.*)$/;
const FENCE = /^ {0,3}(?:```|~~~)/;
const LINK_ITEM = /^\s*[-*+][ \t]+\[[^\]\n]*\]\([^)\s]+/;

/**
 * Parses llms.txt (llmstxt.org): the H1 title, the blockquote summary after it, and each H2
 * section with the number of link list items (`- [name](url): note`). Fenced code is skipped.
 * Never throws: an empty text, an HTML page (the soft-404 guard), a text without H1, with
 * anything but blank lines before it or with a second H1, and a text whose sections list no link
 * (the format is a title and lists of links; `- Title(URL)` or a bare path is not one) give
 * `valid: false` with the matching error codes.
 */
export function parseLlmsTxt(text: string): LlmsTxt {
  const { lines, truncated } = splitLines(text, MAX_LLMS_TXT_CHARS, MAX_LINES);
  const html = looksLikeHtml(text);
  const warnings = new Set<LlmsTxtWarningCode>(truncated ? ['TRUNCATED'] : []);
  const sections: { title: string; linkCount: number }[] = [];
  const structure = new Set<LlmsTxtErrorCode>();
  let title: string | null = null;
  let summaryLines: string[] | null = null;
  let summaryOpen = false;
  let sawContent = false;
  let inFence = false;
  let linkCount = 0;
  let hasOptionalSection = false;
  let current: { title: string; linkCount: number } | null = null;

  for (const line of html ? [] : lines) {
    if (FENCE.test(line)) {
      inFence = !inFence;
      sawContent = true;
      summaryOpen = false;
      continue;
    }
    if (inFence) continue;
    const blank = line.trim() === '';
    if (summaryOpen && !blank) {
      const quote = /^ {0,3}>[ \t]?(.*)$/.exec(line);
      if (quote !== null) {
        summaryLines = summaryLines ?? [];
        summaryLines.push(quote[1] ?? '');
        continue;
      }
      summaryOpen = false;
    }
    if (blank) continue;
    const h1 = H1.exec(line);
    if (h1 !== null) {
      if (title !== null) {
        structure.add('MULTIPLE_H1');
        continue;
      }
      if (sawContent) structure.add('H1_NOT_FIRST');
      title = headingText(h1[1] ?? '');
      summaryOpen = true;
      sawContent = true;
      continue;
    }
    sawContent = true;
    const h2 = H2.exec(line);
    if (h2 !== null) {
      const sectionTitle = headingText(h2[1] ?? '');
      if (sectionTitle.toLowerCase() === 'optional') hasOptionalSection = true;
      current = { title: sectionTitle, linkCount: 0 };
      if (sections.length < MAX_SECTIONS) sections.push(current);
      else warnings.add('TOO_MANY_SECTIONS');
      continue;
    }
    if (current !== null && LINK_ITEM.test(line)) {
      current.linkCount += 1;
      linkCount += 1;
    }
  }

  const summary = summaryLines === null ? null : collapseWhitespace(summaryLines.join(' '), MAX_SUMMARY_CHARS) || null;
  if (title !== null && summary === null) warnings.add('NO_SUMMARY');
  const errors: LlmsTxtErrorCode[] = [];
  if (lines.every((l) => l.trim() === '')) errors.push('EMPTY');
  else if (html) errors.push('HTML');
  else if (title === null) errors.push('NO_H1');
  else errors.push(...structure, ...(linkCount === 0 ? (['NO_LINKS'] as const) : []));
  return {
    valid: errors.length === 0,
    title,
    summary,
    sections,
    linkCount,
    hasOptionalSection,
    looksLikeHtml: html,
    errors,
    warnings: [...warnings],
  };
}
