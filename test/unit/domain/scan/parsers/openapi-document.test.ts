import { expect } from 'chai';
import fc from 'fast-check';
import { parseOpenApiDocument } from '../../../../../src/domain/scan/parsers/openapi-document.js';

const OPENAPI_YAML = `openapi: 3.1.0
info:
  title: Acme Orders API
  version: "2026-11-01"
servers:
  - url: https://api.acme.example/v1
paths:
  /orders:
    get:
      summary: List orders
    post:
      summary: Create an order
    parameters: []
  /orders/{id}:
    get:
      summary: Get an order
components:
  schemas:
    Order: { type: object }
`;

const SWAGGER_JSON = JSON.stringify({
  swagger: '2.0',
  info: { title: 'Petstore', version: '1.0.0' },
  host: 'petstore.swagger.io',
  paths: { '/pet': { post: {}, put: {} }, '/pet/findByStatus': { get: {} } },
});

describe('parseOpenApiDocument', () => {
  it('reads an OpenAPI 3.1 YAML document', () => {
    expect(parseOpenApiDocument(OPENAPI_YAML)).to.deep.equal({
      valid: true,
      format: 'yaml',
      family: 'openapi',
      specVersion: '3.1.0',
      title: 'Acme Orders API',
      apiVersion: '2026-11-01',
      pathCount: 2,
      operationCount: 3,
      errors: [],
      warnings: [],
    });
  });

  it('reads a Swagger 2.0 JSON document', () => {
    expect(parseOpenApiDocument(SWAGGER_JSON)).to.include({
      valid: true,
      format: 'json',
      family: 'swagger',
      specVersion: '2.0',
      title: 'Petstore',
      pathCount: 2,
      operationCount: 3,
    });
  });

  it('reads unquoted YAML version numbers', () => {
    expect(parseOpenApiDocument('swagger: 2.0\ninfo: {title: T, version: 1}\npaths: {}\n')).to.include({ valid: true, specVersion: '2.0', apiVersion: '1' });
    expect(parseOpenApiDocument('openapi: 3.0\ninfo: {title: T}\n')).to.include({ valid: true, specVersion: '3.0' });
  });

  it('warns about a document without paths and rejects other versions or missing titles', () => {
    expect(parseOpenApiDocument('{"openapi":"3.1.0","info":{"title":"Hooks"},"webhooks":{}}').warnings).to.deep.equal(['NO_PATHS']);
    expect(parseOpenApiDocument('{"openapi":"4.0.0","info":{"title":"T"}}').errors).to.deep.equal(['UNSUPPORTED_VERSION']);
    expect(parseOpenApiDocument('{"swagger":"1.2","info":{}}').errors).to.deep.equal(['UNSUPPORTED_VERSION', 'NO_TITLE']);
    expect(parseOpenApiDocument('{"name":"package.json"}').errors).to.deep.equal(['NOT_OPENAPI']);
  });

  it('reports unreadable input', () => {
    expect(parseOpenApiDocument('').errors).to.deep.equal(['EMPTY']);
    expect(parseOpenApiDocument('<!doctype html><html></html>').errors).to.deep.equal(['HTML']);
    expect(parseOpenApiDocument('{"openapi": ').errors).to.deep.equal(['INVALID_JSON']);
    expect(parseOpenApiDocument('openapi: [3.1\ninfo: :\n  - x: }').errors).to.deep.equal(['INVALID_YAML']);
    expect(parseOpenApiDocument('just some words').errors).to.deep.equal(['NOT_AN_OBJECT']);
    expect(parseOpenApiDocument(`a: ${'x'.repeat(2_200_000)}`).errors).to.deep.equal(['TOO_LARGE']);
  });

  it('refuses a YAML alias bomb', () => {
    const levels = Array.from({ length: 10 }, (_, i) => {
      const name = `l${i}`;
      return i === 0
        ? `${name}: &${name} [x, x, x, x, x, x, x, x, x, x]`
        : `${name}: &${name} [${Array(10)
            .fill(`*l${i - 1}`)
            .join(', ')}]`;
    });
    expect(parseOpenApiDocument(`openapi: 3.1.0\n${levels.join('\n')}\n`).errors).to.deep.equal(['INVALID_YAML']);
  });

  it('returns a JSON-serializable value and never throws', () => {
    const parsed = parseOpenApiDocument(OPENAPI_YAML);
    expect(JSON.parse(JSON.stringify(parsed))).to.deep.equal(parsed);
    fc.assert(
      fc.property(fc.string({ maxLength: 500 }), (text) => {
        expect(typeof parseOpenApiDocument(text).valid).to.equal('boolean');
        expect(typeof parseOpenApiDocument(`openapi: 3.0.0\n${text}`).valid).to.equal('boolean');
      }),
      { numRuns: 200 },
    );
  });
});
