import { z } from 'zod';
import { JsonRpcAnswer, JsonRpcError } from './answer-schemas.js';
import type { Operation } from './http-operations.js';
import { NO_STORE } from './responses.js';

// POST /mcp is mounted by the MCP adapter; its operations are described here, in the OpenAPI
// helpers' own folder (adapters import no other adapter), and bound with the HTTP areas.

const refused = (description: string) => ({ description, headers: z.object(NO_STORE), content: { 'application/json': { schema: JsonRpcError } } });

/** /mcp: MCP over Streamable HTTP, stateless, JSON only; GET and DELETE are refused (no SSE stream, no sessions). */
export function mcpOperations(): Operation[] {
  const notAllowed = (method: 'get' | 'delete'): Operation => ({
    method,
    operationId: `${method}Mcp`,
    path: '/mcp',
    tags: ['mcp'],
    summary: 'Refused: no SSE stream and no sessions',
    responses: { 405: { ...refused('Method Not Allowed (Allow: POST).'), headers: z.object({ ...NO_STORE, Allow: z.literal('POST') }) } },
  });
  return [
    {
      method: 'post',
      operationId: 'callMcp',
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
