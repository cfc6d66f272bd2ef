import { expect } from 'chai';
import { z } from 'zod';
import { Container } from 'inversify';
import { httpModule } from '../../src/adapters/http/http-module.js';
import { HTTP_OPERATIONS, type HttpOperations } from '../../src/adapters/http/openapi/http-operations.js';
import { openApiDocument } from '../../src/adapters/http/openapi/openapi-document.js';
import { ToolCatalog } from '../../src/adapters/mcp/tool-catalog.js';
import type { VettedTool } from '../../src/adapters/mcp/vetted-tool.js';
import { KnexBlocklist } from '../../src/adapters/persistence/knex-blocklist.js';
import { KnexEntityRepository } from '../../src/adapters/persistence/knex-entity-repository.js';
import { FileDocumentTemplates } from '../../src/adapters/templates/file-document-templates.js';
import { ANSWER_SCHEMAS, TOOL_OUTPUTS, toolOutputSchemas, type AnswerSchemas } from '../../src/application/views/answer-schemas.js';
import { apiReference } from '../../src/application/views/docs/api-reference.js';
import { lookupEntitySchema, verifyAnswerSchema } from '../../src/application/views/registry-view.js';
import { TRUST_ASSESSMENT_SHAPE } from '../../src/application/views/trust-schema.js';
import { trustAnswerSchema } from '../../src/application/views/trust-view.js';
import { expectAnswer, fieldsOf } from '../support/answer-check.js';
import { aBlock, aNewEntity } from '../support/builders.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';

type Json = Record<string, any>;
const BASE = 'https://vetted.example.org';
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };

/** The schema of one name's answer: the tool's output schema, or the first of its answers (check_trust also answers a list). */
function oneAnswer(schema: Json): Json {
  return schema.properties ? schema : schema.anyOf[0];
}

/** The rows of the field table under `### title` in /api.md. */
function tableRows(apiMd: string, title: string): string[] {
  const section = apiMd.slice(apiMd.indexOf(`\n### ${title}\n`) + 1);
  return section
    .slice(0, section.indexOf('\n### ', 1))
    .split('\n')
    .filter((line) => line.startsWith('| `'));
}

/** tools/list as the catalog builds it for 2025-06-18, for tools answering with `outputs`. */
function listedOutputs(outputs: Record<string, z.ZodType>): Record<string, Json> {
  const tools = Object.entries(outputs).map(
    ([name, output]): VettedTool => ({
      name,
      title: name,
      description: name,
      summary: name,
      tags: [],
      usage: { arguments: 'none', effect: name },
      input: z.object({}),
      output,
      hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      run: async () => ({}),
    }),
  );
  return Object.fromEntries(new ToolCatalog(tools, () => {}).list('2025-06-18').map((tool) => [tool.name, tool.outputSchema as Json]));
}

describe('the answers, described from their schemas', () => {
  it('adding a field to the verify answer is one schema change: OpenAPI, the MCP output schemas and /api.md all show it', async () => {
    // The one change: the verify schema gains a field (the trust answer is the verify answer extended, as in trust-schema.ts).
    const verify = verifyAnswerSchema.extend({ scratch_field: z.string().describe('A field added for this test.') });
    const schemas: AnswerSchemas = { ...ANSWER_SCHEMAS, verify, trust: verify.extend(TRUST_ASSESSMENT_SHAPE) };

    const container = new Container();
    await container.load(httpModule);
    const operations = container.getAll<HttpOperations>(HTTP_OPERATIONS);
    const document = openApiDocument(BASE, operations, schemas) as Json;
    expect(document.components.schemas.Verify.properties).to.have.property('scratch_field');
    expect(document.components.schemas.VerifyWithSignals.properties).to.have.property('scratch_field');
    expect(openApiDocument(BASE, operations).components).not.to.deep.equal(document.components);

    const listed = listedOutputs(toolOutputSchemas(schemas));
    expect(listed.verify_domain!.properties).to.have.property('scratch_field');
    expect(oneAnswer(listed.check_trust!).properties).to.have.property('scratch_field');

    const templates = new FileDocumentTemplates();
    const apiMd = apiReference(templates, BASE, [], schemas);
    expect(tableRows(apiMd, 'Verify')).to.include('| `scratch_field` | string | A field added for this test. |');
    expect(tableRows(apiMd, 'Verify with signals').some((row) => row.startsWith('| `scratch_field` |'))).to.equal(true);
    expect(apiMd).to.match(/\[Verify\]\(#verify\) `\{[^}]*scratch_field[^}]*\}`/);
    expect(apiReference(templates, BASE, [])).not.to.contain('scratch_field');
  });

  describe('the real service', () => {
    let t: TestService;
    let openApi: Json;
    let tools: Record<string, Json>;
    let apiMd: string;

    before(async () => {
      t = await startTestService(databaseKinds()[0]!, { BASE_URL: BASE });
      const entities = new KnexEntityRepository(t.database.db);
      await entities.create(aNewEntity({ name: 'Example Corp', domain: 'example.com', expiresAt: '2099-01-01T00:00:00.000Z' }));
      await entities.create(aNewEntity({ name: 'Gone', domain: 'gone.com', expiresAt: '2020-01-01T00:00:00.000Z' }));
      await new KnexBlocklist(t.database.db).add([aBlock('evil.com', 'phishing kit')]);
      openApi = (await (await t.get('/openapi.json')).json()) as Json;
      apiMd = await (await t.get('/api.md')).text();
      const listed = await t.get('/mcp', { method: 'POST', headers: MCP_HEADERS, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
      tools = Object.fromEntries(((await listed.json()) as Json).result.tools.map((tool: Json) => [tool.name, tool]));
    });
    after(() => t.stop());

    async function mcpCall(name: string, args: Json): Promise<Json> {
      const res = await t.get('/mcp', {
        method: 'POST',
        headers: MCP_HEADERS,
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name, arguments: args } }),
      });
      return ((await res.json()) as Json).result;
    }

    it('documents every field of the verify and trust answers in OpenAPI, the MCP output schemas and /api.md', () => {
      for (const [schema, component, tool, title] of [
        [verifyAnswerSchema, 'Verify', 'verify_domain', 'Verify'],
        [trustAnswerSchema, 'VerifyWithSignals', 'check_trust', 'Verify with signals'],
      ] as const) {
        const rows = tableRows(apiMd, title);
        for (const field of fieldsOf(schema)) {
          expect(openApi.components.schemas[component].properties, `OpenAPI ${component}`).to.have.property(field);
          expect(oneAnswer(tools[tool]!.outputSchema).properties, `MCP ${tool}`).to.have.property(field);
          expect(
            rows.some((row) => row.startsWith(`| \`${field}\` |`)),
            `/api.md ${title}: ${field}`,
          ).to.equal(true);
        }
      }
    });

    it("gives every MCP tool that answers a view the output schema generated from that view's schema", () => {
      for (const [name, schema] of Object.entries(TOOL_OUTPUTS)) {
        const generated = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' });
        // A union of answers (check_trust: one name or a list) is listed as an object, as MCP requires.
        expect(tools[name]!.outputSchema, name).to.deep.equal(generated.type === undefined ? { ...generated, type: 'object' } : generated);
      }
    });

    it('answers exactly what the schemas say, over HTTP and MCP, the expired case as EXPIRED with the same fields over both', async () => {
      for (const domain of ['example.com', 'nobody.example.net', 'evil.com']) {
        expectAnswer(verifyAnswerSchema, ((await (await t.get(`/verify/${domain}`)).json()) as Json).data);
        expectAnswer(trustAnswerSchema, ((await (await t.get(`/verify/${domain}?signals=true`)).json()) as Json).data);
        expectAnswer(TOOL_OUTPUTS.verify_domain, (await mcpCall('verify_domain', { domain })).structuredContent);
        expectAnswer(TOOL_OUTPUTS.check_trust, (await mcpCall('check_trust', { domain })).structuredContent);
      }
      const verified = ((await (await t.get('/verify/example.com')).json()) as Json).data;
      expectAnswer(lookupEntitySchema, ((await (await t.get(`/lookup/${verified.entity.id}`)).json()) as Json).data);

      const expired = (await (await t.get('/verify/gone.com')).json()) as Json;
      expect(expired.success).to.equal(false);
      expect(expired.error).to.include({ code: 'EXPIRED', domain: 'gone.com', verified: false, expired: true });
      const { code: _code, ...fields } = expired.error;
      const mcpExpired = await mcpCall('verify_domain', { domain: 'gone.com' });
      // One fact, one shape: the fields HTTP's EXPIRED error carries, and a failure on both.
      expect(mcpExpired.isError).to.equal(true);
      expect(mcpExpired._meta).to.deep.include({ 'vetted/error_code': 'EXPIRED' });
      expectAnswer(verifyAnswerSchema, mcpExpired.structuredContent);
      expect(mcpExpired.structuredContent).to.deep.equal(fields);
      const trustExpired = (await (await t.get('/verify/gone.com?signals=true')).json()) as Json;
      const { code: _trustCode, ...trustFields } = trustExpired.error;
      const mcpTrustExpired = await mcpCall('check_trust', { domain: 'gone.com' });
      expect(mcpTrustExpired.isError).to.equal(true);
      expect(Object.keys(mcpTrustExpired.structuredContent).sort()).to.deep.equal(Object.keys(trustFields).sort());
    });
  });
});
