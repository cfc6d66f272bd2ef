// Reads the imports of TypeScript files with regular expressions (no parser, no library), resolves the
// relative ones to files, and finds import cycles. check-layers.ts judges what it reads.
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** One import, re-export or dynamic import of a file, as written. */
export interface ImportStatement {
  readonly specifier: string;
  /** True when nothing is imported at run time: `import type`, `export type`, `{ type A, type B }`, `typeof import()`. */
  readonly typeOnly: boolean;
}

const COMMENT = String.raw`\/\/[^\n]*\n|\/\*[\s\S]*?\*\/`;
// import/export [type] [clause from] '…', over several lines and with comments inside the braces.
const STATIC = new RegExp(
  String.raw`(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:((?:[\w*{}\s,$]|${COMMENT})+?)\s+from\s+)?['"]([^'"]+)['"]`,
  'g',
);
const DYNAMIC = /(\btypeof\s+)?\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every import of `text`, type-only and dynamic ones included, in the order they are written. */
export function readImports(text: string): ImportStatement[] {
  const found: { at: number; statement: ImportStatement }[] = [];
  for (const m of text.matchAll(STATIC)) {
    found.push({ at: m.index, statement: { specifier: m[3]!, typeOnly: m[1] !== undefined || namesOnlyTypes(m[2]) } });
  }
  for (const m of text.matchAll(DYNAMIC)) {
    found.push({ at: m.index, statement: { specifier: m[2]!, typeOnly: m[1] !== undefined } });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.statement);
}

// `{ type A, type B }` loads no value; a default, a namespace, `*`, `{}` or any plain name does.
function namesOnlyTypes(clause: string | undefined): boolean {
  if (clause === undefined) return false;
  const braces = /^\{([^}]*)\}$/.exec(clause.replace(new RegExp(COMMENT, 'g'), ' ').trim());
  if (!braces) return false;
  const names = braces[1]!.split(',').map((name) => name.trim()).filter((name) => name !== '');
  return names.length > 0 && names.every((name) => /^type\s/.test(name));
}

/**
 * The file among `files` that a relative `specifier` written in `fromFile` names (`./x.js` is `./x.ts`,
 * `./dir/index.js` is `./dir/index.ts`), or undefined: a package, a missing file, JSON.
 */
export function resolveImport(fromFile: string, specifier: string, files: ReadonlySet<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const path = resolve(dirname(fromFile), specifier).replace(/\.js$/, '.ts');
  return files.has(path) ? path : undefined;
}

/**
 * The shortest import cycle through each file that lies on one, each cycle reported once: it starts at
 * its first file in sort order and ends where it started (`[a, b, a]`; a file importing itself is `[a, a]`).
 * Every file on a cycle appears in at least one of them.
 */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const seen = new Set<string>();
  const cycles: string[][] = [];
  for (const start of [...graph.keys()].sort()) {
    const path = shortestPathBack(graph, start);
    if (!path) continue;
    const first = path.indexOf([...path].sort()[0]!);
    const cycle = [...path.slice(first), ...path.slice(0, first)];
    const key = cycle.join('\n');
    if (seen.has(key)) continue;
    seen.add(key);
    cycles.push([...cycle, cycle[0]!]);
  }
  return cycles;
}

// Breadth-first from `start` until an edge leads back to it: [start, …, last file before start].
function shortestPathBack(graph: ReadonlyMap<string, readonly string[]>, start: string): string[] | undefined {
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (next === start) {
        const path = [node];
        for (let at = node; at !== start; ) path.push((at = previous.get(at)!));
        return path.reverse();
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return undefined;
}

/** Every `.ts` file under `dir`, recursively. */
export function listTs(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return listTs(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}
