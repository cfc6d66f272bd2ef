import { expect } from 'chai';
import { lsnValue } from '../../../src/adapters/persistence/public-reads.js';

describe('WAL positions (the read replica gate)', () => {
  it('orders positions by both halves, as PostgreSQL does', () => {
    expect(lsnValue('0/16B3748') < lsnValue('0/16B3750')).to.equal(true);
    expect(lsnValue('0/FFFFFFFF') < lsnValue('1/0')).to.equal(true);
    expect(lsnValue('A/0') > lsnValue('9/FFFFFFFF')).to.equal(true);
    expect(lsnValue('1/10')).to.equal((1n << 32n) + 16n);
  });

  it('refuses anything that is not a position', () => {
    for (const bad of ['', '16B3748', '0/', '/1', 'x/1', '0/123456789', '0/1/2']) expect(() => lsnValue(bad), bad).to.throw(/not a WAL position/);
  });
});
