// Lists the TypeScript files of a tree, resolves relative imports to files, and finds import cycles.
// source-facts.ts reads the imports; check-layers.ts judges them.
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

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
