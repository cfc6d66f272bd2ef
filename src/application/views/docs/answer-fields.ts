import { z } from 'zod';

// The field tables of /api.md, generated from the answers' zod schemas (through JSON Schema), so
// that a field added to a schema is documented with no other edit.

type Json = { readonly [key: string]: unknown };

/** One row of a field table: a dotted path (`entity.id`, `checks[].status`), its type in words and its description. */
interface AnswerField {
  readonly path: string;
  readonly type: string;
  readonly description: string;
}

/** A part several answers share, documented once in a table of its own and named where it appears. */
export interface SharedPart {
  readonly name: string;
  readonly schema: z.ZodType;
}

/** The rows of `schema`'s fields, nested objects flattened; a shared part is one row naming it. */
function answerFields(schema: z.ZodType, shared: readonly SharedPart[] = []): AnswerField[] {
  const parts = shared.map((part) => ({ name: part.name, key: shapeKey(jsonSchemaOf(part.schema)) }));
  const root = jsonSchemaOf(schema);
  const rows: AnswerField[] = [];
  walkObject(
    root,
    '',
    rows,
    parts.filter((part) => part.key !== shapeKey(root)),
  );
  return rows;
}

/** The top-level field names of `schema` as `{a, b, c}`, for the summaries of /api.md. */
export function fieldList(schema: z.ZodType): string {
  return `{${Object.keys(objectOf(jsonSchemaOf(schema))?.properties ?? {}).join(', ')}}`;
}

/** A Markdown table of `schema`'s fields. */
export function fieldTable(schema: z.ZodType, shared: readonly SharedPart[] = []): string {
  const rows = answerFields(schema, shared).map((f) => `| \`${f.path}\` | ${cell(f.type)} | ${cell(f.description)} |`);
  return ['| Field | Type | Description |', '|---|---|---|', ...rows].join('\n');
}

/** The Markdown anchor of a shared part's heading. */
export function anchorOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

// Converted once per schema in a process: the answers' schemas are module constants, and every
// container renders /api.md from them.
const JSON_SCHEMAS = new WeakMap<z.ZodType, Json>();

function jsonSchemaOf(schema: z.ZodType): Json {
  let json = JSON_SCHEMAS.get(schema);
  if (json === undefined) JSON_SCHEMAS.set(schema, (json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Json));
  return json;
}

function walkObject(node: Json, prefix: string, rows: AnswerField[], parts: ReadonlyArray<{ name: string; key: string }>): void {
  const object = objectOf(node);
  if (!object) return;
  for (const [name, child] of Object.entries(object.properties)) {
    const path = `${prefix}${name}`;
    const required = object.required.has(name);
    const part = parts.find((p) => p.key === shapeKey(child) || p.key === shapeKey(itemsOf(child) ?? {}));
    if (part) {
      const list = part.key !== shapeKey(child);
      rows.push({
        path,
        type: `${list ? 'list of ' : ''}[${part.name}](#${anchorOf(part.name)})${nullable(child) ? ' or null' : ''}${required ? '' : ', optional'}`,
        description: describe(child),
      });
      continue;
    }
    rows.push({ path, type: `${typeOf(child)}${required ? '' : ', optional'}`, description: describe(child) });
    const items = itemsOf(child);
    if (items && objectOf(items)) walkObject(items, `${path}[].`, rows, parts);
    else if (objectOf(child)) walkObject(child, `${path}.`, rows, parts);
  }
}

/** The object a node is (merging the objects of a union, whose fields then depend on the case), or undefined. */
function objectOf(node: Json): { properties: Record<string, Json>; required: Set<string> } | undefined {
  const options = alternatives(node).filter((o) => o.type === 'object' && o.properties);
  if (options.length === 0) return undefined;
  const cases = new Map<string, Json[]>();
  for (const option of options) {
    for (const [key, value] of Object.entries(option.properties as Record<string, Json>)) {
      const seen = cases.get(key) ?? [];
      if (!seen.some((v) => JSON.stringify(v) === JSON.stringify(value))) seen.push(value);
      cases.set(key, seen);
    }
  }
  // A field whose type differs between the cases is any of them.
  const properties = Object.fromEntries([...cases].map(([key, values]): [string, Json] => [key, values.length === 1 ? values[0]! : { anyOf: values }]));
  const requiredBy = options.map((o) => new Set((o.required as string[] | undefined) ?? []));
  return { properties, required: new Set(Object.keys(properties).filter((key) => requiredBy.every((r) => r.has(key)))) };
}

function itemsOf(node: Json): Json | undefined {
  const array = alternatives(node).find((o) => o.type === 'array');
  return array?.items as Json | undefined;
}

/** The non-null cases of a node. */
function alternatives(node: Json): Json[] {
  const options = (node.anyOf ?? node.oneOf) as Json[] | undefined;
  return options ? options.filter((o) => o.type !== 'null') : [node];
}

function nullable(node: Json): boolean {
  const options = (node.anyOf ?? node.oneOf) as Json[] | undefined;
  return options?.some((o) => o.type === 'null') === true || (Array.isArray(node.type) && node.type.includes('null'));
}

function typeOf(node: Json): string {
  const kinds = [...new Set(alternatives(node).map(kindOf))];
  return `${kinds.join(' or ')}${nullable(node) ? ' or null' : ''}`;
}

function kindOf(node: Json): string {
  if (node.const !== undefined) return `\`${JSON.stringify(node.const)}\``;
  if (Array.isArray(node.enum)) return `one of ${node.enum.map((v) => `\`${String(v)}\``).join(', ')}`;
  const type = Array.isArray(node.type) ? node.type.filter((t) => t !== 'null')[0] : node.type;
  if (type === 'array') return `list of ${node.items ? kindOf(node.items as Json) : 'values'}`;
  if (type === 'object' && !node.properties && node.additionalProperties && typeof node.additionalProperties === 'object') {
    const values = node.additionalProperties as Json;
    return `map of ${values.type ? kindOf(values) : 'values'}`;
  }
  if (typeof type === 'string') return type;
  return 'value';
}

function describe(node: Json): string {
  return typeof node.description === 'string' ? node.description : '';
}

/** What a node is, without the words said about it where it is used. */
function shapeKey(node: Json): string {
  const unwrapped = alternatives(node).length === 1 ? alternatives(node)[0]! : node;
  const { description: _d, readOnly: _r, $schema: _s, ...shape } = unwrapped;
  return JSON.stringify(shape);
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
