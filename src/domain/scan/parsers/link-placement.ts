/**
 * Where a link sits, as a reader meets it: in a footer or navigation (`footer`, `nav`, or an
 * element with role contentinfo or navigation), in running text (its block holds prose besides
 * links), or elsewhere.
 */
export type LinkPlacement = 'navigation' | 'text' | 'other';

/** Told about a page's elements and text while it streams, it says at the end where each link sat. */
export interface LinkPlacements {
  /** An element opened at `depth` (1 for the outermost). */
  open(name: string, attribs: Readonly<Record<string, string>>, depth: number): void;
  /** The element opened at `depth` closed. */
  close(depth: number): void;
  /** Text outside any link. */
  text(data: string): void;
  /** A link opens here; returns its number, counted from 0. */
  link(): number;
  /** The placement of every link, by number; call once, after the last element. */
  finish(): LinkPlacement[];
}

const LANDMARK_TAGS = new Set(['footer', 'nav']);
const LANDMARK_ROLES = new Set(['contentinfo', 'navigation']);
const HIDDEN = new Set(['script', 'style', 'template', 'noscript', 'svg']);
// Elements whose text reads as one unit: a link's running text is the prose of the innermost one.
const BLOCKS = new Set([
  'body',
  'main',
  'article',
  'section',
  'aside',
  'header',
  'div',
  'p',
  'blockquote',
  'address',
  'figcaption',
  'caption',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'table',
  'tr',
  'td',
  'th',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'form',
  'fieldset',
]);
// Four words of prose beside a link make it part of a sentence; separators, a year or a name do not.
const RUNNING_TEXT_WORDS = 4;
const MAX_PROSE_CHARS = 400;

interface Block {
  readonly depth: number;
  prose: string;
  readonly links: number[];
}

/** A LinkPlacements for one page; bounded by the page's element count. */
export function trackLinkPlacements(): LinkPlacements {
  const landmarks: number[] = [];
  const hidden: number[] = [];
  const blocks: Block[] = [];
  const inLandmark: boolean[] = [];
  const inText: boolean[] = [];
  const settle = (block: Block): void => {
    const words = block.prose.split(/\s+/).filter((w) => /[\p{L}]/u.test(w)).length;
    if (words >= RUNNING_TEXT_WORDS) for (const n of block.links) inText[n] = true;
  };
  return {
    open(name, attribs, depth) {
      const roles = (attribs.role ?? '').toLowerCase().split(/\s+/);
      if (LANDMARK_TAGS.has(name) || roles.some((r) => LANDMARK_ROLES.has(r))) landmarks.push(depth);
      if (HIDDEN.has(name)) hidden.push(depth);
      if (BLOCKS.has(name)) blocks.push({ depth, prose: '', links: [] });
    },
    close(depth) {
      if (landmarks.at(-1) === depth) landmarks.pop();
      if (hidden.at(-1) === depth) hidden.pop();
      if (blocks.at(-1)?.depth === depth) settle(blocks.pop()!);
    },
    text(data) {
      const block = blocks.at(-1);
      if (block === undefined || hidden.length > 0 || block.prose.length >= MAX_PROSE_CHARS) return;
      block.prose += data.slice(0, MAX_PROSE_CHARS - block.prose.length);
    },
    link() {
      const n = inLandmark.length;
      inLandmark.push(landmarks.length > 0);
      inText.push(false);
      blocks.at(-1)?.links.push(n);
      return n;
    },
    finish() {
      // A page cut short (or never closing its blocks) still settles what it opened.
      while (blocks.length > 0) settle(blocks.pop()!);
      return inLandmark.map((landmark, n) => (landmark ? 'navigation' : inText[n] ? 'text' : 'other'));
    },
  };
}
