import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { checkLayers, formatViolation } from '../../../scripts/check-layers.js';

/** A fresh temp folder per test (call inside `describe`): write files into it and check it. */
export function useFakeTree(): { file(path: string, text: string): void; found(): string[]; printed(): string[] } {
  let root = '';
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'vetted-layers-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  return {
    file(path, text) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    },
    /** Each violation as `file:line -> specifier: rule`. */
    found: () => checkLayers(root).map((v) => `${v.file}:${v.line} -> ${v.specifier}: ${v.rule}`),
    /** Each violation as `npm run check:layers` prints it. */
    printed: () => checkLayers(root).map(formatViolation),
  };
}
