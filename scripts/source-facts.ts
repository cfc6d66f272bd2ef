// Reads what the layer check judges from each file's syntax tree, parsed by the TypeScript compiler
// (its API, one tsgo process for the whole tree), so comments and strings never count: every import,
// re-export and dynamic import with its line, and every read of the clock, randomness or a timer.
import { join } from 'node:path';
import { skipTrivia, SyntaxKind, type Node, type SourceFile } from 'typescript/unstable/ast';
import { API } from 'typescript/unstable/sync';

/** One import, re-export or dynamic import of a file, as written. */
export interface ImportStatement {
  readonly specifier: string;
  /** True when nothing is imported at run time: `import type`, `export type`, `{ type A, type B }`, `typeof import()`. */
  readonly typeOnly: boolean;
  /** The names loaded at run time (`default`, `*` for a namespace, a re-export of all or a dynamic import). */
  readonly names: readonly string[];
  readonly line: number;
}

/** A read of the clock, randomness or a timer, such as `Date.now` or `setTimeout`. */
export interface AmbientRead {
  readonly what: string;
  readonly kind: 'clock' | 'randomness' | 'timer';
  readonly line: number;
}

export interface SourceFacts {
  readonly imports: readonly ImportStatement[];
  readonly ambient: readonly AmbientRead[];
}

/** The facts of each of `files` (absolute paths under `root`), keyed by path. */
export function readSources(root: string, files: readonly string[]): Map<string, SourceFacts> {
  // A tsconfig only this process sees, named anew for each check so that nothing of an earlier one is
  // reused: parse the files given, resolve nothing, load no library.
  const config = join(root, `.check-layers-${++checks}.tsconfig.json`);
  const options = { noLib: true, noResolve: true, types: [], target: 'ES2022', module: 'NodeNext', experimentalDecorators: true };
  configs.set(config, JSON.stringify({ compilerOptions: options, files }));
  const api = compiler();
  api.clearSourceFileCache();
  const snapshot = api.updateSnapshot({ openProjects: [config], fileChanges: { invalidateAll: true } });
  try {
    const program = snapshot.getProject(config)!.program;
    return new Map(
      files.map((file) => {
        const source = program.getSourceFile(file);
        if (!source) throw new Error(`the compiler did not parse ${file}`);
        return [file, factsOf(source)];
      }),
    );
  } finally {
    snapshot.dispose();
    api.updateSnapshot({ closeProjects: [config] }).dispose();
    configs.delete(config);
  }
}

/** Stops the compiler process. A process that checks ends with it; one that exits without it has it killed. */
export function closeSources(): void {
  running?.close();
  running = undefined;
}

// One compiler process for every check this process makes: starting one takes longer than a check.
let running: API | undefined;
let checks = 0;
const configs = new Map<string, string>();

function compiler(): API {
  running ??= new API({
    fs: {
      readFile: (name) => configs.get(name),
      fileExists: (name) => (configs.has(name) ? true : undefined),
    },
  });
  return running;
}

function factsOf(source: SourceFile): SourceFacts {
  const imports: ImportStatement[] = [];
  const ambient: AmbientRead[] = [];
  const lineOf = (node: Node) => source.getLineAndCharacterOfPosition(skipTrivia(source.text, node.pos)).line + 1;
  const visit = (node: Node): void => {
    const found = importOf(node);
    if (found) imports.push({ ...found, line: lineOf(node) });
    const read = ambientRead(node);
    if (read) ambient.push({ ...read, line: lineOf(node) });
    node.forEachChild(visit);
  };
  visit(source);
  return { imports, ambient };
}

type Found = Omit<ImportStatement, 'line'>;

function importOf(node: Node): Found | undefined {
  const n = node as any;
  switch (node.kind) {
    case SyntaxKind.ImportDeclaration: {
      const clause = n.importClause;
      if (!clause) return found(n.moduleSpecifier, false, []);
      if (clause.phaseModifier === SyntaxKind.TypeKeyword) return found(n.moduleSpecifier, true, []);
      const names: string[] = clause.name ? ['default'] : [];
      const bindings = clause.namedBindings;
      if (bindings?.kind === SyntaxKind.NamespaceImport) names.push('*');
      const elements: any[] = bindings?.kind === SyntaxKind.NamedImports ? [...bindings.elements] : [];
      names.push(...elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text));
      return found(n.moduleSpecifier, names.length === 0 && elements.length > 0, names);
    }
    case SyntaxKind.ExportDeclaration: {
      if (!n.moduleSpecifier) return undefined;
      if (n.isTypeOnly) return found(n.moduleSpecifier, true, []);
      if (n.exportClause?.kind !== SyntaxKind.NamedExports) return found(n.moduleSpecifier, false, ['*']);
      const elements: any[] = [...n.exportClause.elements];
      const names = elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text);
      return found(n.moduleSpecifier, names.length === 0 && elements.length > 0, names);
    }
    case SyntaxKind.ImportEqualsDeclaration:
      return n.moduleReference.kind === SyntaxKind.ExternalModuleReference ? found(n.moduleReference.expression, n.isTypeOnly, ['*']) : undefined;
    case SyntaxKind.ImportType:
      return n.argument.kind === SyntaxKind.LiteralType ? found(n.argument.literal, true, []) : undefined;
    case SyntaxKind.CallExpression: {
      const callee = n.expression;
      const dynamic = callee.kind === SyntaxKind.ImportKeyword || (callee.kind === SyntaxKind.Identifier && callee.text === 'require');
      return dynamic && n.arguments.length > 0 ? found(n.arguments[0], false, ['*']) : undefined;
    }
    default:
      return undefined;
  }
}

function found(specifier: any, typeOnly: boolean, names: string[]): Found | undefined {
  const literal = specifier.kind === SyntaxKind.StringLiteral || specifier.kind === SyntaxKind.NoSubstitutionTemplateLiteral;
  return literal ? { specifier: specifier.text, typeOnly, names } : undefined;
}

/** Global members that read the clock or randomness, or start a timer. */
const MEMBERS: Readonly<Record<string, Readonly<Record<string, AmbientRead['kind']>>>> = {
  Date: { now: 'clock' },
  performance: { now: 'clock', timeOrigin: 'clock' },
  process: { hrtime: 'clock', uptime: 'clock' },
  Math: { random: 'randomness' },
  crypto: { randomUUID: 'randomness', getRandomValues: 'randomness' },
  AbortSignal: { timeout: 'timer' },
};
/** Global functions that start a timer. */
const TIMER_FUNCTIONS = new Set(['setTimeout', 'setInterval', 'setImmediate']);
const GLOBAL_OBJECTS = new Set(['globalThis', 'global', 'window', 'self']);

function ambientRead(node: Node): Omit<AmbientRead, 'line'> | undefined {
  const n = node as any;
  switch (node.kind) {
    case SyntaxKind.PropertyAccessExpression:
    case SyntaxKind.ElementAccessExpression: {
      const member = node.kind === SyntaxKind.PropertyAccessExpression ? n.name.text : literalText(n.argumentExpression);
      const owner = globalName(n.expression);
      if (owner === undefined || member === undefined) return undefined;
      const kind = MEMBERS[owner]?.[member];
      if (kind) return { what: `${owner}.${member}`, kind };
      // globalThis.setTimeout(...)
      return GLOBAL_OBJECTS.has(owner) && TIMER_FUNCTIONS.has(member) ? { what: member, kind: 'timer' } : undefined;
    }
    case SyntaxKind.NewExpression:
      return globalName(n.expression) === 'Date' && (n.arguments?.length ?? 0) === 0 ? { what: 'new Date()', kind: 'clock' } : undefined;
    case SyntaxKind.CallExpression:
      return globalName(n.expression) === 'Date' ? { what: 'Date()', kind: 'clock' } : undefined;
    case SyntaxKind.Identifier:
      return TIMER_FUNCTIONS.has(n.text) && isReference(node) ? { what: n.text, kind: 'timer' } : undefined;
    default:
      return undefined;
  }
}

// `Date`, or `globalThis.Date`: the name of a global object an expression denotes, as far as syntax tells.
function globalName(expression: any): string | undefined {
  if (expression.kind === SyntaxKind.Identifier) return expression.text;
  if (expression.kind === SyntaxKind.PropertyAccessExpression && expression.expression.kind === SyntaxKind.Identifier) {
    return GLOBAL_OBJECTS.has(expression.expression.text) ? expression.name.text : undefined;
  }
  return undefined;
}

function literalText(expression: any): string | undefined {
  return expression.kind === SyntaxKind.StringLiteral || expression.kind === SyntaxKind.NoSubstitutionTemplateLiteral ? expression.text : undefined;
}

// An identifier used as a value: not a member or declaration name, not an import specifier, not in a type.
function isReference(identifier: Node): boolean {
  const parent = identifier.parent as any;
  if (!parent) return false;
  if (parent.name === identifier || parent.propertyName === identifier) return false;
  return parent.kind !== SyntaxKind.QualifiedName && parent.kind !== SyntaxKind.TypeQuery && parent.kind !== SyntaxKind.TypeReference;
}
