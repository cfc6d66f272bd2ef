import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type LockEntry = { version?: string; resolved?: string; integrity?: string; dependencies?: Record<string, string>; [field: string]: unknown };

/**
 * A package-lock.json for a scratch project that depends on the package `tarball` (its file beside
 * the lock) whose own dependencies are `dependencies`: each of them and everything they
 * need, pinned to the versions, tarball URLs and integrity hashes of this checkout's lock file.
 * `npm ci --offline` installs it from npm's cache alone, which this checkout's own `npm ci` filled.
 */
export function offlineLock(
  root: string,
  name: string,
  tarball: { name: string; version: string; file: string; path: string },
  dependencies: Record<string, string>,
): object {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const packages: Record<string, LockEntry> = {};
  const visit = (dependency: string, parent: string) => {
    // Node's lookup: nested under the parent first, then hoisted.
    const nested = `${parent}/node_modules/${dependency}`;
    const key = parent !== '' && lock.packages[nested] ? nested : `node_modules/${dependency}`;
    const entry = lock.packages[key];
    if (!entry) throw new Error(`${dependency} is not in package-lock.json`);
    if (packages[key]) return;
    const { dev: _dev, devOptional: _devOptional, peer: _peer, ...kept } = entry as LockEntry & { dev?: boolean; devOptional?: boolean; peer?: boolean };
    // This lock file names no tarball URLs; without one npm asks the registry for the package's
    // metadata, which `npm ci` never cached (it fetched tarballs only). With the URL and the
    // integrity hash npm takes the tarball from its cache.
    packages[key] = { ...kept, resolved: kept.resolved ?? tarballUrl(key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length), kept.version!) };
    for (const child of Object.keys(entry.dependencies ?? {})) visit(child, key);
  };
  for (const dependency of Object.keys(dependencies)) visit(dependency, '');
  const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball.path)).digest('base64')}`;
  return {
    name,
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name, dependencies: { [tarball.name]: `file:${tarball.file}` } },
      [`node_modules/${tarball.name}`]: { version: tarball.version, resolved: `file:${tarball.file}`, integrity, dependencies },
      ...packages,
    },
  };
}

/** The registry's URL of a package's tarball: `<registry>/<name>/-/<name without scope>-<version>.tgz`. */
function tarballUrl(name: string, version: string): string {
  const registry = (process.env.npm_config_registry ?? 'https://registry.npmjs.org/').replace(/\/?$/, '/');
  return `${registry}${name}/-/${name.split('/').pop()}-${version}.tgz`;
}
