// The dependency rule of the hexagon, checked on every `npm test`:
//   src/domain       imports only src/domain and a few pure libraries;
//   src/application  imports domain, application, inversify and zod;
//   src/adapters/X   imports domain, application, its own adapter folder and libraries, never another adapter;
//   only src/main.ts and the CLI entry see everything.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Libraries the pure domain may use: they do no I/O and read no clock. */
export const PURE_DOMAIN_LIBRARIES = new Set(['tldts', 'ipaddr.js', 'htmlparser2', 'yaml']);
const APPLICATION_LIBRARIES = new Set(['inversify', 'zod']);
const COMPOSITION_ROOTS = new Set(['src/main.ts', 'src/cli.ts', 'src/index.ts']);

// import/export … from '…', bare import '…', and dynamic import('…'), type-only imports included.
const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

export interface Violation {
  readonly file: string;
  readonly specifier: string;
  readonly rule: string;
}

export function checkLayers(root = ROOT): Violation[] {
  const violations: Violation[] = [];
  for (const file of listTs(join(root, 'src'))) {
    const rel = relative(root, file).split(sep).join('/');
    if (COMPOSITION_ROOTS.has(rel)) continue;
    const layer = layerOf(rel);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const specifier = (match[1] ?? match[2])!;
      const rule = judge(root, layer, specifier, file);
      if (rule) violations.push({ file: rel, specifier, rule });
    }
  }
  return violations;
}

type Layer = { kind: 'domain' } | { kind: 'application' } | { kind: 'adapter'; name: string } | { kind: 'other' };

function layerOf(rel: string): Layer {
  const parts = rel.split('/');
  if (parts[1] === 'domain') return { kind: 'domain' };
  if (parts[1] === 'application') return { kind: 'application' };
  if (parts[1] === 'adapters' && parts[2]) return { kind: 'adapter', name: parts[2] };
  return { kind: 'other' };
}

function judge(root: string, layer: Layer, specifier: string, file: string): string | undefined {
  if (specifier.startsWith('.')) {
    const target = relative(root, resolve(dirname(file), specifier)).split(sep).join('/');
    const to = layerOf(target);
    if (target === 'src/main' || target.startsWith('src/main.')) return 'only the entry points import the composition root';
    switch (layer.kind) {
      case 'domain':
        return to.kind === 'domain' ? undefined : 'src/domain imports only src/domain';
      case 'application':
        return to.kind === 'domain' || to.kind === 'application' ? undefined : 'src/application imports only domain and application';
      case 'adapter':
        if (to.kind === 'adapter' && to.name !== layer.name) return `adapter ${layer.name} must not import adapter ${to.name}`;
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

function listTs(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return listTs(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const violations = checkLayers();
  for (const v of violations) console.error(`layer rule: ${v.file} imports "${v.specifier}": ${v.rule}`);
  if (violations.length > 0) process.exit(1);
  console.log('layer rule: ok');
}
