import { Parser } from 'htmlparser2';

/** What a bounded HTML walk tells its reader; every handler is optional. */
export interface HtmlHandlers {
  onopentag?(name: string, attrs: Record<string, string>): void;
  ontext?(data: string): void;
  onclosetag?(name: string): void;
}

const CHUNK_CHARS = 64 * 1024;
// htmlparser2 keeps open elements in an array it unshifts, so each open tag costs time in
// proportion to the nesting depth: unclosed tags by the thousand would make parsing quadratic.
const MAX_DEPTH = 1_000;
const MAX_ELEMENTS = 100_000;

/**
 * Streams `source` through htmlparser2 in chunks, telling `handlers`, and stops after
 * `maxElements` elements or at `maxDepth` open elements (no handler hears the element that
 * crossed the bound, nor anything after it). Never throws: a parser failure ends the walk.
 * Returns whether it stopped early.
 */
export function walkBoundedHtml(source: string, handlers: HtmlHandlers, maxElements = MAX_ELEMENTS, maxDepth = MAX_DEPTH): { stopped: boolean } {
  let elements = 0;
  let depth = 0;
  let stopped = false;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (stopped) return;
        elements += 1;
        depth += 1;
        if (elements > maxElements || depth > maxDepth) {
          stopped = true;
          parser.pause();
          return;
        }
        handlers.onopentag?.(name, attrs);
      },
      ontext(data) {
        if (!stopped) handlers.ontext?.(data);
      },
      onclosetag(name) {
        if (stopped) return;
        depth -= 1;
        handlers.onclosetag?.(name);
      },
    },
    { decodeEntities: true },
  );
  try {
    for (let offset = 0; offset < source.length && !stopped; offset += CHUNK_CHARS) parser.write(source.slice(offset, offset + CHUNK_CHARS));
    if (!stopped) parser.end();
  } catch {
    stopped = true;
  }
  return { stopped };
}
