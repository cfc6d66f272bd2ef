import { expect } from 'chai';
import { RENDERED_ANSWER_SECONDS, RenderedAnswers } from '../../../src/adapters/http/rendered-answers.js';
import { NO_METRICS } from '../../../src/application/ports/metrics.js';
import { answerCaching } from '../../../src/application/views/answer-caching.js';
import { FixedClock } from '../../fakes/fixed-clock.js';

describe('RenderedAnswers', () => {
  let clock: FixedClock;
  let current: Set<string>;
  let answers: RenderedAnswers<string>;

  beforeEach(() => {
    clock = new FixedClock();
    current = new Set(['outcome']);
    answers = new RenderedAnswers('/verify/:domain', '/verify/', clock, NO_METRICS, (outcome) => current.has(outcome), true);
  });

  const cached = (seconds: number) => answerCaching('a.com', seconds);
  const header = (name: string) => answers.find('GET', '/verify/a.com')?.headers.find(([n]) => n === name)?.[1];

  it('repeats the body it kept for the same request target, with its max-age, length and Age', () => {
    const { body } = answers.keep('/verify/a.com', 'outcome', { success: true, data: { domain: 'a.com' } }, cached(3600));
    expect(body).to.equal('{"success":true,"data":{"domain":"a.com"}}');
    clock.advance(7.5);
    const answer = answers.find('GET', '/verify/a.com');
    expect(answer).to.deep.include({ route: '/verify/:domain', status: 200, body });
    expect(header('Cache-Control')).to.equal('public, max-age=3600, s-maxage=3240, stale-while-revalidate=360');
    expect(header('Surrogate-Key')).to.equal('a.com');
    expect(header('ETag')).to.match(/^"[\w-]{22}"$/);
    expect(header('Age')).to.equal('7');
    expect(header('Content-Length')).to.equal(String(Buffer.byteLength(body)));
    expect(header('Content-Type')).to.equal('application/json; charset=utf-8');
  });

  it('answers 304 with the same caching headers and no body when If-None-Match holds its ETag', () => {
    const { etag } = answers.keep('/verify/a.com', 'outcome', { success: true }, cached(300));
    for (const inm of [etag!, `W/${etag}`, `"other", ${etag}`, '*']) {
      const answer = answers.find('GET', '/verify/a.com', { 'if-none-match': inm });
      expect(answer, inm).to.deep.include({ status: 304, body: '' });
      const names = answer!.headers.map(([name]) => name);
      expect(names).to.include.members(['Cache-Control', 'Surrogate-Key', 'ETag', 'Vary', 'Age']).and.not.include('Content-Length');
    }
    expect(answers.find('GET', '/verify/a.com', { 'if-none-match': '"other"' })?.status).to.equal(200);
  });

  it('repeats nothing for another target, another method or another query', () => {
    answers.keep('/verify/a.com', 'outcome', {}, cached(3600));
    expect(answers.find('HEAD', '/verify/a.com')).to.equal(undefined);
    expect(answers.find('GET', '/verify/A.com')).to.equal(undefined);
    expect(answers.find('GET', '/verify/a.com?signals=true')).to.equal(undefined);
    expect(answers.find('GET', '/lookup/a.com')).to.equal(undefined);
  });

  it('stops repeating once the use case says the outcome is no longer current (a write)', () => {
    answers.keep('/verify/a.com', 'outcome', {}, cached(3600));
    current.delete('outcome');
    expect(answers.find('GET', '/verify/a.com')).to.equal(undefined);
    current.add('outcome');
    expect(answers.find('GET', '/verify/a.com'), 'dropped, not merely skipped').to.equal(undefined);
  });

  it(`repeats for at most ${RENDERED_ANSWER_SECONDS} s, and no longer than the answer's own max-age`, () => {
    answers.keep('/verify/a.com', 'outcome', {}, cached(3600));
    answers.keep('/verify/b.com', 'outcome', {}, cached(5));
    clock.advance(4.9);
    expect(answers.find('GET', '/verify/b.com')).not.to.equal(undefined);
    clock.advance(0.1);
    expect(answers.find('GET', '/verify/b.com')).to.equal(undefined);
    clock.advance(RENDERED_ANSWER_SECONDS - 5.1);
    expect(answers.find('GET', '/verify/a.com')).not.to.equal(undefined);
    clock.advance(0.1);
    expect(answers.find('GET', '/verify/a.com')).to.equal(undefined);
  });

  it('keeps nothing that may not be cached (max-age 0)', () => {
    expect(answers.keep('/verify/a.com', 'outcome', { x: 1 }, cached(0))).to.deep.equal({
      body: '{"x":1}',
      contentType: 'application/json; charset=utf-8',
      etag: undefined,
      headers: [['Cache-Control', 'no-store']],
    });
    expect(answers.find('GET', '/verify/a.com')).to.equal(undefined);
  });

  it('holds at most 20,000 answers, the oldest going first', () => {
    for (let i = 0; i <= 20_000; i++) answers.keep(`/verify/n${i}.com`, 'outcome', {}, cached(60));
    expect(answers.find('GET', '/verify/n0.com')).to.equal(undefined);
    expect(answers.find('GET', '/verify/n1.com')).not.to.equal(undefined);
    expect(answers.find('GET', '/verify/n20000.com')).not.to.equal(undefined);
  });

  it('lets go of answers past their reuse as new ones are kept, so a burst of names asked once leaves nothing behind', () => {
    for (let i = 0; i < 1000; i++) answers.keep(`/verify/burst${i}.com`, 'outcome', {}, cached(60));
    expect(answers.size).to.equal(1000);
    clock.advance(RENDERED_ANSWER_SECONDS);
    answers.keep('/verify/later.com', 'outcome', {}, cached(60));
    expect(answers.size).to.equal(1);
    expect(answers.find('GET', '/verify/later.com')).not.to.equal(undefined);
  });

  it('keeps an answer the second time its target is asked, not the first: most names are asked about once', () => {
    const doorkept = new RenderedAnswers<string>('/verify/:domain', '/verify/', clock, NO_METRICS, (outcome) => current.has(outcome));
    current.add('outcome');
    doorkept.keep('/verify/once.com', 'outcome', {}, cached(3600));
    expect(doorkept.find('GET', '/verify/once.com'), 'asked once: not kept').to.equal(undefined);
    doorkept.keep('/verify/once.com', 'outcome', {}, cached(3600));
    expect(doorkept.find('GET', '/verify/once.com')?.status, 'asked again: kept').to.equal(200);
    // A write makes it stale: the next rendering of a target asked before is kept at once.
    current.delete('outcome');
    expect(doorkept.find('GET', '/verify/once.com')).to.equal(undefined);
    current.add('outcome');
    doorkept.keep('/verify/once.com', 'outcome', {}, cached(3600));
    expect(doorkept.find('GET', '/verify/once.com')?.status, 'kept again at once').to.equal(200);
  });
});
