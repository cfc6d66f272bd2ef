import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';

// The official MCP conformance runner (@modelcontextprotocol/conformance) needs Node 22 or newer.
// It is not a dependency: it runs when present (installed beside the project, or named by
// MCP_CONFORMANCE_BIN), and is skipped with one printed line otherwise.
const SCENARIOS = ['initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];

function runnerPath(): string | undefined {
  if (process.env.MCP_CONFORMANCE_BIN) return process.env.MCP_CONFORMANCE_BIN;
  try {
    const manifest = createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json');
    const bin = join(dirname(manifest), 'dist', 'index.js');
    return existsSync(bin) ? bin : undefined;
  } catch {
    return undefined;
  }
}

describe('the official MCP conformance runner, server scenarios', function () {
  this.timeout(120_000);
  const major = Number(process.versions.node.split('.')[0]);
  const runner = major >= 22 ? runnerPath() : undefined;
  let t: TestService;

  before(async function () {
    if (!runner) {
      console.log(
        `  (MCP conformance runner skipped: ${major < 22 ? `it needs Node 22 or newer, this is Node ${process.versions.node}` : 'not installed; set MCP_CONFORMANCE_BIN or install @modelcontextprotocol/conformance'})`,
      );
      return this.skip();
    }
    t = await startTestService(databaseKinds()[0]!);
  });
  after(() => t?.stop());

  for (const scenario of SCENARIOS) {
    for (const host of ['127.0.0.1', 'localhost']) {
      it(`passes ${scenario} at http://${host}:PORT/mcp`, async () => {
        const url = `http://${host}:${new URL(t.url).port}/mcp`;
        const { stdout } = await promisify(execFile)(process.execPath, [runner!, 'server', '--url', url, '--scenario', scenario], { timeout: 60_000 });
        expect(stdout).to.not.match(/\bFAIL/);
      });
    }
  }
});
