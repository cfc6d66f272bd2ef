import { expect } from 'chai';
import { BatchGate } from '../../../src/adapters/persistence/batch-gate.js';

describe('BatchGate', () => {
  it('sends batches at once up to its limit, then one as each comes back, in order', async () => {
    const gate = new BatchGate(2);
    const sent: string[] = [];
    const finish: Record<string, () => void> = {};
    const batch = (name: string) =>
      gate.schedule(() => {
        sent.push(name);
        void gate.run(() => new Promise<void>((resolve) => (finish[name] = resolve)));
      });
    batch('a');
    batch('b');
    batch('c');
    batch('d');
    await Promise.resolve();
    expect(sent).to.deep.equal(['a', 'b']);
    finish.b!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).to.deep.equal(['a', 'b', 'c']);
    finish.a!();
    finish.c!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).to.deep.equal(['a', 'b', 'c', 'd']);
    finish.d!();
    await new Promise((resolve) => setImmediate(resolve));
    batch('e');
    await Promise.resolve();
    expect(sent, 'nothing out: sent at once').to.deep.equal(['a', 'b', 'c', 'd', 'e']);
  });

  it('lets the next batch go when a read fails', async () => {
    const gate = new BatchGate(1);
    const sent: string[] = [];
    gate.schedule(() => void gate.run(() => Promise.reject(new Error('down'))).catch(() => sent.push('a failed')));
    gate.schedule(() => sent.push('b'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).to.have.members(['a failed', 'b']);
  });
});
