import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { JsonRpcAnswer, JsonRpcError } from './answer-schemas.js';
import { answer, COMMON_ERRORS, errors, HTML, MARKDOWN, NO_STORE, PLAIN, textAnswer, textBody } from './responses.js';

// The documents and files generated once from configuration, and the MCP endpoint.

const MARKDOWN_DOCUMENTS: ReadonlyArray<readonly [string, string]> = [
  ['/docs', 'The documentation index, with the operations of this document'],
  ['/api.md', 'The API reference'],
  ['/developers.md', 'Quick start'],
  ['/integration.md', 'Integration guides'],
  ['/verify.md', 'How to get verified'],
  ['/mcp.md', 'MCP configuration'],
  ['/agents.md', 'The agent manifest'],
  ['/methodology.md', 'The scan methodology and readiness thresholds'],
  ['/changelog.md', 'Version history'],
  ['/.well-known/vetted.md', "The service's self-verification document (YAML, named .md)"],
  ['/llms.txt', 'The llms.txt index for agents'],
];

const FILES: ReadonlyArray<readonly [string, string, string]> = [
  ['/robots.txt', 'Crawler rules (RFC 9309)', PLAIN],
  ['/sitemap.xml', 'The sitemap', 'application/xml; charset=utf-8'],
  ['/.well-known/security.txt', 'Whom to tell about a vulnerability (RFC 9116)', PLAIN],
  ['/.well-known/mcp/server-card.json', 'The MCP server card', 'application/json'],
  ['/.well-known/mcp.json', 'The MCP server card (second path)', 'application/json'],
  ['/.well-known/agent-card.json', 'An A2A agent card', 'application/json'],
  ['/.well-known/api-catalog', 'The API catalog (RFC 9727 linkset)', 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"'],
];

const PAGES: ReadonlyArray<readonly [string, string]> = [
  ['/privacy', 'What this instance stores'],
  ['/terms', 'Terms of use'],
  ['/contact', 'Whom to write to'],
];

const jsonFile = z.looseObject({});

/** The documents, files and pages served as generated at start-up, cached an hour. */
export function staticRoutes(): RouteConfig[] {
  return [
    ...MARKDOWN_DOCUMENTS.map(
      ([path, summary]): RouteConfig => ({
        method: 'get',
        path,
        tags: ['docs'],
        summary,
        responses: { 200: textAnswer('The document.', MARKDOWN), ...errors(COMMON_ERRORS) },
      }),
    ),
    ...FILES.map(
      ([path, summary, type]): RouteConfig => ({
        method: 'get',
        path,
        tags: ['docs'],
        summary,
        responses: {
          200: answer('The file.', { [type]: { schema: type.startsWith('application/') && !type.includes('xml') ? jsonFile : textBody } }),
          ...errors(COMMON_ERRORS),
        },
      }),
    ),
    ...PAGES.map(
      ([path, summary]): RouteConfig => ({
        method: 'get',
        path,
        tags: ['docs'],
        summary,
        responses: {
          200: answer('HTML, or Markdown for Accept: text/markdown.', { [HTML]: { schema: textBody }, [MARKDOWN]: { schema: textBody } }),
          ...errors(COMMON_ERRORS),
        },
      }),
    ),
  ];
}

const refused = (description: string) => ({ description, headers: z.object(NO_STORE), content: { 'application/json': { schema: JsonRpcError } } });

/** /mcp: MCP over Streamable HTTP, stateless, JSON only; GET and DELETE are refused (no SSE stream, no sessions). */
export function mcpRoutes(): RouteConfig[] {
  const notAllowed = (method: 'get' | 'delete'): RouteConfig => ({
    method,
    path: '/mcp',
    tags: ['mcp'],
    summary: 'Refused: no SSE stream and no sessions',
    responses: { 405: { ...refused('Method Not Allowed (Allow: POST).'), headers: z.object({ ...NO_STORE, Allow: z.literal('POST') }) } },
  });
  return [
    {
      method: 'post',
      path: '/mcp',
      tags: ['mcp'],
      summary: 'The MCP endpoint (JSON-RPC 2.0, see /mcp.md)',
      request: {
        headers: z.object({ 'MCP-Protocol-Version': z.string().optional().meta({ description: '2025-06-18 or 2025-03-26, after initialize.' }) }),
        body: {
          required: true,
          content: {
            'application/json': { schema: z.union([z.looseObject({ jsonrpc: z.literal('2.0') }), z.array(z.looseObject({ jsonrpc: z.literal('2.0') }))]) },
          },
        },
      },
      responses: {
        200: {
          description: 'The JSON-RPC answer (an array for a batch).',
          headers: z.object(NO_STORE),
          content: { 'application/json': { schema: JsonRpcAnswer } },
        },
        202: { description: 'Notifications only: no body.', headers: z.object(NO_STORE) },
        400: refused('Parse error, or a message breaking the version or batch rules.'),
        403: refused('An Origin not allowed.'),
        413: refused('A body over the limit.'),
        415: refused('Not application/json.'),
        500: refused('Internal error.'),
      },
    },
    notAllowed('get'),
    notAllowed('delete'),
  ];
}
