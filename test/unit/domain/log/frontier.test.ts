import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { appendToFrontier, EMPTY_FRONTIER, frontierRoot, isFrontierShape, type Frontier } from '../../../../src/domain/log/frontier.js';
import { leafHash, rootOfLeaves } from '../../../../src/domain/log/merkle.js';

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());

describe('the frontier of a Merkle tree', () => {
  it('gives the RFC 6962 root of every tree of 0 to 600 leaves, as the leaves themselves do, keeping one hash per set bit', () => {
    let frontier: Frontier = EMPTY_FRONTIER;
    const leaves: Uint8Array[] = [];
    for (let n = 0; n <= 600; n++) {
      expect(Buffer.from(frontierRoot(sha256, frontier)).toString('hex'), `size ${n}`).to.equal(Buffer.from(rootOfLeaves(sha256, leaves)).toString('hex'));
      expect(isFrontierShape(n, frontier.hashes)).to.equal(true);
      const entry = new TextEncoder().encode(`entry ${n}`);
      leaves.push(leafHash(sha256, entry));
      frontier = appendToFrontier(sha256, frontier, leaves[n]!);
    }
  });

  it('refuses a frontier of the wrong shape', () => {
    expect(isFrontierShape(5, [new Uint8Array(32)])).to.equal(false);
    expect(isFrontierShape(5, [new Uint8Array(32), new Uint8Array(31)])).to.equal(false);
    expect(isFrontierShape(-1, [])).to.equal(false);
    expect(isFrontierShape(0, [])).to.equal(true);
  });
});
