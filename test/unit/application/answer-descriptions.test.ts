import { expect } from 'chai';
import { z } from 'zod';
import { TOOL_OUTPUTS } from '../../../src/application/views/answer-schemas.js';

type JsonSchema = { [key: string]: unknown };

/** The dotted path of every property in `schema` that has no description of its own or of its referenced definition. */
function undescribed(schema: JsonSchema, path: string, definitions: Record<string, JsonSchema>, out: Set<string>): Set<string> {
  const resolve = (s: JsonSchema): JsonSchema => (typeof s.$ref === 'string' ? (definitions[s.$ref.split('/').pop()!] ?? s) : s);
  const node = resolve(schema);
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    for (const branch of (node[key] as JsonSchema[] | undefined) ?? []) undescribed(branch, path, definitions, out);
  for (const [name, property] of Object.entries((node.properties as Record<string, JsonSchema> | undefined) ?? {})) {
    if (typeof property.description !== 'string' && typeof resolve(property).description !== 'string') out.add(`${path}.${name}`);
    undescribed(property, `${path}.${name}`, definitions, out);
  }
  if (node.items && typeof node.items === 'object') undescribed(node.items as JsonSchema, `${path}[]`, definitions, out);
  return out;
}

describe('the descriptions of the trust answers', () => {
  for (const tool of ['check_trust', 'verify_domain'] as const) {
    it(`describes every property of ${tool}'s output schema, as tools/list shows it`, () => {
      const schema = z.toJSONSchema(TOOL_OUTPUTS[tool], { target: 'draft-7', io: 'output' }) as JsonSchema;
      const missing = undescribed(schema, tool, (schema.definitions as Record<string, JsonSchema> | undefined) ?? {}, new Set());
      expect([...missing]).to.deep.equal([]);
    });
  }
});
