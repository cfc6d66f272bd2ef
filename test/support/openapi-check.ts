import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'chai';

type Json = Record<string, any>;

/**
 * Checks answers against the OpenAPI document a running service serves, with ajv (independent of
 * the project's own schemas): the status is declared for the path and method, required headers are
 * present, the media type is declared, and a JSON body matches the declared schema.
 */
export class OpenApiCheck {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });

  constructor(readonly doc: Json) {}

  /** Reads GET /openapi.json through `get`. */
  static async of(get: (path: string) => Promise<Response>): Promise<OpenApiCheck> {
    return new OpenApiCheck((await (await get('/openapi.json')).json()) as Json);
  }

  /** Checks `res` against what the document declares for `path` (a template) and `method`; returns the JSON body. */
  async expectDeclared(res: Response, path: string, method: string, status: number): Promise<Json> {
    const text = await res.text();
    expect(res.status, text).to.equal(status);
    const declared = this.doc.paths[path]?.[method]?.responses?.[String(status)] as Json | undefined;
    expect(declared, `${method.toUpperCase()} ${path} ${status} is declared`).to.be.an('object');
    for (const [name, header] of Object.entries((declared!.headers ?? {}) as Json)) {
      if (header.required) expect(res.headers.get(name), `header ${name}`).to.be.a('string');
    }
    const type = res.headers.get('content-type') ?? '';
    const media = Object.keys(declared!.content ?? {}).find((m) => m.split(';')[0] === type.split(';')[0]);
    expect(media, `${type} is declared among ${Object.keys(declared!.content ?? {}).join(', ')}`).to.be.a('string');
    const body = JSON.parse(text) as Json;
    this.expectMatches(body, declared!.content[media!].schema);
    return body;
  }

  /** Validates `body` against `schema`, whose $refs point into the document's components. */
  expectMatches(body: unknown, schema: Json): void {
    const validate = this.ajv.compile({ ...schema, components: this.doc.components });
    expect(validate(body), `${JSON.stringify(validate.errors, null, 1)}\n${JSON.stringify(body)}`).to.equal(true);
  }
}
