import { expect } from 'chai';
import fc from 'fast-check';
import { parseRobotsTxt } from '../../../../../src/domain/scan/parsers/robots-txt.js';
import { aiAgentAccess, AI_CRAWLER_TOKENS, decideRobotsAccess, isAllowed } from '../../../../../src/domain/scan/parsers/robots-txt-access.js';

// The example of RFC 9309 §5.1.
const RFC_EXAMPLE = parseRobotsTxt(
  [
    'User-Agent: *',
    'Disallow: *.gif$',
    'Disallow: /example/',
    'Allow: /publications/',
    '',
    'User-Agent: foobot',
    'Disallow:/',
    'Allow:/example/page.html',
    'Allow:/example/allowed.gif',
    '',
    'User-Agent: barbot',
    'User-Agent: bazbot',
    'Disallow: /example/page.html',
    '',
    'User-Agent: quxbot',
  ].join('\n'),
);

describe('isAllowed', () => {
  it('follows the RFC 9309 example', () => {
    expect(isAllowed(RFC_EXAMPLE, 'foobot', '/example/page.html')).to.equal(true);
    expect(isAllowed(RFC_EXAMPLE, 'foobot', '/example/allowed.gif')).to.equal(true);
    expect(isAllowed(RFC_EXAMPLE, 'foobot', '/other')).to.equal(false);
    expect(isAllowed(RFC_EXAMPLE, 'barbot', '/example/page.html')).to.equal(false);
    expect(isAllowed(RFC_EXAMPLE, 'bazbot', '/example/other.html')).to.equal(true);
    expect(isAllowed(RFC_EXAMPLE, 'quxbot', '/anything')).to.equal(true);
    expect(isAllowed(RFC_EXAMPLE, 'otherbot', '/example/x')).to.equal(false);
    expect(isAllowed(RFC_EXAMPLE, 'otherbot', '/publications/x')).to.equal(true);
    expect(isAllowed(RFC_EXAMPLE, 'otherbot', '/images/cat.gif')).to.equal(false);
    expect(isAllowed(RFC_EXAMPLE, 'otherbot', '/images/cat.gif?size=2')).to.equal(true);
  });

  it('matches product tokens case-insensitively and by the token of a full name', () => {
    expect(isAllowed(RFC_EXAMPLE, 'FooBot', '/other')).to.equal(false);
    expect(isAllowed(RFC_EXAMPLE, 'FOOBOT/1.2 (+https://foo.example)', '/other')).to.equal(false);
  });

  it('lets the longest match win and allow win a tie', () => {
    const robots = parseRobotsTxt('User-agent: *\nDisallow: /folder\nAllow: /folder/\nDisallow: /page\nAllow: /page\n');
    expect(isAllowed(robots, 'bot', '/folder/a')).to.equal(true);
    expect(isAllowed(robots, 'bot', '/folder')).to.equal(false);
    expect(isAllowed(robots, 'bot', '/page')).to.equal(true);
    const decision = decideRobotsAccess(robots, 'bot', '/folder/a');
    expect(decision).to.deep.equal({ allowed: true, matchedRule: { allow: true, pattern: '/folder/', line: 3 }, groupMatch: 'wildcard' });
  });

  it('supports * anywhere and $ at the end', () => {
    const robots = parseRobotsTxt('User-agent: *\nDisallow: /*/private/*.pdf$\nDisallow: /*?sessionid=\nDisallow: /exact$\n');
    expect(isAllowed(robots, 'bot', '/a/b/private/c/d.pdf')).to.equal(false);
    expect(isAllowed(robots, 'bot', '/a/private/d.pdf.html')).to.equal(true);
    expect(isAllowed(robots, 'bot', '/shop?sessionid=9')).to.equal(false);
    expect(isAllowed(robots, 'bot', '/exact')).to.equal(false);
    expect(isAllowed(robots, 'bot', '/exact/more')).to.equal(true);
  });

  it('merges every group that names the same agent', () => {
    const robots = parseRobotsTxt('User-agent: gptbot\nDisallow: /a\n\nUser-agent: *\nDisallow: /\n\nUser-agent: GPTBot\nDisallow: /b\n');
    expect(isAllowed(robots, 'GPTBot', '/a/1')).to.equal(false);
    expect(isAllowed(robots, 'GPTBot', '/b/1')).to.equal(false);
    expect(isAllowed(robots, 'GPTBot', '/c')).to.equal(true);
    expect(isAllowed(robots, 'ClaudeBot', '/c')).to.equal(false);
  });

  it('compares percent-encoded and non-ASCII paths in normal form', () => {
    const robots = parseRobotsTxt('User-agent: *\nDisallow: /caf%c3%a9\nDisallow: /%7Ejoe\n');
    expect(isAllowed(robots, 'bot', '/café/menu')).to.equal(false);
    expect(isAllowed(robots, 'bot', '/~joe/')).to.equal(false);
  });

  it('always allows /robots.txt, absolute URLs are reduced to path and query', () => {
    const robots = parseRobotsTxt('User-agent: *\nDisallow: /\n');
    expect(isAllowed(robots, 'bot', '/robots.txt')).to.equal(true);
    expect(isAllowed(robots, 'bot', 'https://example.com/x?y')).to.equal(false);
  });

  it('allows everything with no groups or no matching group', () => {
    expect(isAllowed(parseRobotsTxt(''), 'bot', '/')).to.equal(true);
    expect(decideRobotsAccess(parseRobotsTxt('User-agent: other\nDisallow: /'), 'bot', '/').groupMatch).to.equal('none');
  });

  it('stays fast on patterns built to make a matcher backtrack', () => {
    const robots = parseRobotsTxt(`User-agent: *\nDisallow: /${'*a'.repeat(2000)}b$\n`);
    const started = process.hrtime.bigint();
    expect(isAllowed(robots, 'bot', `/${'a'.repeat(8000)}`)).to.equal(true);
    expect(Number(process.hrtime.bigint() - started) / 1e6).to.be.below(500);
  });

  it('never throws on arbitrary agents and paths', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 200 }), (agent, path) => {
        expect(typeof isAllowed(RFC_EXAMPLE, agent, path)).to.equal('boolean');
      }),
      { numRuns: 300 },
    );
  });
});

describe('aiAgentAccess', () => {
  it('reports which AI crawlers may fetch / and which are named', () => {
    const robots = parseRobotsTxt('User-agent: *\nAllow: /\n\nUser-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: ClaudeBot\nAllow: /\n');
    const access = aiAgentAccess(robots);
    expect(access.agents).to.have.length(AI_CRAWLER_TOKENS.length);
    expect(access.agents.find((a) => a.token === 'GPTBot')).to.deep.equal({ token: 'GPTBot', allowedRoot: false, namedGroup: true });
    expect(access.agents.find((a) => a.token === 'ClaudeBot')).to.deep.equal({ token: 'ClaudeBot', allowedRoot: true, namedGroup: true });
    expect(access.agents.find((a) => a.token === 'Bytespider')).to.deep.equal({ token: 'Bytespider', allowedRoot: true, namedGroup: false });
    expect(access.hasNamedAiGroups).to.equal(true);
    expect(access.namedCount).to.equal(3);
    expect(access.blockedCount).to.equal(2);
  });

  it('allows all and names none for an empty robots.txt', () => {
    const access = aiAgentAccess(parseRobotsTxt(''));
    expect(access).to.include({ hasNamedAiGroups: false, namedCount: 0, blockedCount: 0 });
    expect(access.agents.every((a) => a.allowedRoot)).to.equal(true);
  });

  it('blocks every AI crawler when * disallows everything', () => {
    const access = aiAgentAccess(parseRobotsTxt('User-agent: *\nDisallow: /\n'));
    expect(access.blockedCount).to.equal(AI_CRAWLER_TOKENS.length);
    expect(access.hasNamedAiGroups).to.equal(false);
  });
});
