import { expect } from 'chai';
import fc from 'fast-check';
import { MAX_ROBOTS_CHARS, normalizeRobotsPath, parseRobotsTxt, productToken } from '../../../../../src/domain/scan/parsers/robots-txt.js';

// Shaped like the file Cloudflare manages for its customers.
const CLOUDFLARE_MANAGED = [
  '# As a condition of accessing this website, you agree to abide by the following',
  '# content signals:',
  '',
  'User-Agent: *',
  'Content-Signal: search=yes, ai-input=yes, ai-train=no',
  'Allow: /',
  '',
  'User-agent: Amazonbot',
  'Disallow: /',
  '',
  'User-agent: GPTBot',
  'Disallow: /',
  '',
  'Sitemap: https://www.example.com/sitemap.xml',
].join('\r\n');

describe('parseRobotsTxt', () => {
  it('reads groups, rules, sitemaps and content signals of a managed file', () => {
    const robots = parseRobotsTxt(CLOUDFLARE_MANAGED);
    expect(robots.groups.map((g) => g.userAgents)).to.deep.equal([['*'], ['amazonbot'], ['gptbot']]);
    expect(robots.groups[0]?.rules).to.deep.equal([{ allow: true, pattern: '/', line: 6 }]);
    expect(robots.groups[0]?.contentSignals).to.deep.equal([
      { key: 'search', value: 'yes', valid: true },
      { key: 'ai-input', value: 'yes', valid: true },
      { key: 'ai-train', value: 'no', valid: true },
    ]);
    expect(robots.groups[2]?.rules).to.deep.equal([{ allow: false, pattern: '/', line: 12 }]);
    expect(robots.sitemaps).to.deep.equal(['https://www.example.com/sitemap.xml']);
    expect(robots.lineCount).to.equal(14);
    expect(robots.invalidLineCount).to.equal(0);
    expect(robots.warnings).to.deep.equal([]);
    expect(robots.truncated).to.equal(false);
    expect(robots.looksLikeHtml).to.equal(false);
  });

  it('puts consecutive user-agent lines in one group and starts a new group after a rule', () => {
    const robots = parseRobotsTxt('User-agent: barbot\nUser-agent: BazBot/2.1\nDisallow: /a\nUser-agent: quxbot\nAllow: /b\n');
    expect(robots.groups.map((g) => g.userAgents)).to.deep.equal([['barbot', 'bazbot'], ['quxbot']]);
    expect(robots.groups[0]?.line).to.equal(1);
    expect(robots.groups[1]?.line).to.equal(4);
  });

  it('keeps a sitemap line between user-agent lines from splitting the group', () => {
    const robots = parseRobotsTxt('User-agent: a\nSitemap: https://example.com/s.xml\nUser-agent: b\nDisallow: /x');
    expect(robots.groups.map((g) => g.userAgents)).to.deep.equal([['a', 'b']]);
    expect(robots.sitemaps).to.deep.equal(['https://example.com/s.xml']);
  });

  it('strips comments, ignores empty Disallow and reads crawl-delay', () => {
    const robots = parseRobotsTxt('user-agent: * # everyone\nDisallow:\ndisallow: /drafts/ # scratch\nCrawl-delay: 2.5\n');
    expect(robots.groups[0]?.rules).to.deep.equal([{ allow: false, pattern: '/drafts/', line: 3 }]);
    expect(robots.groups[0]?.crawlDelay).to.equal(2.5);
  });

  it('counts invalid lines and reports malformed records with line numbers', () => {
    const text = [
      'Disallow: /before-any-group',
      'this line has no colon',
      'User-agent: *',
      'Dissallow: /typo',
      'Disallow: relative',
      'Content-Signal: search',
      'Crawl-delay: soon',
      'Sitemap: /relative-sitemap.xml',
      'Frobnicate: yes',
      'User-agent: 123',
    ].join('\n');
    const robots = parseRobotsTxt(text);
    expect(robots.invalidLineCount).to.equal(1);
    expect(robots.warnings).to.deep.equal([
      { line: 1, code: 'RECORD_OUTSIDE_GROUP' },
      { line: 2, code: 'INVALID_LINE' },
      { line: 4, code: 'MISSPELLED_DIRECTIVE' },
      { line: 5, code: 'PATH_NOT_ABSOLUTE' },
      { line: 6, code: 'INVALID_CONTENT_SIGNAL' },
      { line: 7, code: 'INVALID_CRAWL_DELAY' },
      { line: 8, code: 'INVALID_SITEMAP_URL' },
      { line: 9, code: 'UNKNOWN_DIRECTIVE' },
      { line: 10, code: 'INVALID_USER_AGENT' },
    ]);
    expect(robots.warningCount).to.equal(9);
    expect(robots.groups[0]?.rules.map((r) => r.pattern)).to.deep.equal(['/typo', '/relative']);
    expect(robots.groups[1]?.userAgents).to.deep.equal([]);
  });

  it('keeps unknown content signal keys as not valid', () => {
    const robots = parseRobotsTxt('User-agent: *\nContent-Signal: ai-train=maybe, use=immediate\n');
    expect(robots.groups[0]?.contentSignals).to.deep.equal([
      { key: 'ai-train', value: 'maybe', valid: false },
      { key: 'use', value: 'immediate', valid: false },
    ]);
  });

  it('flags an HTML soft-404 and finds no groups in it', () => {
    const robots = parseRobotsTxt('<!DOCTYPE html>\n<html><head><title>Not found</title></head><body>404</body></html>');
    expect(robots.looksLikeHtml).to.equal(true);
    expect(robots.groups).to.deep.equal([]);
    expect(robots.invalidLineCount).to.equal(2);
  });

  it('handles an empty file, a BOM and lone CR line ends', () => {
    expect(parseRobotsTxt('').groups).to.deep.equal([]);
    const robots = parseRobotsTxt('\ufeffUser-agent: *\rDisallow: /private\r');
    expect(robots.groups[0]?.rules.map((r) => r.pattern)).to.deep.equal(['/private']);
  });

  it('parses the first 512 KiB and ignores the rest', () => {
    const filler = `# ${'x'.repeat(1000)}\n`.repeat(600);
    const robots = parseRobotsTxt(`User-agent: *\nDisallow: /early\n${filler}Disallow: /late\n`);
    expect(robots.truncated).to.equal(true);
    expect(robots.groups[0]?.rules.map((r) => r.pattern)).to.deep.equal(['/early']);
    expect(MAX_ROBOTS_CHARS).to.be.at.least(500 * 1024);
  });

  it('skips over-long lines with a warning', () => {
    const robots = parseRobotsTxt(`User-agent: *\nDisallow: /${'a'.repeat(20_000)}\nDisallow: /ok`);
    expect(robots.warnings).to.deep.equal([{ line: 2, code: 'LINE_TOO_LONG' }]);
    expect(robots.groups[0]?.rules.map((r) => r.pattern)).to.deep.equal(['/ok']);
  });

  it('caps stored warnings but keeps counting', () => {
    const robots = parseRobotsTxt('nonsense\n'.repeat(500));
    expect(robots.warnings).to.have.length(100);
    expect(robots.warningCount).to.equal(500);
    expect(robots.invalidLineCount).to.equal(500);
  });

  it('returns a JSON-serializable value', () => {
    const robots = parseRobotsTxt(CLOUDFLARE_MANAGED);
    expect(JSON.parse(JSON.stringify(robots))).to.deep.equal(robots);
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000, unit: 'binary' }), (text) => {
        const robots = parseRobotsTxt(text);
        expect(robots.lineCount).to.be.at.least(0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('productToken', () => {
  it('takes the leading token in lower case, or * ', () => {
    expect(productToken('Googlebot/2.1 (+http://www.google.com/bot.html)')).to.equal('googlebot');
    expect(productToken('  *  ')).to.equal('*');
    expect(productToken('meta-externalagent')).to.equal('meta-externalagent');
    expect(productToken('/bot')).to.equal(null);
  });
});

describe('normalizeRobotsPath', () => {
  it('decodes unreserved escapes, upper-cases the others and encodes non-ASCII', () => {
    expect(normalizeRobotsPath('/%7efoo/%2f/%c3%a9')).to.equal('/~foo/%2F/%C3%A9');
    expect(normalizeRobotsPath('/café')).to.equal('/caf%C3%A9');
    expect(normalizeRobotsPath('/a b*$')).to.equal('/a%20b*$');
    expect(normalizeRobotsPath('/bad%zz')).to.equal('/bad%25zz');
    expect(normalizeRobotsPath('/\ud800x')).to.equal('/%EF%BF%BDx');
  });
});
