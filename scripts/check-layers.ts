// The dependency rule of the hexagon, checked on every `npm test`:
//   src/domain       imports only src/domain and a few pure libraries;
//   src/application  imports domain, application, inversify and zod;
//   src/adapters/X   imports domain, application, its own adapter folder, src/adapters/shared and libraries,
//                    never another adapter; the driving adapters import only types from src/domain;
//   only the composition roots see everything;
//   and no file under src/ takes part in an import cycle, type-only imports included.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findCycles, listTs, readImports, resolveImport, type ImportStatement } from './import-graph.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Libraries the pure domain may use: they do no I/O and read no clock. */
export const PURE_DOMAIN_LIBRARIES = new Set(['tldts', 'ipaddr.js', 'htmlparser2', 'fast-xml-parser', 'yaml', 'http-link-header', 'content-security-policy-parser', 'set-cookie-parser']);
const APPLICATION_LIBRARIES = new Set(['inversify', 'zod']);
/** Files that see everything. The layer rule skips them; the cycle rule does not. */
export const COMPOSITION_ROOTS = new Set(['src/main.ts', 'src/cli.ts', 'src/index.ts', 'src/service.ts']);
/** Adapters that receive requests. They parse, call a use case and format a view; they judge nothing. */
export const DRIVING_ADAPTERS: readonly string[] = ['src/adapters/http', 'src/adapters/mcp', 'src/adapters/cli'];
/** Use cases run only by another use case or by a job handler, never called by a driving adapter. */
export const INTERNAL_USE_CASES = new Set(['src/application/scan/scan-site.ts', 'src/application/scan/run-scan-job.ts']);
/** Code several adapters use. Every adapter may import it; it imports no other adapter, and only types from src/domain. */
export const SHARED_ADAPTER_FOLDER = 'src/adapters/shared';

export interface Violation {
  readonly file: string;
  readonly specifier: string;
  readonly rule: string;
}

/** Every import under `root`/src that breaks the dependency rule, then every import cycle. Empty when the tree is clean. */
export function checkLayers(root = ROOT): Violation[] {
  const files = listTs(join(root, 'src'));
  const known = new Set(files);
  const violations: Violation[] = [];
  const edges = new Map<string, { specifier: string; target: string }[]>();
  for (const file of files) {
    const rel = toRel(root, file);
    const imports = readImports(readFileSync(file, 'utf8'));
    edges.set(rel, imports.flatMap(({ specifier }) => {
      const target = resolveImport(file, specifier, known);
      return target ? [{ specifier, target: toRel(root, target) }] : [];
    }));
    if (COMPOSITION_ROOTS.has(rel)) continue;
    const layer = layerOf(rel);
    for (const statement of imports) {
      const rule = judge(root, layer, statement, file);
      if (rule) violations.push({ file: rel, specifier: statement.specifier, rule });
    }
  }
  const graph = new Map([...edges].map(([file, out]) => [file, out.map((edge) => edge.target)]));
  for (const cycle of findCycles(graph)) {
    const specifier = edges.get(cycle[0]!)!.find((edge) => edge.target === cycle[1])!.specifier;
    violations.push({ file: cycle[0]!, specifier, rule: `import cycle: ${cycle.join(' -> ')}` });
  }
  return violations;
}

type Layer =
  | { kind: 'domain' }
  | { kind: 'application' }
  | { kind: 'adapter'; name: string; folder: string }
  | { kind: 'other' };

function layerOf(rel: string): Layer {
  const parts = rel.split('/');
  if (parts[1] === 'domain') return { kind: 'domain' };
  if (parts[1] === 'application') return { kind: 'application' };
  if (parts[1] === 'adapters' && parts[2]) return { kind: 'adapter', name: parts[2], folder: parts.slice(0, 3).join('/') };
  return { kind: 'other' };
}

function judge(root: string, layer: Layer, statement: ImportStatement, file: string): string | undefined {
  const { specifier } = statement;
  if (specifier.startsWith('.')) {
    const target = toRel(root, resolve(dirname(file), specifier));
    const to = layerOf(target);
    if (target === 'src/main' || target.startsWith('src/main.')) return 'only the entry points import the composition root';
    switch (layer.kind) {
      case 'domain':
        return to.kind === 'domain' ? undefined : 'src/domain imports only src/domain';
      case 'application':
        return to.kind === 'domain' || to.kind === 'application' ? undefined : 'src/application imports only domain and application';
      case 'adapter':
        if (to.kind === 'adapter' && to.folder !== layer.folder && to.folder !== SHARED_ADAPTER_FOLDER) {
          return `adapter ${layer.name} must not import adapter ${to.name}`;
        }
        if (DRIVING_ADAPTERS.includes(layer.folder) && INTERNAL_USE_CASES.has(`${target.replace(/\.js$/, '')}.ts`)) {
          return `driving adapter ${layer.name} must not call ${target.split('/').pop()} (a scan starts at SubmitScan or RequestScan)`;
        }
        if (to.kind === 'domain' && !statement.typeOnly && DRIVING_ADAPTERS.includes(layer.folder)) {
          return `driving adapter ${layer.name} may import only types from src/domain (judging and formatting helpers belong in src/application)`;
        }
        // Driving adapters import shared code, so a domain function there would be a way round their rule.
        if (to.kind === 'domain' && !statement.typeOnly && layer.folder === SHARED_ADAPTER_FOLDER) {
          return 'src/adapters/shared may import only types from src/domain (driving adapters use it)';
        }
        return to.kind === 'other' ? 'adapters import domain, application and their own folder' : undefined;
      default:
        return undefined;
    }
  }
  const pkg = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
  if (layer.kind === 'domain' && !PURE_DOMAIN_LIBRARIES.has(pkg)) return `src/domain may not import ${pkg} (not a pure library)`;
  if (layer.kind === 'application' && !APPLICATION_LIBRARIES.has(pkg)) return `src/application may not import ${pkg}`;
  return undefined;
}

function toRel(root: string, path: string): string {
  return relative(root, path).split(sep).join('/');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const violations = checkLayers();
  for (const v of violations) console.error(`layer rule: ${v.file} imports "${v.specifier}": ${v.rule}`);
  if (violations.length > 0) process.exit(1);
  console.log('layer rule: ok');
}
