import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Router } from '@koa/router';
import { inject, injectable, multiInject } from 'inversify';
import type { Context } from 'koa';
import { AdmitRead } from '../../application/access/admit-read.js';
import { isAppError } from '../../application/errors.js';
import { AppConfig } from '../../application/ports/app-config.js';
import { FaultClassifier } from '../../application/ports/fault-classifier.js';
import { Logger } from '../../application/ports/logger.js';
import { OriginPolicy } from '../shared/origin-policy.js';
import type { HttpRoutes } from '../shared/http-routes.js';
import { CLIENT_CLOSED_REQUEST, clientWentAway } from '../shared/client-went-away.js';
import { readLimitedBody } from '../shared/read-limited-body.js';
import { guardMessages, jsonRpcErrorBody, MAX_MCP_BODY_BYTES, type GuardedMessages, type JsonRpcId } from './protocol-guard.js';
import { ToolCatalog, type ToolCall } from './tool-catalog.js';
import { createVettedMcpServer } from './vetted-mcp-server.js';
import { MCP_TOOL, type VettedTool } from './vetted-tool.js';

/** The one path the MCP endpoint answers. */
const MCP_PATH = '/mcp';

/**
 * POST /mcp: MCP over Streamable HTTP, stateless and JSON only. Each POST gets a new McpServer and
 * transport (no sessions, no SSE, nothing shared between requests). Before the SDK sees a request
 * this checks the method (405, Allow: POST), the Host and the Origin (403, see OriginPolicy; the
 * CORS middleware answers preflights), the media type (415), the size
 * (413, counted while reading), the JSON (-32700) and the version and batch rules (protocol-guard).
 */
@injectable()
export class McpEndpoint implements HttpRoutes {
  private readonly catalog: ToolCatalog;
  private readonly endpointUrl: string;

  constructor(
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(Logger) private readonly logger: Logger,
    @multiInject(MCP_TOOL) tools: readonly VettedTool[],
    @inject(FaultClassifier) faults: FaultClassifier,
    @inject(OriginPolicy) private readonly origins: OriginPolicy,
    @inject(AdmitRead) private readonly admitRead: AdmitRead,
  ) {
    this.catalog = new ToolCatalog(
      tools,
      (error, call) => logger.error({ reqId: call.requestId, tool: call.tool, err: error }, 'mcp tool failed'),
      (error) => faults.asOutage(error),
    );
    this.endpointUrl = `${config.baseUrl}${MCP_PATH}`;
  }

  /** Routes every method of MCP_PATH here: the endpoint answers the methods it refuses itself. */
  mount(router: Router): void {
    router.all(MCP_PATH, async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      try {
        await this.handle(ctx);
      } catch (error) {
        const reqId = String(ctx.state.requestId ?? '');
        if (clientWentAway(ctx.req, error)) {
          // Nobody is left to answer: no fault of the service, and nothing to send.
          this.logger.debug({ reqId }, 'mcp client went away before its request was read');
          ctx.status = CLIENT_CLOSED_REQUEST;
          return;
        }
        this.logger.error({ reqId, err: error }, 'mcp request failed');
        reply(ctx, 500, -32603, `Internal error; quote request id ${reqId} when reporting it.`);
      }
    });
  }

  private async handle(ctx: Context): Promise<void> {
    if (ctx.method !== 'POST') {
      ctx.set('Allow', 'POST');
      return reply(
        ctx,
        405,
        -32000,
        `Method Not Allowed: ${ctx.method}. This endpoint takes JSON-RPC over POST only; it offers no SSE stream and no sessions.`,
      );
    }
    if (!this.origins.allowsHost(ctx.req.headers.host, ctx.req.socket)) {
      return reply(ctx, 403, -32000, 'Forbidden: this endpoint does not answer requests for this Host (DNS-rebinding protection); see /mcp.md.');
    }
    const origin = ctx.req.headers.origin;
    if (origin !== undefined && !this.origins.allowsOrigin(origin, ctx.req.socket)) {
      return reply(ctx, 403, -32000, 'Forbidden: requests from this Origin are not allowed.');
    }
    if (mediaType(ctx.get('Content-Type')) !== 'application/json') {
      return reply(ctx, 415, -32000, 'Unsupported Media Type: send the JSON-RPC message as application/json.');
    }
    const credentials = { authorization: ctx.req.headers.authorization, clientAddress: ctx.ip };
    let clientId = ctx.ip;
    if (this.admitRead.enabled && credentials.authorization !== undefined) {
      try {
        clientId = (await this.admitRead.run(credentials, false)).caller.subject;
      } catch (error) {
        if (!isAppError(error) || error.code !== 'UNAUTHORIZED') throw error;
        // The MCP authorization rules: a refused token is an HTTP 401 with a Bearer challenge.
        ctx.set('WWW-Authenticate', 'Bearer realm="vetted", error="invalid_token"');
        return reply(ctx, 401, -32001, `Unauthorized: ${error.message}`);
      }
    }
    const body = await readLimitedBody(ctx.req, MAX_MCP_BODY_BYTES);
    if (body.tooLarge) {
      // The client may still be uploading: answer, then close rather than drain the rest.
      ctx.set('Connection', 'close');
      return reply(ctx, 413, -32000, `Payload Too Large: the request body must not exceed ${MAX_MCP_BODY_BYTES} bytes.`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.text);
    } catch {
      return reply(ctx, 400, -32700, 'Parse error: the body is not valid JSON.');
    }
    const guarded = guardMessages(parsed, headerValue(ctx.req.headers['mcp-protocol-version']));
    if (!guarded.ok) return reply(ctx, guarded.refusal.status, guarded.refusal.code, guarded.refusal.message, guarded.refusal.id);
    const countRead = this.admitRead.enabled ? (reads: number) => this.admitRead.runReads(credentials, reads) : undefined;
    await send(ctx, await this.dispatch(ctx, guarded, clientId, countRead), guarded.batch);
  }

  /** Hands the guarded body to a new server and transport, and returns the transport's answer. */
  private async dispatch(ctx: Context, guarded: GuardedMessages, clientId: string, countRead: ToolCall['countRead']): Promise<Response> {
    const call: ToolCall = { version: guarded.version, clientId, requestId: String(ctx.state.requestId ?? ''), countRead };
    const mcp = createVettedMcpServer(this.catalog, call, this.config.baseUrl);
    mcp.server.onerror = (error) => this.logger.debug({ reqId: call.requestId, err: error }, 'mcp protocol error');
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await mcp.connect(transport);
      const headers = new Headers({ accept: ctx.get('Accept'), 'content-type': 'application/json' });
      if (!guarded.initialize) headers.set('mcp-protocol-version', guarded.version);
      return await transport.handleRequest(new Request(this.endpointUrl, { method: 'POST', headers }), { parsedBody: guarded.body });
    } finally {
      await mcp.close();
    }
  }
}

/** Copies the transport's answer into Koa: JSON or an empty 202, never SSE or a session id. */
async function send(ctx: Context, response: Response, batch: boolean): Promise<void> {
  const text = await response.text();
  ctx.status = response.status;
  if (text === '') {
    ctx.body = '';
    ctx.remove('Content-Type');
    return;
  }
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('application/json')) throw new Error(`the MCP transport answered ${type || 'without a Content-Type'}`);
  ctx.type = 'application/json';
  // The SDK answers a batch with a single object when it holds one request; JSON-RPC wants an array.
  ctx.body = batch && response.status === 200 && !text.trimStart().startsWith('[') ? `[${text}]` : text;
}

function reply(ctx: Context, status: number, code: number, message: string, id: JsonRpcId = null): void {
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = jsonRpcErrorBody({ code, message, id });
}

function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}
