// The build's third step: the command line and the service as one file, dist/vetted.mjs, which
// bin/vetted.js runs. Node resolves, reads and links each module of a program on every start; the
// service is about 1,800 files with its packages, and loading them one by one was most of a
// start (vetted --help: 2.3 s of CPU from dist/src, 0.8 s from the bundle). dist/src stays, file by
// file, for the library entry points (package.json "exports").
//
// Every module keeps its own import.meta.url (its file under dist/src or node_modules), so the
// files the code reads beside itself (templates, the popularity list) are found where they are.
// Native and optional database drivers stay outside: sqlite3 loads a compiled addon, and knex
// names drivers the service never installs.
import { readFile } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { build } from 'esbuild';

const OUT = 'dist/vetted.mjs';
const EXTERNAL = ['sqlite3', 'pg-native', 'better-sqlite3', 'mysql', 'mysql2', 'mariadb', 'oracledb', 'tedious', 'pg-query-stream'];

const ownUrls = {
  name: 'own-import-meta-url',
  setup(context) {
    context.onLoad({ filter: /\.m?js$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const from = relative(dirname(OUT), args.path).split('\\').join('/');
      return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(from)}, import.meta.url).href`), loader: 'js' };
    });
  },
};

await build({
  entryPoints: ['dist/src/program.js'],
  outfile: OUT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // The map points into dist/src and node_modules, which are installed beside it: no copy of their text.
  sourcesContent: false,
  minifyWhitespace: true,
  external: EXTERNAL,
  plugins: [ownUrls],
  // CommonJS packages inside an ES module bundle call require for Node's own modules.
  banner: { js: "import { createRequire as vettedCreateRequire } from 'node:module'; const require = vettedCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
console.log(`bundled the command line and the service into ${OUT}`);
