import { expect } from 'chai';
import { z } from 'zod';
import { fits } from '../../../src/application/views/schema-kit.js';

interface Shape {
  readonly name: string;
  readonly tags: readonly string[];
  readonly note?: string;
}

describe('fits: a schema tied to the domain type it describes', () => {
  it('compiles for the same shape, and refuses a field on one side only (checked by tsc in npm test)', () => {
    const same = fits<Shape>()(z.object({ name: z.string(), tags: z.array(z.string()).readonly(), note: z.string().optional() }));
    // @ts-expect-error: the schema lacks `tags`
    const missing = fits<Shape>()(z.object({ name: z.string(), note: z.string().optional() }));
    // @ts-expect-error: the schema has a field the domain type does not
    const extra = fits<Shape>()(z.object({ name: z.string(), tags: z.array(z.string()).readonly(), note: z.string().optional(), more: z.number() }));
    expect(same.parse({ name: 'a', tags: [] })).to.deep.equal({ name: 'a', tags: [] });
    expect(missing).to.not.equal(extra);
  });
});
