import type { Context, Middleware } from 'koa';
import { failureBody } from '../envelope.js';
import type { OriginPolicy } from '../../shared/origin-policy.js';

/** How a path is shared with web pages of other origins. */
type Sharing = 'public' | 'write' | 'mcp' | 'private';

/** Response headers a page may read besides the safelisted ones. */
const EXPOSED = 'Age, Retry-After, X-Request-Id';
/** With request-rate tiers on, also the quota's headers and the challenge of a refused key. */
const TIERED_EXPOSED = 'Age, RateLimit, RateLimit-Policy, Retry-After, WWW-Authenticate, X-Request-Id';
/** How long a browser may keep a preflight's answer (Chromium keeps at most 2 hours). */
const MAX_AGE = '7200';
/** The request headers reads and writes take from a page. */
const PAGE_HEADERS = 'Accept, Content-Type, X-Request-Id';
/** With request-rate tiers on, a page may also send an API key to a public read. */
const TIERED_PAGE_HEADERS = 'Accept, Authorization, Content-Type, X-Request-Id';
/** The request headers MCP clients send. */
const MCP_HEADERS = 'Accept, Authorization, Content-Type, MCP-Protocol-Version, X-Request-Id';

/** The CORS headers of a public read, for answers written before Koa (repeated verify answers). */
export const PUBLIC_READ_CORS: ReadonlyArray<readonly [string, string]> = [
  ['Access-Control-Allow-Origin', '*'],
  ['Access-Control-Expose-Headers', EXPOSED],
];
/** The same with request-rate tiers on (API_TIERS=on). */
export const TIERED_READ_CORS: ReadonlyArray<readonly [string, string]> = [
  ['Access-Control-Allow-Origin', '*'],
  ['Access-Control-Expose-Headers', TIERED_EXPOSED],
];

const WRITES = new Set(['/register', '/api/scan']);

function sharingOf(rawPath: string): Sharing {
  // The router matches paths whatever their case and with a trailing slash: so must the rule.
  const path = rawPath.length > 1 ? rawPath.toLowerCase().replace(/\/+$/, '') : rawPath;
  if (path === '/mcp') return 'mcp';
  // A watch is managed with its bearer token: only allowed origins may carry one from a browser.
  if (WRITES.has(path) || path === '/watches' || path.startsWith('/watches/')) return 'write';
  if (path === '/metrics' || path.startsWith('/confirm/') || path.startsWith('/registrations/')) return 'private';
  return 'public';
}

/**
 * CORS, by path:
 * - public reads (everything not named below: /verify, /lookup, /status, /reports, the
 *   well-known files, the documents): `Access-Control-Allow-Origin: *`, never credentials, with
 *   Age, Retry-After and X-Request-Id readable; a preflight is answered 204 for GET and HEAD.
 * - writes (POST /register, POST /api/scan, the /watches routes) and POST /mcp: only the origins OriginPolicy allows,
 *   echoed with `Vary: Origin`; a preflight from another origin is refused 403 FORBIDDEN, and so is
 *   a write a browser sends from one (MCP refuses it itself, in JSON-RPC). A request without
 *   Origin (not from a browser) is not concerned.
 * - /metrics, /confirm/{token} and the registration pages: no CORS at all, so no page elsewhere can read them.
 * With `tiers` (API_TIERS=on) a public read may carry Authorization (an API key), and RateLimit,
 * RateLimit-Policy and WWW-Authenticate are readable too.
 */
export function cors(policy: OriginPolicy, tiers = false): Middleware {
  const publicRead = tiers ? TIERED_READ_CORS : PUBLIC_READ_CORS;
  const pageHeaders = tiers ? TIERED_PAGE_HEADERS : PAGE_HEADERS;
  const exposed = tiers ? TIERED_EXPOSED : EXPOSED;
  return async (ctx, next) => {
    const sharing = sharingOf(ctx.path);
    if (sharing === 'private') return next();
    const origin = ctx.get('Origin');
    const preflight = ctx.method === 'OPTIONS' && origin !== '' && ctx.get('Access-Control-Request-Method') !== '';
    if (sharing === 'public') {
      for (const [name, value] of publicRead) ctx.set(name, value);
      if (preflight) return allowPreflight(ctx, 'GET, HEAD', pageHeaders);
      return next();
    }
    if (origin === '') return next();
    ctx.vary('Origin');
    if (!policy.allowsOrigin(origin, ctx.req.socket)) {
      if (preflight || sharing === 'write') return refuse(ctx, origin);
      return next();
    }
    ctx.set('Access-Control-Allow-Origin', origin);
    ctx.set('Access-Control-Expose-Headers', exposed);
    if (preflight && ctx.path.toLowerCase().startsWith('/watches')) return allowPreflight(ctx, 'GET, POST, DELETE', MCP_HEADERS);
    if (preflight) return allowPreflight(ctx, 'POST', sharing === 'mcp' ? MCP_HEADERS : pageHeaders);
    return next();
  };
}

function allowPreflight(ctx: Context, methods: string, headers: string): void {
  ctx.status = 204;
  ctx.set('Access-Control-Allow-Methods', methods);
  ctx.set('Access-Control-Allow-Headers', headers);
  ctx.set('Access-Control-Max-Age', MAX_AGE);
  ctx.set('Cache-Control', 'no-store');
  (ctx as { _matchedRoute?: string })._matchedRoute = 'preflight';
}

function refuse(ctx: Context, origin: string): void {
  ctx.status = 403;
  ctx.set('Cache-Control', 'no-store');
  const method = ctx.method === 'OPTIONS' ? printable(ctx.get('Access-Control-Request-Method'), 20) : ctx.method;
  ctx.body = failureBody(
    'FORBIDDEN',
    `Pages from ${printable(origin, 100)} may not call ${method} ${printable(ctx.path, 100)}: only this service's own origin and the operator's allowed origins may.`,
  );
}

function printable(text: string, max: number): string {
  return text.replace(/[^\x20-\x7e]/g, '?').slice(0, max);
}
