import { parseDocument } from 'yaml';
import { headingText, isRecord, looksLikeHtml, splitLines, stringOrNull } from './text-helpers.js';

type AgentsMdErrorCode = 'EMPTY' | 'HTML';

type AgentsMdWarningCode =
  | 'FRONT_MATTER_INVALID'
  | 'FRONT_MATTER_NOT_A_MAPPING'
  | 'FRONT_MATTER_UNCLOSED'
  | 'FRONT_MATTER_TOO_LARGE'
  | 'NO_HEADING'
  | 'TRUNCATED';

export interface AgentsMd {
  /** True when the text is non-empty Markdown, not an HTML page. Front-matter problems are warnings. */
  readonly valid: boolean;
  /** Front-matter `title` or `name`, else the first H1, else null. */
  readonly title: string | null;
  readonly hasFrontMatter: boolean;
  /** Whether the front-matter parsed as a YAML mapping; null without front-matter. */
  readonly frontMatterValid: boolean | null;
  /** The front-matter `type` (verified.md uses `agent_manifest`). */
  readonly frontMatterType: string | null;
  /** The first MAX_KEYS top-level front-matter keys. */
  readonly frontMatterKeys: readonly string[];
  readonly headingCount: number;
  readonly looksLikeHtml: boolean;
  readonly errors: readonly AgentsMdErrorCode[];
  readonly warnings: readonly AgentsMdWarningCode[];
}

const MAX_AGENTS_MD_CHARS = 1024 * 1024;
const MAX_LINES = 50_000;
const MAX_FRONT_MATTER_CHARS = 32 * 1024;
const MAX_FRONT_MATTER_LINES = 1_000;
const MAX_KEYS = 30;
const MAX_ALIASES = 50;
const ATX_HEADING = /^ {0,3}(#{1,6})[ \t]+(\S.*)$/;
const FENCE = /^ {0,3}(?:```|~~~)/;

interface FrontMatter {
  valid: boolean;
  type: string | null;
  title: string | null;
  keys: string[];
  warning: AgentsMdWarningCode | null;
}

/**
 * Parses a site's `/agents.md` manifest: Markdown with optional YAML front-matter between `---`
 * lines (parsed with alias expansion bounded). Never throws: an empty text or an HTML page gives
 * `valid: false`; broken, unclosed or oversized front-matter is a warning and the Markdown is
 * still read.
 */
export function parseAgentsMd(text: string): AgentsMd {
  const { lines, truncated } = splitLines(text, MAX_AGENTS_MD_CHARS, MAX_LINES);
  const html = looksLikeHtml(text);
  const warnings: AgentsMdWarningCode[] = truncated ? ['TRUNCATED'] : [];
  let bodyStart = 0;
  let front: FrontMatter | null = null;
  if (!html && lines[0]?.trimEnd() === '---') {
    const end = lines.findIndex((l, i) => i > 0 && i <= MAX_FRONT_MATTER_LINES && (l.trimEnd() === '---' || l.trimEnd() === '...'));
    if (end < 0) {
      front = { valid: false, type: null, title: null, keys: [], warning: 'FRONT_MATTER_UNCLOSED' };
    } else {
      front = parseFrontMatter(lines.slice(1, end).join('\n'));
      bodyStart = end + 1;
    }
    if (front.warning !== null) warnings.push(front.warning);
  }

  let headingCount = 0;
  let firstH1: string | null = null;
  let inFence = false;
  for (const line of html ? [] : lines.slice(bodyStart)) {
    if (FENCE.test(line)) inFence = !inFence;
    if (inFence) continue;
    const heading = ATX_HEADING.exec(line);
    if (heading === null) continue;
    headingCount += 1;
    if (firstH1 === null && heading[1] === '#') firstH1 = headingText(heading[2] ?? '');
  }
  if (!html && headingCount === 0) warnings.push('NO_HEADING');

  const errors: AgentsMdErrorCode[] = [];
  if (lines.every((l) => l.trim() === '')) errors.push('EMPTY');
  else if (html) errors.push('HTML');
  return {
    valid: errors.length === 0,
    title: front?.title ?? firstH1,
    hasFrontMatter: front !== null,
    frontMatterValid: front === null ? null : front.valid,
    frontMatterType: front?.type ?? null,
    frontMatterKeys: front?.keys ?? [],
    headingCount,
    looksLikeHtml: html,
    errors,
    warnings: errors.length > 0 ? [] : warnings,
  };
}

function parseFrontMatter(source: string): FrontMatter {
  const invalid = (warning: AgentsMdWarningCode): FrontMatter => ({ valid: false, type: null, title: null, keys: [], warning });
  if (source.length > MAX_FRONT_MATTER_CHARS) return invalid('FRONT_MATTER_TOO_LARGE');
  let value: unknown;
  try {
    const doc = parseDocument(source, { prettyErrors: false, uniqueKeys: false });
    if (doc.errors.length > 0) return invalid('FRONT_MATTER_INVALID');
    value = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch {
    return invalid('FRONT_MATTER_INVALID');
  }
  if (!isRecord(value)) return invalid('FRONT_MATTER_NOT_A_MAPPING');
  return {
    valid: true,
    type: stringOrNull(value['type'], 100),
    title: stringOrNull(value['title'], 300) ?? stringOrNull(value['name'], 300),
    keys: Object.keys(value)
      .slice(0, MAX_KEYS)
      .map((k) => k.slice(0, 100)),
    warning: null,
  };
}
