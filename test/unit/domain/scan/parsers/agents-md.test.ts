import { expect } from 'chai';
import fc from 'fast-check';
import { parseAgentsMd } from '../../../../../src/domain/scan/parsers/agents-md.js';

// Shaped like a site's agent manifest with front-matter.
const MANIFEST = `---
type: agent_manifest
name: Acme Shop
version: 1
endpoints:
  mcp: https://acme.example/mcp
---

# Acme Shop for agents

Agents may browse the catalogue and place orders through the MCP endpoint.

## Authentication

\`\`\`
# not a heading
\`\`\`
`;

describe('parseAgentsMd', () => {
  it('reads front-matter type, keys and title', () => {
    expect(parseAgentsMd(MANIFEST)).to.deep.equal({
      valid: true,
      title: 'Acme Shop',
      hasFrontMatter: true,
      frontMatterValid: true,
      frontMatterType: 'agent_manifest',
      frontMatterKeys: ['type', 'name', 'version', 'endpoints'],
      headingCount: 2,
      looksLikeHtml: false,
      errors: [],
      warnings: [],
    });
  });

  it('takes the title from the first H1 of plain Markdown', () => {
    const parsed = parseAgentsMd('<div align="center"><img src="logo.png"></div>\n\n# AGENTS.md\n\n## Setup commands\n- `pnpm install`\n');
    expect(parsed).to.include({ valid: true, title: 'AGENTS.md', hasFrontMatter: false, frontMatterValid: null, frontMatterType: null, headingCount: 2 });
  });

  it('keeps reading the Markdown when front-matter is broken', () => {
    const parsed = parseAgentsMd('---\ntype: [unclosed\n---\n# Still here\n');
    expect(parsed).to.include({ valid: true, hasFrontMatter: true, frontMatterValid: false, title: 'Still here' });
    expect(parsed.warnings).to.deep.equal(['FRONT_MATTER_INVALID']);
  });

  it('flags front-matter that is not a mapping or never closes', () => {
    expect(parseAgentsMd('---\n- a\n- b\n---\n# T\n').warnings).to.deep.equal(['FRONT_MATTER_NOT_A_MAPPING']);
    const unclosed = parseAgentsMd('---\ntype: x\n# T\n');
    expect(unclosed).to.include({ hasFrontMatter: true, frontMatterValid: false });
    expect(unclosed.warnings).to.deep.equal(['FRONT_MATTER_UNCLOSED']);
  });

  it('refuses an alias bomb and oversized front-matter', () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...Array.from({ length: 9 }, (_, i) => {
        const prev = String.fromCharCode(97 + i);
        const name = String.fromCharCode(98 + i);
        return `${name}: &${name} [*${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}]`;
      }),
    ].join('\n');
    expect(parseAgentsMd(`---\n${bomb}\n---\n# T\n`).warnings).to.deep.equal(['FRONT_MATTER_INVALID']);
    expect(parseAgentsMd(`---\nnote: ${'x'.repeat(40_000)}\n---\n# T\n`).warnings).to.deep.equal(['FRONT_MATTER_TOO_LARGE']);
  });

  it('is invalid for an HTML soft-404 or an empty file', () => {
    const html = parseAgentsMd('<!doctype html>\n<html><body><h1>Welcome</h1></body></html>');
    expect(html).to.include({ valid: false, looksLikeHtml: true, title: null });
    expect(html.errors).to.deep.equal(['HTML']);
    expect(parseAgentsMd('   ').errors).to.deep.equal(['EMPTY']);
  });

  it('warns when Markdown has no heading', () => {
    expect(parseAgentsMd('Just a paragraph.').warnings).to.deep.equal(['NO_HEADING']);
  });

  it('returns a JSON-serializable value and never throws', () => {
    const parsed = parseAgentsMd(MANIFEST);
    expect(JSON.parse(JSON.stringify(parsed))).to.deep.equal(parsed);
    fc.assert(
      fc.property(fc.string({ maxLength: 500 }), (text) => {
        expect(typeof parseAgentsMd(`---\n${text}\n---\n`).valid).to.equal('boolean');
      }),
      { numRuns: 200 },
    );
  });
});
