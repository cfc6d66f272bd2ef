import { expect } from 'chai';
import { z } from 'zod';
import { READS_STORED_DATA } from '../../../src/adapters/mcp/tools/tool-args.js';
import type { VettedTool } from '../../../src/adapters/mcp/vetted-tool.js';

const input = z.object({});
const output = z.object({ ok: z.boolean() });
const about = { title: 't', description: 'd', input, output, hints: READS_STORED_DATA, summary: 's', tags: [], usage: { arguments: 'none', effect: 'e' } };

// A tool's run() is typed by its output schema: an answer of another shape fails `npm run
// typecheck` (part of npm test) before the catalog's run-time check could refuse it.
describe("an MCP tool's answer, typed by its output schema", () => {
  it('compiles an answer of the schema, and refuses one of another shape', async () => {
    const fits: VettedTool<typeof input, typeof output> = { name: 'fits', ...about, run: async () => ({ ok: true }) };
    const wrong: VettedTool<typeof input, typeof output> = {
      name: 'wrong',
      ...about,
      // @ts-expect-error: ok is a boolean in the output schema.
      run: async () => ({ ok: 'yes' }),
    };
    expect(await fits.run({}, { clientId: 'c' })).to.deep.equal({ ok: true });
    expect(wrong.name).to.equal('wrong');
  });
});
