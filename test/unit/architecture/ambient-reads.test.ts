import { expect } from 'chai';
import { useFakeTree } from './fake-tree.js';

const clock = (layer: string) => `src/${layer} reads no clock: the time comes from the Clock port (or is passed in)`;
const randomness = (layer: string) => `src/${layer} draws no randomness: it comes from the RandomTokens port (or is passed in)`;
const timer = (layer: string) => `src/${layer} starts no timer: waits and deadlines come from the Timers port`;

describe('the clock, randomness and timer rule', () => {
  const { file, found } = useFakeTree();

  it('fails src/domain and src/application reading the clock, randomness or a timer themselves', () => {
    file('src/domain/stamp.ts', 'export const at = Date.now();\nexport const today = new Date();\nexport const also = new Date;\nexport const text = Date();');
    file('src/domain/dice.ts', 'export const roll = () => Math.random();\nexport const id = crypto.randomUUID();');
    file(
      'src/application/wait.ts',
      [
        'export async function wait(ms: number): Promise<void> {',
        '  await new Promise((resolve) => setTimeout(resolve, ms));',
        '  const tick = setInterval(() => undefined, ms);',
        '  const signal = AbortSignal.timeout(ms);',
        '  globalThis.setImmediate(() => undefined);',
        '  return void [tick, signal, performance.now(), globalThis.Date.now()];',
        '}',
      ].join('\n'),
    );
    expect(found()).to.have.members([
      `src/domain/stamp.ts:1 -> Date.now: ${clock('domain')}`,
      `src/domain/stamp.ts:2 -> new Date(): ${clock('domain')}`,
      `src/domain/stamp.ts:3 -> new Date(): ${clock('domain')}`,
      `src/domain/stamp.ts:4 -> Date(): ${clock('domain')}`,
      `src/domain/dice.ts:1 -> Math.random: ${randomness('domain')}`,
      `src/domain/dice.ts:2 -> crypto.randomUUID: ${randomness('domain')}`,
      `src/application/wait.ts:2 -> setTimeout: ${timer('application')}`,
      `src/application/wait.ts:3 -> setInterval: ${timer('application')}`,
      `src/application/wait.ts:4 -> AbortSignal.timeout: ${timer('application')}`,
      `src/application/wait.ts:5 -> setImmediate: ${timer('application')}`,
      `src/application/wait.ts:6 -> performance.now: ${clock('application')}`,
      `src/application/wait.ts:6 -> Date.now: ${clock('application')}`,
    ]);
  });

  it('is not fooled by comments, strings, types, member names or dates built from a value', () => {
    file(
      'src/domain/quiet.ts',
      [
        '// Date.now() and Math.random() are read by adapters; setTimeout too.',
        '/* new Date() */',
        "export const text = 'Date.now() Math.random() setTimeout(f, 1) new Date()';",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: source text for the checker, a template on purpose
        'export const template = `new Date() at ${1 + 1}, setInterval`;',
        'export type Timer = ReturnType<typeof setTimeout>;',
        'export const parsed = new Date("2026-01-01T00:00:00Z");',
        'export const later = (at: Date) => new Date(at.getTime() + 1000);',
        'export const options = { setTimeout: 5, random: 1 };',
        'export const read = (o: { setTimeout: number }) => o.setTimeout;',
        'export const dice = { random: () => 4 };',
        'export const four = dice.random();',
      ].join('\n'),
    );
    file('src/application/clocked.ts', 'export const now = (clock: { now(): Date }) => clock.now();');
    expect(found()).to.deep.equal([]);
  });

  it('leaves the adapters that implement the ports alone', () => {
    file(
      'src/adapters/clock/system-clock.ts',
      'export const now = () => new Date();\nexport const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));',
    );
    file('src/adapters/random/dice.ts', 'export const roll = () => Math.random();');
    file('src/adapters/http/stamp.ts', 'export const at = Date.now();');
    expect(found()).to.deep.equal([]);
  });
});
