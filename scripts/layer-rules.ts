// The rules of the dependency table (docs/architecture/layers.md), as data and one judge per import.
import type { AmbientRead, ImportStatement } from './source-facts.js';

/** Libraries the pure domain may use: they do no I/O and read no clock. */
export const PURE_DOMAIN_LIBRARIES = new Set([
  'tldts',
  'ipaddr.js',
  'htmlparser2',
  'fast-xml-parser',
  'yaml',
  'http-link-header',
  'content-security-policy-parser',
  'set-cookie-parser',
  'node:zlib',
  'canonicalize',
  '@noble/hashes',
]);
/** Libraries use cases may use: wiring, input schemas, and bounded in-memory caches (no I/O). */
export const APPLICATION_LIBRARIES = new Set(['inversify', 'zod', 'lru-cache']);
/** The composition root: it binds every port to its adapter. */
export const CONTAINER_ROOT = 'src/main.ts';
/** Files that wire and start the hexagon. main.ts sees every layer; the others take driven adapters from its container. */
export const COMPOSITION_ROOTS = new Set([CONTAINER_ROOT, 'src/service.ts', 'src/cli.ts', 'src/index.ts', 'src/program.ts']);
/** Adapters that receive requests. They parse, call a use case and format a view; they judge nothing. */
export const DRIVING_ADAPTERS: readonly string[] = ['src/adapters/http', 'src/adapters/mcp', 'src/adapters/cli'];
/** Code several adapters use. Every adapter may import it; it imports no other adapter, no use case, and only types from src/domain. */
export const SHARED_ADAPTER_FOLDER = 'src/adapters/shared';
/** Adapters the entry points need before a container exists: the configuration read from the environment, the start-up logger. */
export const START_UP_ADAPTERS: readonly string[] = ['src/adapters/config', 'src/adapters/log'];
/** What the composition roots other than main.ts may import from src/adapters: what they start, and nothing that implements a port. */
export const ENTRY_POINT_ADAPTERS: readonly string[] = [...DRIVING_ADAPTERS, SHARED_ADAPTER_FOLDER, ...START_UP_ADAPTERS];
/** Use cases run only by another use case or by a job handler, never called by a driving adapter. */
export const INTERNAL_USE_CASES = new Set(['src/application/scan/scan-site.ts', 'src/application/scan/run-scan-job.ts']);
/** The one list of use cases: the modules it imports are the use case modules. */
export const USE_CASE_LIST = 'src/application/use-cases.ts';
/**
 * What a driving adapter may load at run time from src/application besides the use case modules:
 * ports (tokens), views (formatting), errors, and input parsing. Anything else it imports as types only.
 */
export const APPLICATION_SURFACE: readonly string[] = [
  'src/application/ports/',
  'src/application/views/',
  'src/application/errors.ts',
  'src/application/input/',
];
/** Names of judging functions (judgeReadiness, assessTrust, rejudge, judgeScanGate…): never imported by a driving adapter. */
export const JUDGING_NAME = /^(judge|rejudge|assess|score|grade)(?![a-z])/;
/** Database drivers and query builders, HTTP clients, the job queue, the mail transport and the resolver: driven technology. */
export const DRIVEN_LIBRARIES = new Set([
  'knex',
  'pg',
  'pg-boss',
  'sqlite3',
  'better-sqlite3',
  'mysql',
  'mysql2',
  'mongodb',
  'redis',
  'ioredis',
  'node-fetch',
  'undici',
  'axios',
  'got',
  'superagent',
  'ky',
  'nodemailer',
  'dns',
  'node:dns',
]);
/** What src/domain and src/application must not do themselves, and the port it comes through instead. */
export const AMBIENT_RULES: Readonly<Record<AmbientRead['kind'], string>> = {
  clock: 'reads no clock: the time comes from the Clock port (or is passed in)',
  randomness: 'draws no randomness: it comes from the RandomTokens port (or is passed in)',
  timer: 'starts no timer: waits and deadlines come from the Timers port',
};

export type Place = { kind: 'domain' } | { kind: 'application' } | { kind: 'adapter'; name: string; folder: string } | { kind: 'root' } | { kind: 'none' };

/** Where a file (relative to the checked root, `/`-separated) lies. */
export function placeOf(rel: string): Place {
  const parts = rel.split('/');
  if (parts[0] !== 'src') return { kind: 'none' };
  if (COMPOSITION_ROOTS.has(rel)) return { kind: 'root' };
  if (parts[1] === 'domain' && parts.length > 2) return { kind: 'domain' };
  if (parts[1] === 'application' && parts.length > 2) return { kind: 'application' };
  if (parts[1] === 'adapters' && parts.length > 3) return { kind: 'adapter', name: parts[2]!, folder: parts.slice(0, 3).join('/') };
  return { kind: 'none' };
}

/** What the judge needs to know about the tree beyond one import. */
export interface TreeFacts {
  /** The use case modules: what `USE_CASE_LIST` imports. */
  readonly useCaseModules: ReadonlySet<string>;
}

/**
 * The rule `statement`, written in file `from`, breaks, or undefined. `target` is the file a relative
 * specifier names (relative to the root, `.js` read as `.ts`); undefined for a package.
 */
export function judgeImport(from: string, statement: ImportStatement, target: string | undefined, tree: TreeFacts): string | undefined {
  const place = placeOf(from);
  if (target === undefined) return judgePackage(place, packageOf(statement.specifier));
  const to = placeOf(target);
  if (to.kind === 'root' && place.kind !== 'root') return `only the composition roots import ${target}`;
  switch (place.kind) {
    case 'domain':
      return to.kind === 'domain' ? undefined : 'src/domain imports only src/domain';
    case 'application':
      return to.kind === 'domain' || to.kind === 'application' ? undefined : 'src/application imports only domain and application';
    case 'root':
      return judgeFromRoot(from, target, to);
    case 'adapter':
      return judgeFromAdapter(place, statement, target, to, tree);
    default:
      return undefined;
  }
}

function judgePackage(place: Place, pkg: string): string | undefined {
  if (place.kind === 'domain' && !PURE_DOMAIN_LIBRARIES.has(pkg)) return `src/domain may not import ${pkg} (not a pure library)`;
  if (place.kind === 'application' && !APPLICATION_LIBRARIES.has(pkg)) return `src/application may not import ${pkg}`;
  if (place.kind === 'adapter' && DRIVEN_LIBRARIES.has(pkg) && facesRequests(place.folder)) {
    return `${who(place)} must not import ${pkg}: storage, the network and mail are reached through a use case and its ports`;
  }
  return undefined;
}

function judgeFromRoot(from: string, target: string, to: Place): string | undefined {
  if (from === CONTAINER_ROOT) return to.kind === 'root' ? `${CONTAINER_ROOT} imports no other composition root (they build on it)` : undefined;
  if (to.kind !== 'adapter' || ENTRY_POINT_ADAPTERS.some((folder) => target.startsWith(`${folder}/`))) return undefined;
  return `${from} must not import adapter ${to.name}: only ${CONTAINER_ROOT} imports driven adapters; take it from the container`;
}

function judgeFromAdapter(
  place: Extract<Place, { kind: 'adapter' }>,
  statement: ImportStatement,
  target: string,
  to: Place,
  tree: TreeFacts,
): string | undefined {
  if (to.kind === 'adapter' && to.folder !== place.folder && to.folder !== SHARED_ADAPTER_FOLDER)
    return `adapter ${place.name} must not import adapter ${to.name}`;
  if (to.kind === 'root' || to.kind === 'none') return 'adapters import domain, application, src/adapters/shared and their own folder';
  if (!facesRequests(place.folder)) return undefined;
  const shared = place.folder === SHARED_ADAPTER_FOLDER;
  const module = target.split('/').pop();
  if (to.kind === 'domain' && !statement.typeOnly) {
    return shared
      ? 'src/adapters/shared may import only types from src/domain (driving adapters use it)'
      : `driving adapter ${place.name} may import only types from src/domain (judging belongs in a use case or the domain)`;
  }
  if (to.kind !== 'application') return undefined;
  const useCase = tree.useCaseModules.has(target) || INTERNAL_USE_CASES.has(target);
  if (shared && useCase) return `src/adapters/shared imports no use case (${module}): only driving adapters and job handlers call use cases`;
  if (INTERNAL_USE_CASES.has(target)) return `driving adapter ${place.name} must not call ${module} (a scan starts at SubmitScan or RequestScan)`;
  if (statement.typeOnly) return undefined;
  const judging = statement.names.find((name) => JUDGING_NAME.test(name));
  if (judging) return `${who(place)} must not import ${judging}: judging (readiness, verdicts, scores) happens in a use case or the domain`;
  if (useCase || APPLICATION_SURFACE.some((prefix) => target === prefix || target.startsWith(prefix))) return undefined;
  return `${who(place)} may import only types from ${target}: at run time it uses use cases, ports, views, errors and input parsing`;
}

/** The rule an ambient read in `from` breaks, or undefined. */
export function judgeAmbient(from: string, read: AmbientRead): string | undefined {
  const place = placeOf(from);
  if (place.kind !== 'domain' && place.kind !== 'application') return undefined;
  return `src/${place.kind} ${AMBIENT_RULES[read.kind]}`;
}

/** Why a file lies in no layer, or undefined when it lies in one. */
export function judgePlace(rel: string): string | undefined {
  return placeOf(rel).kind === 'none' ? 'every file under src/ lies in domain, application, an adapter folder, or is a composition root' : undefined;
}

function facesRequests(folder: string): boolean {
  return DRIVING_ADAPTERS.includes(folder) || folder === SHARED_ADAPTER_FOLDER;
}

function who(place: Extract<Place, { kind: 'adapter' }>): string {
  return place.folder === SHARED_ADAPTER_FOLDER ? SHARED_ADAPTER_FOLDER : `driving adapter ${place.name}`;
}

/** The package a bare specifier names: `@scope/name` or `name` (`node:fs/promises` is `node:fs`). */
export function packageOf(specifier: string): string {
  return specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
}
