import { expect } from 'chai';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };

// The counterparty an agent meant (?expected=, MCP check_trust expected): same owner, lookalike or unrelated.
describe('the counterparty an agent meant, over HTTP and MCP', () => {
  const [kind] = databaseKinds();
  let t: TestService;
  before(async () => (t = await startTestService(kind!, { OBSERVE_LIMIT_PER_MINUTE: '0' })));
  after(() => t.stop());

  const verify = async (query: string) => {
    const res = await t.get(`/verify/${query}`);
    return { status: res.status, body: (await res.json()) as any };
  };

  it('answers same_owner for google.de, lookalike for goog1e.com and unrelated for example.org when google.com was meant', async () => {
    const owner = (await verify('google.de?signals=true&expected=google.com')).body.data;
    expect(owner.expected).to.deep.include({ domain: 'google.com', relation: 'same_owner' });
    const typo = (await verify('goog1e.com?expected=google.com')).body.data;
    expect(typo.expected.relation).to.equal('lookalike');
    expect(typo.agent_guidance.action).to.be.oneOf(['FLAG', 'BLOCK']);
    expect(typo.agent_guidance.reason).to.contain('You expected google.com, and goog1e.com imitates it');
    const other = (await verify('example.org?signals=true&expected=google.com')).body.data;
    expect(other.expected.relation).to.equal('unrelated');
    expect(other.agent_guidance.reason).to.contain('nothing ties example.org to it');
    expect((await verify('google.de?signals=true')).body.data).to.not.have.property('expected');
  });

  it('refuses an expected that is no domain, and one asked signed, in the envelope', async () => {
    const bad = await verify('google.de?signals=true&expected=not%20a%20domain');
    expect(bad.status).to.equal(400);
    expect(bad.body.error.code).to.equal('VALIDATION_ERROR');
    expect(bad.body.error.message).to.match(/^expected must be a domain name/);
    const signed = await verify('google.de?format=jws&expected=google.com');
    expect(signed.status).to.equal(400);
    expect(signed.body.error.message).to.contain('expected is not signed');
  });

  it('gives MCP check_trust the same expected part as GET /verify', async () => {
    const res = await t.get('/mcp', {
      method: 'POST',
      headers: MCP_HEADERS,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'check_trust', arguments: { domain: 'goog1e.com', expected: 'google.com' } },
      }),
    });
    const result = ((await res.json()) as any).result;
    const http = (await verify('goog1e.com?signals=true&expected=google.com')).body.data;
    expect(result.structuredContent.expected).to.deep.equal(http.expected);
  });
});
