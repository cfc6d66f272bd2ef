import { expect } from 'chai';
import { z } from 'zod';
import { ToolCatalog } from '../../../src/adapters/mcp/tool-catalog.js';
import { READS_STORED_DATA } from '../../../src/adapters/mcp/tools/tool-args.js';
import type { ToolHints, VettedTool } from '../../../src/adapters/mcp/vetted-tool.js';
import { AppError } from '../../../src/application/errors.js';

// A new tool is one class and one binding: whether its calls count against the read quota follows
// from the readOnlyHint every tool must state, so no list elsewhere can forget it.
function tool(name: string, hints: ToolHints): VettedTool {
  return {
    name,
    title: name,
    description: name,
    input: z.object({}),
    output: z.object({ ok: z.boolean() }),
    hints,
    summary: name,
    tags: [],
    usage: { arguments: 'none', effect: name },
    run: async () => ({ ok: true }),
  };
}

describe('the MCP read quota', () => {
  const catalog = new ToolCatalog(
    [tool('read_something', READS_STORED_DATA), tool('do_something', { ...READS_STORED_DATA, readOnlyHint: false })],
    () => undefined,
  );

  it('counts each call of a read-only tool once, before it runs, and none of another tool', async () => {
    for (const [name, expected] of [
      ['read_something', 1],
      ['do_something', 0],
    ] as const) {
      let counted = 0;
      const result = await catalog.call(
        name,
        {},
        { version: '2025-06-18', requestId: 'r', clientId: 'c', countRead: (reads) => ({ admitted: (counted += reads) }) },
      );
      expect(result.isError, name).to.not.equal(true);
      expect(counted, name).to.equal(expected);
    }
  });

  it('answers a spent quota as the tool result, without running the tool', async () => {
    let ran = false;
    const guarded = new ToolCatalog([{ ...tool('read_it', READS_STORED_DATA), run: async () => ((ran = true), { ok: true }) }], () => undefined);
    const spent = () => {
      throw new AppError('RATE_LIMITED', 'The daily quota is used up.', { retryAfterSeconds: 60, limit: 'daily_quota' });
    };
    const result = await guarded.call('read_it', {}, { version: '2025-06-18', requestId: 'r', clientId: 'c', countRead: spent });
    expect(result.isError).to.equal(true);
    expect(ran).to.equal(false);
  });

  it('names the read-only tools when scans are refused', () => {
    expect(catalog.readOnlyTools).to.deep.equal(['read_something']);
  });
});
