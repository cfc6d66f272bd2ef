import { expect } from 'chai';
import fc from 'fast-check';
import { parseLlmsTxt } from '../../../../../src/domain/scan/parsers/llms-txt.js';

// Shaped like the llmstxt.org example file.
const SAMPLE = `# FastHTML

> FastHTML is a python library which brings together Starlette, Uvicorn, HTMX, and fastcore's \`FT\` "FastTags"
> into a library for creating server-rendered hypermedia applications.

Important notes:

- Although parts of its API are inspired by FastAPI, it is *not* compatible with FastAPI syntax
- FastHTML is compatible with JS-native web components

## Docs

- [FastHTML quick start](https://fastht.ml/docs/tutorials/quickstart_for_web_devs.html.md): A brief overview of many FastHTML features
- [HTMX reference](https://raw.githubusercontent.com/path/reference.md): Brief description of all HTMX attributes

## Examples

* [Todo list application](https://raw.githubusercontent.com/path/adv_app.py)

\`\`\`
# not a heading
## not a section
- [not](a-link)
\`\`\`

## Optional

- [Starlette full documentation](https://gist.githubusercontent.com/path/starlette-sml.md): A subset of the Starlette docs ##
`;

describe('parseLlmsTxt', () => {
  it('reads title, summary, sections and link counts', () => {
    expect(parseLlmsTxt(SAMPLE)).to.deep.equal({
      valid: true,
      title: 'FastHTML',
      summary:
        'FastHTML is a python library which brings together Starlette, Uvicorn, HTMX, and fastcore\'s `FT` "FastTags" into a library for creating server-rendered hypermedia applications.',
      sections: [
        { title: 'Docs', linkCount: 2 },
        { title: 'Examples', linkCount: 1 },
        { title: 'Optional', linkCount: 1 },
      ],
      linkCount: 4,
      hasOptionalSection: true,
      looksLikeHtml: false,
      errors: [],
      warnings: [],
    });
  });

  it('rejects a bare H1 (the format is a title and lists of links) and notes the missing summary', () => {
    const parsed = parseLlmsTxt('# Acme Widgets ##\n');
    expect(parsed).to.include({ valid: false, title: 'Acme Widgets', summary: null, linkCount: 0 });
    expect(parsed.errors).to.deep.equal(['NO_LINKS']);
    expect(parsed.warnings).to.deep.equal(['NO_SUMMARY']);
  });

  it('counts only Markdown links in list items under H2 sections', () => {
    const notLinks =
      '# Acme\n> Widgets.\n\n- [Intro](https://example.com/intro) before any section\n\n## Docs\n- Guide(https://example.com/guide)\n- `/docs/api.md`\nSee [the API](https://example.com/api).\n';
    expect(parseLlmsTxt(notLinks)).to.include({ valid: false, linkCount: 0 });
    expect(parseLlmsTxt(`${notLinks}* [API](/docs/api.md): the reference\n`)).to.include({ valid: true, linkCount: 1 });
  });

  it('is invalid without an H1', () => {
    const parsed = parseLlmsTxt('## Docs\n- [a](https://example.com/a)\n#NoSpaceIsNotAHeading\n');
    expect(parsed).to.include({ valid: false, title: null, linkCount: 1 });
    expect(parsed.errors).to.deep.equal(['NO_H1']);
  });

  it('rejects an H1 that is not first or is repeated, keeping the first as title', () => {
    const parsed = parseLlmsTxt('Intro text\n# Title\n> Summary\n# Another\n## Docs\n- [a](https://example.com/a)\n');
    expect(parsed).to.include({ valid: false, title: 'Title', summary: 'Summary' });
    expect(parsed.errors).to.deep.equal(['H1_NOT_FIRST', 'MULTIPLE_H1']);
    expect(parseLlmsTxt('\n\n# Title\n## Docs\n- [a](https://example.com/a)\n').errors).to.deep.equal([]);
  });

  it('rejects an HTML soft-404 and an empty file', () => {
    const html = parseLlmsTxt('<!DOCTYPE html>\n<html><head><title># Not Found</title></head></html>');
    expect(html).to.include({ valid: false, looksLikeHtml: true, title: null });
    expect(html.errors).to.deep.equal(['HTML']);
    expect(parseLlmsTxt('').errors).to.deep.equal(['EMPTY']);
  });

  it('caps the number of sections but keeps counting links', () => {
    const body = Array.from({ length: 250 }, (_, i) => `## S${i}\n- [x](https://e.com/${i})`).join('\n');
    const parsed = parseLlmsTxt(`# T\n${body}`);
    expect(parsed.sections).to.have.length(200);
    expect(parsed.linkCount).to.equal(250);
    expect(parsed.warnings).to.include('TOO_MANY_SECTIONS');
  });

  it('returns a JSON-serializable value and never throws', () => {
    const parsed = parseLlmsTxt(SAMPLE);
    expect(JSON.parse(JSON.stringify(parsed))).to.deep.equal(parsed);
    fc.assert(
      fc.property(fc.string({ maxLength: 1000 }), (text) => {
        expect(typeof parseLlmsTxt(`# T\n${text}`).valid).to.equal('boolean');
      }),
      { numRuns: 200 },
    );
  });
});
