import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { SERVICE_VERSION } from '../../../src/domain/service-info.js';

describe('service info', () => {
  it('reports the version package.json carries', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    expect(SERVICE_VERSION).to.equal(pkg.version);
  });
});
