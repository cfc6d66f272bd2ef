import { expect } from 'chai';
import fc from 'fast-check';
import { parseAgentLinks } from '../../../../../src/domain/scan/parsers/link-header.js';

describe('parseAgentLinks (RFC 8288 Link header)', () => {
  it('finds the relations an agent can follow, and a Markdown alternate', () => {
    const header =
      '</.well-known/api-catalog>; rel="api-catalog", </openapi.json>; rel="service-desc", </docs>; rel="service-doc"; type="text/html", </index.md>; rel=alternate; type="text/markdown"';
    expect(parseAgentLinks(header)).to.deep.equal({
      found: true,
      relations: ['api-catalog', 'service-desc', 'service-doc', 'alternate text/markdown'],
      errors: [],
    });
    expect(parseAgentLinks('</a>; rel="preload describedby"').relations).to.deep.equal(['describedby']);
  });

  it('finds nothing for other relations, and says why it cannot read a header', () => {
    expect(parseAgentLinks('</style.css>; rel=preload; as=style, </fr>; rel=alternate; hreflang=fr')).to.deep.equal({
      found: false,
      relations: [],
      errors: [],
    });
    expect(parseAgentLinks('garbage; rel=api-catalog').errors).to.deep.equal(['UNPARSABLE']);
    expect(parseAgentLinks(`</x>; rel=api-catalog, ${'</y>; rel=preload, '.repeat(2000)}`).errors).to.deep.equal(['TOO_LARGE']);
  });

  it('never throws and returns JSON-serializable results on any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const parsed = parseAgentLinks(text);
        expect(JSON.parse(JSON.stringify(parsed))).to.deep.equal(parsed);
        expect(parsed.relations.length).to.be.at.most(20);
      }),
      { numRuns: 500 },
    );
  });
});
