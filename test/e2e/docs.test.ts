import { expect } from 'chai';
import { parse as parseYaml } from 'yaml';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('the documentation paths of the contract', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService(databaseKinds()[0]!, { BASE_URL: 'https://vetted.example.org' });
  });
  after(() => t.stop());

  it('serves every document as Markdown with absolute links from BASE_URL', async () => {
    for (const path of ['/developers.md', '/api.md', '/integration.md', '/verify.md', '/changelog.md', '/docs', '/agents.md', '/mcp.md', '/methodology.md']) {
      const res = await t.get(path);
      expect(res.status, path).to.equal(200);
      expect(res.headers.get('content-type'), path).to.equal('text/markdown; charset=utf-8');
      const text = await res.text();
      expect(text, path).to.match(/^(---\n)?#? ?\S/);
      if (path !== '/changelog.md' && path !== '/methodology.md') expect(text, path).to.contain('https://vetted.example.org/');
    }
  });

  it('gives /agents.md a YAML front matter that names it an agent manifest', async () => {
    const text = await (await t.get('/agents.md')).text();
    const front = parseYaml(/^---\n([\s\S]*?)\n---\n/.exec(text)![1]!);
    expect(front).to.include({ type: 'agent_manifest', name: 'Vetted', authentication: 'none' });
    expect(front.mcp.endpoint).to.equal('https://vetted.example.org/mcp');
  });
});
