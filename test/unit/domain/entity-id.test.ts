import { expect } from 'chai';
import { entitySlug, formatEntityId, isEntityId } from '../../../src/domain/entity-id.js';

describe('entity ids', () => {
  it('slugs names to lower-case ASCII letters, transliterating accents and dropping digits', () => {
    expect(entitySlug('Example')).to.equal('example');
    expect(entitySlug('Example Corp, Inc.')).to.equal('examplecorpinc');
    expect(entitySlug('Café Müller')).to.equal('cafemuller');
    expect(entitySlug('3M')).to.equal('m');
    expect(entitySlug('株式会社')).to.equal('entity');
    expect(entitySlug('a'.repeat(50))).to.have.length(32);
  });

  it('formats ent_{name}{number} with at least three digits', () => {
    expect(formatEntityId('example', 1)).to.equal('ent_example001');
    expect(formatEntityId('example', 1234)).to.equal('ent_example1234');
    expect(() => formatEntityId('example', 0)).to.throw();
  });

  it('recognizes the id shape', () => {
    expect(isEntityId('ent_example001')).to.equal(true);
    expect(isEntityId('ent_example1')).to.equal(false);
    expect(isEntityId('ent_Example001')).to.equal(false);
    expect(isEntityId('example001')).to.equal(false);
    expect(isEntityId("ent_x001' OR 1=1")).to.equal(false);
  });
});
