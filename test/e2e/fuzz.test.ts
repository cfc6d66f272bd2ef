import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { expect } from 'chai';
import fc from 'fast-check';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';

// Property-based requests at every endpoint: whatever arrives, the answer is never a 5xx, every JSON
// answer is the envelope (or JSON-RPC on /mcp), and no message repeats more than 200 characters of
// what was sent. Scans resolve through a local DNS server that knows no name, so nothing leaves.
// Checked to fail with the 404 message allowed 400 characters of the path (a 300-character segment).
const HTTP_RUNS = 1500;
const MCP_RUNS = 500;
const ECHO_LIMIT = 200;

const segment = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('example.com', 'ent_nothere', 'rpt_x', '..', '%00', 'a'.repeat(300), 'xn--pple-43d.com', '127.0.0.1'),
);
const templates = [
  '/verify/:x',
  '/lookup/:x',
  '/reports/:x',
  '/reports/:x/evidence/:x',
  '/api/scans/:x',
  '/scans/:x',
  '/confirm/:x',
  '/status',
  '/status/ready',
  '/api/scan',
  '/register',
  '/',
  '/mcp',
  '/docs',
  '/api.md',
  '/.well-known/jwks.json',
  '/metrics',
  '/:x',
];
const path = fc.tuple(fc.constantFrom(...templates), fc.array(segment, { minLength: 3, maxLength: 3 })).map(([template, parts]) => {
  let i = 0;
  return template.replace(/:x/g, () => encodeURIComponent(parts[i++]!));
});
const query = fc.option(
  fc.dictionary(fc.constantFrom('signals', 'external', 'cursor', 'x', ''), fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('true', 'false', '1', '0'))),
  { nil: undefined },
);
const contentType = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/merge-patch+json',
  '',
);
const longText = fc.string({ minLength: ECHO_LIMIT + 1, maxLength: 400 }).map((s) => `Q${s}`);
const body = fc.option(
  fc.oneof(
    fc.json(),
    fc.string({ maxLength: 100 }),
    longText,
    fc
      .record({
        domain: fc.oneof(segment, longText),
        entity_name: fc.option(fc.oneof(fc.string(), longText)),
        contact_email: fc.option(fc.string()),
        website: fc.option(fc.string()),
      })
      .map((o) => JSON.stringify(o)),
  ),
  { nil: undefined },
);
const request = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'HEAD'),
  path,
  query,
  contentType,
  accept: fc.constantFrom(undefined, 'application/json', 'text/html', 'text/markdown', '*/*', 'application/json, text/event-stream'),
  requestId: fc.option(fc.oneof(fc.string({ maxLength: 80 }), longText), { nil: undefined }),
  body,
});

const tool = fc.constantFrom('verify_domain', 'check_trust', 'lookup_entity', 'get_report', 'scan_domain', 'nope');
const mcpMessage = fc.oneof(
  fc.record({
    jsonrpc: fc.constantFrom('2.0', '1.0'),
    id: fc.oneof(fc.integer(), fc.string({ maxLength: 10 })),
    method: fc.constantFrom('tools/call', 'tools/list', 'initialize', 'ping', 'x'),
    params: fc.oneof(
      fc.record({
        name: tool,
        arguments: fc.dictionary(fc.constantFrom('domain', 'report_id', 'id', 'external', 'x'), fc.oneof(segment, longText, fc.boolean(), fc.integer())),
      }),
      fc.jsonValue(),
    ),
  }),
  fc.jsonValue(),
);

/** Every string of `value` longer than the echo limit. */
function longStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string' && value.length > ECHO_LIMIT) out.push(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) longStrings(v, out);
  return out;
}

function echoes(text: string, sent: readonly string[]): boolean {
  return sent.some((s) => {
    for (let at = 0; at + ECHO_LIMIT < s.length; at += 25) if (text.includes(s.slice(at, at + ECHO_LIMIT + 1))) return true;
    return false;
  });
}

const [kind] = databaseKinds();
describe('fuzzing every endpoint with property-based requests', function () {
  this.timeout(180_000);
  let t: TestService;
  let dns: TestDnsServer;
  before(async () => {
    dns = await startDnsServer();
    t = await startTestService(kind!, { DNS_SERVERS: dns.address, RDAP_BASE_URL: 'https://rdap.example.net/' });
  });
  after(async () => {
    await t.stop();
    await dns.close();
  });

  it(`answers ${HTTP_RUNS} arbitrary HTTP requests without a 5xx, in the envelope, echoing at most ${ECHO_LIMIT} characters`, async () => {
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const search = r.query ? `?${new URLSearchParams(r.query)}` : '';
        const headers: Record<string, string> = {};
        if (r.contentType !== undefined) headers['content-type'] = r.contentType;
        if (r.accept !== undefined) headers.accept = r.accept;
        if (r.requestId !== undefined) headers['x-request-id'] = r.requestId.replace(/[^\x20-\x7e]/g, '');
        const withBody = r.body !== undefined && r.method !== 'GET' && r.method !== 'HEAD';
        const res = await t.get(`${r.path}${search}`, { method: r.method, headers, body: withBody ? r.body : undefined, redirect: 'manual' });
        const text = await res.text();
        expect(res.status, `${r.method} ${r.path}`).to.be.below(500);
        const type = res.headers.get('content-type') ?? '';
        if (type.startsWith('application/json') && r.method !== 'HEAD' && !r.path.startsWith('/mcp')) {
          const parsed = JSON.parse(text) as { success?: unknown; error?: { code?: unknown; message?: unknown } };
          expect(typeof parsed.success, `${r.method} ${r.path}: ${text.slice(0, 100)}`).to.equal('boolean');
          if (parsed.success === false)
            expect(parsed.error).to.have.keys(['code', 'message'].concat(Object.keys(parsed.error ?? {}).filter((k) => k !== 'code' && k !== 'message')));
        }
        const sent = longStrings([r.path, r.query, r.requestId, r.body, r.body ? safeJson(r.body) : undefined]).map((s) => decodeURIComponentSafe(s));
        expect(echoes(text, sent), `${r.method} ${r.path} echoed its input`).to.equal(false);
      }),
      { numRuns: HTTP_RUNS },
    );
  });

  it(`answers ${MCP_RUNS} arbitrary MCP messages with JSON-RPC or the envelope, never a 5xx`, async () => {
    await fc.assert(
      fc.asyncProperty(mcpMessage, fc.constantFrom('2025-06-18', '2025-03-26', 'bogus', undefined), async (message, version) => {
        const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
        if (version) headers['mcp-protocol-version'] = version;
        const res = await t.get('/mcp', { method: 'POST', headers, body: JSON.stringify(message) });
        const text = await res.text();
        expect(res.status).to.be.below(500);
        if ((res.headers.get('content-type') ?? '').startsWith('application/json') && text !== '') {
          const parsed = JSON.parse(text) as { jsonrpc?: unknown; success?: unknown };
          expect(parsed.jsonrpc === '2.0' || parsed.success === false, text.slice(0, 120)).to.equal(true);
        }
        expect(echoes(text, longStrings(message)), 'echoed its input').to.equal(false);
      }),
      { numRuns: MCP_RUNS },
    );
  });

  it('answers a tools/call whose params or arguments are of any JSON type with -32602 in words or a result, never -32603', async () => {
    await fc.assert(
      fc.asyncProperty(
        tool,
        fc.jsonValue(),
        fc.boolean(),
        fc.constantFrom('2025-11-25', '2025-06-18', '2025-03-26'),
        async (name, value, asParams, version) => {
          const params = asParams ? value : { name, arguments: value };
          const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': version };
          const res = await t.get('/mcp', { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params }) });
          expect(res.status).to.be.below(500);
          const answer = (await res.json()) as { error?: { code: number; message: string }; result?: unknown };
          if (answer.error) {
            // Params that are no object at all make no JSON-RPC request (-32600); any other refusal is -32602.
            const params = asParams && (value === null || typeof value !== 'object' || Array.isArray(value)) ? -32600 : -32602;
            expect(answer.error.code, answer.error.message).to.be.oneOf([params, -32602]);
            expect(answer.error.message).to.match(/^(Invalid params|Invalid Request|Unknown tool|Invalid arguments)/);
            // A raw validation dump carries each issue's "code" and "expected"; an echoed argument name may hold any characters.
            expect(answer.error.message, 'no schema dump').not.to.match(/"code"\s*:|"expected"\s*:/);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never writes a confirmation token to the log, however the link is spelled', async () => {
    const planted: string[] = [];
    await fc.assert(
      fc.asyncProperty(confirmPath, fc.constantFrom('GET', 'HEAD', 'POST', 'OPTIONS'), async ({ word, lead, sep, tail }, method) => {
        const token = `tok${randomBytes(12).toString('hex')}`;
        planted.push(token);
        const res = await t.get(`${lead}${word}${sep}${token}${tail}`, { method, redirect: 'manual' });
        expect(res.status).to.be.below(500);
        await res.arrayBuffer();
      }),
      { numRuns: 200 },
    );
    await new Promise((r) => setTimeout(r, 300));
    const log = JSON.stringify(t.logs);
    expect(planted.filter((token) => log.includes(token))).to.deep.equal([]);
  });

  it('closes CONNECT requests with bodies of any size, and hang-ups in the middle of a body, without a leak or an error', async () => {
    const descriptors = () => readdirSync('/proc/self/fd').length;
    const before = descriptors();
    const errorsBefore = t.logs.filter((l) => (l.level as number) >= 50).length;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 128 * 1024 }), async (size) => {
        const { text, closedByServer } = await rawExchange(
          t.url,
          `CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\nContent-Length: ${size}\r\n\r\n${'x'.repeat(size)}`,
        );
        expect(closedByServer).to.equal(true);
        expect(text).to.match(/^HTTP\/1\.1 405 /);
      }),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/mcp', '/register', '/api/scan', '/watches'), fc.integer({ min: 0, max: 2000 }), async (path, sent) => {
        const head = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 4000\r\n\r\n`;
        await rawExchange(t.url, `${head}{"jsonrpc":"2.0","x":"${'y'.repeat(sent)}`, 30);
      }),
      { numRuns: 40 },
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(descriptors()).to.be.at.most(before + 2);
    const errors = t.logs.filter((l) => (l.level as number) >= 50).slice(errorsBefore);
    expect(errors, 'nothing logged at error level').to.deep.equal([]);
    expect(
      t.logs.filter((l) => l.msg === 'request' && l.status === 500),
      'no hang-up counted as a 500',
    ).to.deep.equal([]);
  });
});

/** `word` with each letter in a random case and, now and then, percent-encoded. */
const spelled = (word: string) =>
  fc
    .array(fc.tuple(fc.boolean(), fc.boolean()), { minLength: word.length, maxLength: word.length })
    .map((flags) =>
      [...word].map((ch, i) => (flags[i]![1] ? `%${ch.charCodeAt(0).toString(16).toUpperCase()}` : flags[i]![0] ? ch.toUpperCase() : ch)).join(''),
    );
/** A path to a confirmation link as a client may spell it: any case, encoded letters or slashes, doubled or trailing slashes. */
const confirmPath = fc
  .tuple(
    spelled('confirm'),
    fc.constantFrom('/', '//', '/%2F', '/%2f', '/%252F'),
    fc.constantFrom('/', '%2F', '%2f', '//', '%252F'),
    fc.constantFrom('', '/', '?x=1', '/extra'),
  )
  .map(([word, lead, sep, tail]) => ({ word, lead, sep, tail }));

/** Sends `bytes` on a new connection and resolves when the server closes it (or after 5 s). */
function rawExchange(url: string, bytes: string | Buffer, hangUpAfterMs?: number): Promise<{ text: string; closedByServer: boolean }> {
  const { port } = new URL(url);
  return new Promise((resolve) => {
    let text = '';
    let done = false;
    const finish = (closedByServer: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closedByServer });
    };
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(bytes);
      if (hangUpAfterMs !== undefined) setTimeout(() => finish(false), hangUpAfterMs);
    });
    const timer = setTimeout(() => finish(false), 5000);
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => finish(true));
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
