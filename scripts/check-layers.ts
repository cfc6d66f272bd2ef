// The dependency rule of the hexagon, checked on every `npm test` (docs/architecture/layers.md lists
// each rule; layer-rules.ts holds them). It parses every file under src/ with the
// TypeScript compiler (source-facts.ts), judges each import (type-only and dynamic ones included) and
// each read of the clock, randomness or a timer, and finds import cycles (import-graph.ts).
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findCycles, listTs, resolveImport } from './import-graph.js';
import { judgeAmbient, judgeImport, judgePlace, USE_CASE_LIST, type TreeFacts } from './layer-rules.js';
import { closeSources, readSources, type SourceFacts } from './source-facts.js';

export {
  APPLICATION_SURFACE,
  COMPOSITION_ROOTS,
  DRIVEN_LIBRARIES,
  DRIVING_ADAPTERS,
  ENTRY_POINT_ADAPTERS,
  INTERNAL_USE_CASES,
  JUDGING_NAME,
  PURE_DOMAIN_LIBRARIES,
  SHARED_ADAPTER_FOLDER,
} from './layer-rules.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface Violation {
  /** The file, relative to the checked root. */
  readonly file: string;
  /** Where in it: the line (1-based) of the import or the read. */
  readonly line: number;
  /** What breaks the rule: an import's specifier, or the read (`Date.now`, `new Date()`, `setTimeout`). */
  readonly specifier: string;
  readonly rule: string;
}

/** Every rule `root`/src breaks: imports, clock/randomness/timer reads, files in no layer, then import cycles. Empty when the tree is clean. */
export function checkLayers(root = ROOT): Violation[] {
  const files = listTs(join(root, 'src')).sort();
  const known = new Set(files);
  const sources = readSources(root, files);
  const tree = treeFacts(root, sources);
  const violations: Violation[] = [];
  const edges = new Map<string, { specifier: string; target: string }[]>();
  for (const file of files) {
    const rel = toRel(root, file);
    const { imports, ambient } = sources.get(file)!;
    edges.set(
      rel,
      imports.flatMap(({ specifier }) => {
        const target = resolveImport(file, specifier, known);
        return target ? [{ specifier, target: toRel(root, target) }] : [];
      }),
    );
    const misplaced = judgePlace(rel);
    if (misplaced) violations.push({ file: rel, line: 1, specifier: rel, rule: misplaced });
    for (const statement of imports) {
      const rule = judgeImport(rel, statement, targetOf(root, file, statement.specifier), tree);
      if (rule) violations.push({ file: rel, line: statement.line, specifier: statement.specifier, rule });
    }
    for (const read of ambient) {
      const rule = judgeAmbient(rel, read);
      if (rule) violations.push({ file: rel, line: read.line, specifier: read.what, rule });
    }
  }
  const graph = new Map([...edges].map(([file, out]) => [file, out.map((edge) => edge.target)]));
  for (const cycle of findCycles(graph)) {
    const specifier = edges.get(cycle[0]!)!.find((edge) => edge.target === cycle[1])!.specifier;
    const line = sources.get(join(root, cycle[0]!))!.imports.find((statement) => statement.specifier === specifier)!.line;
    violations.push({ file: cycle[0]!, line, specifier, rule: `import cycle: ${cycle.join(' -> ')}` });
  }
  return violations;
}

/** One violation as the check prints it: `file:line: "specifier": rule`. */
export function formatViolation(v: Violation): string {
  return `${v.file}:${v.line}: "${v.specifier}": ${v.rule}`;
}

// The use case modules are the files the one list of use cases imports at run time.
function treeFacts(root: string, sources: ReadonlyMap<string, SourceFacts>): TreeFacts {
  const list = join(root, USE_CASE_LIST);
  const imports = sources.get(list)?.imports ?? [];
  const useCaseModules = new Set(imports.filter((i) => !i.typeOnly).flatMap((i) => targetOf(root, list, i.specifier) ?? []));
  return { useCaseModules };
}

// The file a relative specifier names, relative to the root (`./x.js` is `./x.ts`), whether it exists or not; undefined for a package.
function targetOf(root: string, file: string, specifier: string): string | undefined {
  return specifier.startsWith('.') ? toRel(root, resolve(dirname(file), specifier)).replace(/\.js$/, '.ts') : undefined;
}

function toRel(root: string, path: string): string {
  return relative(root, path).split(sep).join('/');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const violations = checkLayers();
  closeSources();
  for (const v of violations) console.error(`layer rule: ${formatViolation(v)}`);
  if (violations.length > 0) process.exit(1);
  console.log('layer rule: ok');
}
