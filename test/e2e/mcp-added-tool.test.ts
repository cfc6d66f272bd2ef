import { expect } from 'chai';
import { ContainerModule, inject, injectable } from 'inversify';
import { z } from 'zod';
// Only what the package root exports, as an embedding service imports it.
import { Clock, MCP_TOOL, READS_STORED_DATA, type VettedTool } from '../../src/index.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';

const input = z.strictObject({});
const output = z.object({ now: z.string() });

/** A read-only tool as an embedding service would add one: this class and one binding, nothing else. */
@injectable()
class ServiceTimeTool implements VettedTool<typeof input> {
  readonly name = 'service_time';
  readonly title = 'Tell the service time';
  readonly description = 'The instant the service reads from its clock.';
  readonly input = input;
  readonly output = output;
  readonly hints = READS_STORED_DATA;
  readonly summary = 'The service clock, for agents that check their own.';
  readonly tags = ['time'];
  readonly usage = { arguments: 'none', effect: 'the instant the service reads from its clock.' };

  constructor(@inject(Clock) private readonly clock: Clock) {}

  async run(): Promise<{ now: string }> {
    return { now: this.clock.now().toISOString() };
  }
}

const added = new ContainerModule(({ bind }) => {
  bind<VettedTool>(MCP_TOOL).to(ServiceTimeTool);
});

describe('a read-only MCP tool added as one class and one binding', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService(databaseKinds()[0]!, { API_TIERS: 'on', API_QUOTA_FREE: '2' }, { modules: [added] });
  });
  after(() => t?.stop());

  const rpc = async (method: string, params: object = {}) => {
    const response = await t.get('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    return ((await response.json()) as { result: any }).result;
  };

  it('is listed, carded, documented and named in the server instructions', async () => {
    const tools = (await rpc('tools/list')).tools as { name: string; outputSchema: object }[];
    expect(tools.map((tool) => tool.name)).to.include('service_time');
    const card = (await (await t.get('/.well-known/mcp/server-card.json')).json()) as { tools: { name: string; description: string }[] };
    expect(card.tools.at(-1)).to.deep.equal({
      name: 'service_time',
      title: 'Tell the service time',
      description: 'The service clock, for agents that check their own.',
    });
    const agent = (await (await t.get('/.well-known/agent-card.json')).json()) as { skills: { id: string; tags: string[] }[] };
    expect(agent.skills.at(-1)).to.include({ id: 'service_time' });
    expect(await (await t.get('/mcp.md')).text()).to.contain('| `service_time` | none | the instant the service reads from its clock. |');
    expect(await (await t.get('/api.md')).text()).to.match(/the MCP tools that only read: [^)]*and `service_time`\)/);
    const initialized = await rpc('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } });
    expect(initialized.instructions).to.match(/lookup_entity and service_time read stored data/);
  });

  it('counts against the read quota without being listed anywhere for it: the third call of the day is refused', async () => {
    const call = () => rpc('tools/call', { name: 'service_time', arguments: {} });
    for (const _ of [1, 2]) expect((await call()).isError, 'within the quota').to.equal(undefined);
    const refused = await call();
    expect(refused.isError).to.equal(true);
    expect(refused._meta['vetted/error_code']).to.equal('RATE_LIMITED');
  });
});
