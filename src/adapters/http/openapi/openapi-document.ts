import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { inject, injectable, multiInject } from 'inversify';
import { AppConfig } from '../../../application/ports/app-config.js';
import { ANSWER_SCHEMAS, type AnswerSchemas } from '../../../application/views/answer-schemas.js';
import { REGISTRY_API_VERSION, SERVICE_VERSION } from '../../../application/views/service-facts.js';
import { answerComponents } from './answer-schemas.js';
import { HTTP_OPERATIONS, type HttpOperations } from './http-operations.js';

/** The OpenAPI document as JSON, loosely typed: what the route and the docs read of it. */
export interface OpenApiDocument {
  readonly openapi: string;
  readonly paths: Record<string, Record<string, { readonly summary?: string; readonly responses: Record<string, unknown> }>>;
  readonly [key: string]: unknown;
}

/**
 * The service's OpenAPI document, made once per container from every bound area's operations
 * (HTTP_OPERATIONS) and shared by /openapi.json and /docs.
 */
@injectable()
export class OpenApiDescription {
  readonly document: OpenApiDocument;

  constructor(@inject(AppConfig) config: Pick<AppConfig, 'baseUrl'>, @multiInject(HTTP_OPERATIONS) operations: readonly HttpOperations[]) {
    const key = `${config.baseUrl}\n${operations.map(idOf).join(',')}`;
    let document = DOCUMENTS.get(key);
    if (document === undefined) {
      document = openApiDocument(config.baseUrl, operations);
      if (DOCUMENTS.size >= MAX_DOCUMENTS) DOCUMENTS.delete(DOCUMENTS.keys().next().value!);
      DOCUMENTS.set(key, document);
    }
    this.document = document;
  }
}

// Generating the document costs about 0.15 s of CPU; containers of one process with the same
// BASE_URL and the same areas share it (it is never changed once made).
const MAX_DOCUMENTS = 8;
const DOCUMENTS = new Map<string, OpenApiDocument>();
const IDS = new WeakMap<HttpOperations, number>();

/** A number for each operations function, the same for the life of the process. */
function idOf(operations: HttpOperations): number {
  let id = IDS.get(operations);
  if (id === undefined) IDS.set(operations, (id = IDS_GIVEN.next++));
  return id;
}
const IDS_GIVEN = { next: 0 };

/**
 * The OpenAPI 3.1 description of the routes of `operations`, with `baseUrl` as the server; the
 * answers described by `schemas`.
 */
export function openApiDocument(baseUrl: string, operations: readonly HttpOperations[], schemas: AnswerSchemas = ANSWER_SCHEMAS): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description:
      "An API key (vtk_…) an operator made with `vetted key create`: its tier's daily quota instead of the free one (API_TIERS=on). A malformed, unknown or revoked key is refused 401, never answered as anonymous.",
  });
  registry.registerComponent('securitySchemes', 'watchToken', { type: 'http', scheme: 'bearer', description: 'The wtk_… token POST /watches returned.' });
  const answers = answerComponents(schemas);
  for (const route of operations.flatMap((of) => of(answers))) registry.registerPath(route);
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Vetted',
      // The release, as GET /status and `vetted --version` say; the contract's document version beside it.
      version: SERVICE_VERSION,
      'x-contract-version': REGISTRY_API_VERSION,
      description:
        'Dated, evidence-backed observations about websites and domains, so that software agents can check a counterparty before they trust it. The same API in prose: /api.md.',
    },
    servers: [{ url: baseUrl }],
    tags: [
      { name: 'registry', description: 'Registry reads: they never scan.' },
      { name: 'scans', description: 'Scans on explicit request, under budgets.' },
      { name: 'reports', description: 'Stored, signed reports and their evidence.' },
      { name: 'registration', description: 'Getting a domain verified.' },
      { name: 'watches', description: "Signed webhooks when a domain's verdict changes." },
      { name: 'log', description: 'The transparency log: every verdict-changing write, signed checkpoints, tiles and proofs.' },
      { name: 'mcp', description: 'The MCP endpoint (Streamable HTTP).' },
      { name: 'operations', description: 'For operators.' },
      { name: 'docs', description: 'Documents and files for people, crawlers and agents.' },
    ],
  });
  return document as unknown as OpenApiDocument;
}
