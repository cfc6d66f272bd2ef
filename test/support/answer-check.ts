import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'chai';
import { z } from 'zod';

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });

/**
 * Holds `body` to a view's answer schema as its JSON Schema says it (every object closed: a field the
 * view answers but the schema does not name fails), independently of zod's own parsing.
 */
export function expectAnswer(schema: z.ZodType, body: unknown): void {
  const validate = ajv.compile(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }));
  expect(validate(body), `${JSON.stringify(validate.errors, null, 1)}\n${JSON.stringify(body)}`).to.equal(true);
}

/** The top-level field names of an object schema. */
export function fieldsOf(schema: z.ZodObject): string[] {
  return Object.keys(schema.shape);
}
