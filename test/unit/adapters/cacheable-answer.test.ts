import { expect } from 'chai';
import { cacheableAnswer, entityTag, notModified } from '../../../src/adapters/http/cacheable-answer.js';
import { answerCaching, STALE_SHARE_DIVISOR } from '../../../src/application/views/answer-caching.js';
import { NOT_VERIFIED_CACHE_SECONDS, VERIFIED_CACHE_SECONDS } from '../../../src/domain/registry-verdict.js';

describe('the caching headers of verify answers', () => {
  const header = (body: string, seconds: number, name: string, domain = 'shop.example.co.uk') =>
    cacheableAnswer(body, 'application/json; charset=utf-8', answerCaching(domain, seconds)).headers.find(([n]) => n === name)?.[1];

  it('lets a shared cache keep an answer s-maxage plus stale-while-revalidate, never longer than its max-age', () => {
    expect(header('{}', VERIFIED_CACHE_SECONDS, 'Cache-Control')).to.equal('public, max-age=3600, s-maxage=3240, stale-while-revalidate=360');
    expect(header('{}', NOT_VERIFIED_CACHE_SECONDS, 'Cache-Control')).to.equal('public, max-age=300, s-maxage=270, stale-while-revalidate=30');
    for (const seconds of [1, 7, 9, 10, 59, 299, 1234, 3599, 3600]) {
      const caching = answerCaching('a.com', seconds)!;
      expect(caching.maxAgeSeconds).to.equal(seconds);
      expect(caching.sharedMaxAgeSeconds + caching.staleWhileRevalidateSeconds, String(seconds)).to.equal(seconds);
      expect(caching.staleWhileRevalidateSeconds).to.equal(Math.floor(seconds / STALE_SHARE_DIVISOR));
    }
  });

  it('sends no-store alone, with no validator or key, for an answer that may not be kept', () => {
    expect(answerCaching('a.com', 0)).to.equal(undefined);
    expect(cacheableAnswer('{}', 'application/json', undefined)).to.deep.equal({
      body: '{}',
      contentType: 'application/json',
      etag: undefined,
      headers: [['Cache-Control', 'no-store']],
    });
  });

  it('keys an answer by the registrable domain of the name asked about', () => {
    expect(header('{}', 300, 'Surrogate-Key')).to.equal('example.co.uk');
    expect(header('{}', 300, 'Surrogate-Key', 'pay.eu.example.com')).to.equal('example.com');
    expect(header('{}', 300, 'Surrogate-Key', 'alice.github.io'), 'a private suffix').to.equal('alice.github.io');
    expect(header('{}', 300, 'Surrogate-Key', 'github.io')).to.equal('github.io');
  });

  it('tags the exact bytes and their media type with a strong validator', () => {
    const tag = entityTag('{"a":1}', 'application/json; charset=utf-8');
    expect(tag).to.match(/^"[A-Za-z0-9_-]{22}"$/);
    expect(entityTag('{"a":1}', 'application/json; charset=utf-8')).to.equal(tag);
    expect(entityTag('{"a":2}', 'application/json; charset=utf-8')).not.to.equal(tag);
    expect(entityTag('{"a":1}', 'application/jose')).not.to.equal(tag);
    expect(header('{"a":1}', 300, 'ETag')).to.equal(tag);
  });

  it('answers If-None-Match by weak comparison, lists and *, as RFC 9110 §13.1.2 says', () => {
    const tag = '"abc"';
    expect(notModified({ 'if-none-match': '"abc"' }, tag)).to.equal(true);
    expect(notModified({ 'if-none-match': 'W/"abc"' }, tag)).to.equal(true);
    expect(notModified({ 'if-none-match': '"x", W/"abc" ,"y"' }, tag)).to.equal(true);
    expect(notModified({ 'if-none-match': '*' }, tag)).to.equal(true);
    expect(notModified({ 'if-none-match': '"abd"' }, tag)).to.equal(false);
    expect(notModified({ 'if-none-match': 'abc' }, tag)).to.equal(false);
    expect(notModified({}, tag)).to.equal(false);
    expect(notModified({ 'if-none-match': '*' }, undefined), 'nothing cacheable').to.equal(false);
    // If-Modified-Since is ignored beside If-None-Match; these answers carry no Last-Modified.
    expect(notModified({ 'if-none-match': '"abc"', 'if-modified-since': 'Tue, 01 Jan 2030 00:00:00 GMT' }, tag)).to.equal(true);
    expect(notModified({ 'if-modified-since': 'Tue, 01 Jan 2030 00:00:00 GMT' }, tag)).to.equal(false);
    // The request's Cache-Control speaks to caches; fetch() sends no-cache with every If-None-Match.
    expect(notModified({ 'if-none-match': '"abc"', 'cache-control': 'no-cache' }, tag)).to.equal(true);
  });
});
