import { aiAgentAccess } from '../parsers/robots-txt-access.js';
import { parseRobotsTxt, type RobotsTxt } from '../parsers/robots-txt.js';
import { parseSitemap } from '../parsers/sitemap-xml.js';
import { SITEMAP_NOTES, SITEMAP_PROBLEMS } from '../parsers/sitemap-words.js';
import { looksLikeHtml } from '../parsers/text-helpers.js';
import type { CheckResult } from '../report.js';
import { counted, listed, sentencesFor } from '../words.js';
import { coreCheck, evidenceOf, failureOf, isSuccess, responseOf, type ScanObservations } from './observations.js';

type RobotsState = { kind: 'parsed'; robots: RobotsTxt } | { kind: 'unavailable'; status: number } | { kind: 'unreachable'; why: string } | { kind: 'html' };

/** robots.txt as RFC 9309 reads it: parsed, unavailable (4xx), or unreachable (5xx, network, soft 404). */
function robotsState(obs: ScanObservations): RobotsState {
  const res = responseOf(obs, 'robots_txt');
  if (!res) return { kind: 'unreachable', why: failureOf(obs, 'robots_txt') };
  if (res.status >= 400 && res.status < 500) return { kind: 'unavailable', status: res.status };
  if (res.status < 200 || res.status >= 300) return { kind: 'unreachable', why: `HTTP ${res.status}` };
  if (looksLikeHtml(res.bodyText)) return { kind: 'html' };
  return { kind: 'parsed', robots: parseRobotsTxt(res.bodyText) };
}

/** robots.txt, AI-agent access and the sitemap. */
export function crawlChecks(obs: ScanObservations): CheckResult[] {
  const state = robotsState(obs);
  return [robotsCheck(obs, state), aiAccessCheck(obs, state), sitemapCheck(obs)];
}

function robotsCheck(obs: ScanObservations, state: RobotsState): CheckResult {
  const ev = evidenceOf(obs, 'robots_txt');
  switch (state.kind) {
    case 'unavailable':
      return coreCheck('robots_txt', 'warn', 3, `robots.txt answered ${state.status}: unavailable, so crawlers may fetch everything.`, ev);
    case 'unreachable':
      return coreCheck('robots_txt', 'fail', 0, `robots.txt unreachable (${state.why}): crawlers must assume complete disallow.`, ev);
    case 'html':
      return coreCheck('robots_txt', 'fail', 0, 'robots.txt answered with an HTML page, not plain text.', ev);
    case 'parsed': {
      const r = state.robots;
      if (r.groups.length === 0) return coreCheck('robots_txt', 'warn', 3, 'robots.txt has no user-agent group: start one with a "User-agent: *" line.', ev);
      const parsed = `${counted(r.groups.length, 'group')} and ${counted(r.sitemaps.length, 'Sitemap line')}`;
      if (r.invalidLineCount > 0) {
        const lines = counted(r.invalidLineCount, 'line');
        return coreCheck(
          'robots_txt',
          'warn',
          3,
          `robots.txt parses with ${parsed}, but ${lines} ${r.invalidLineCount === 1 ? 'is' : 'are'} neither a rule, a comment nor blank, and crawlers skip ${r.invalidLineCount === 1 ? 'it' : 'them'}.`,
          ev,
        );
      }
      return coreCheck('robots_txt', 'pass', 6, `robots.txt parses: ${parsed}.`, ev);
    }
  }
}

function aiAccessCheck(obs: ScanObservations, state: RobotsState): CheckResult {
  const ev = evidenceOf(obs, 'robots_txt');
  if (state.kind === 'unavailable') return coreCheck('ai_agent_access', 'pass', 3, 'No robots.txt (4xx): every AI crawler may fetch /.', ev);
  if (state.kind !== 'parsed') return coreCheck('ai_agent_access', 'fail', 0, 'robots.txt unreachable or unusable: complete disallow is assumed.', ev);
  const access = aiAgentAccess(state.robots);
  const total = access.agents.length;
  const blocked = access.agents.filter((a) => !a.allowedRoot).map((a) => a.token);
  if (blocked.length === 0) return coreCheck('ai_agent_access', 'pass', 3, `All ${total} listed AI crawlers may fetch /.`, ev);
  if (blocked.length < total) {
    return coreCheck(
      'ai_agent_access',
      'warn',
      1,
      `${total - blocked.length} of ${total} listed AI crawlers may fetch /; robots.txt blocks ${listed(blocked)}.`,
      ev,
    );
  }
  return coreCheck('ai_agent_access', 'fail', 0, `None of the ${total} listed AI crawlers may fetch /: robots.txt blocks ${listed(blocked)}.`, ev);
}

function sitemapCheck(obs: ScanObservations): CheckResult {
  const ev = evidenceOf(obs, 'robots_txt', 'sitemap');
  const res = responseOf(obs, 'sitemap');
  if (!isSuccess(res)) return coreCheck('sitemap', 'fail', 0, `No sitemap (${failureOf(obs, 'sitemap')}).`, ev);
  const sitemap = parseSitemap(res.bodyText, hostOf(res.finalUrl), res.truncated);
  if (!sitemap.valid) return coreCheck('sitemap', 'warn', 2, `A sitemap answered but cannot be used. ${sentencesFor(sitemap.errors, SITEMAP_PROBLEMS)}`, ev);
  const notes = sitemap.warnings.map((code) => SITEMAP_NOTES[code](sitemap, hostOf(res.finalUrl) ?? obs.domain));
  const what = sitemap.kind === 'sitemapindex' ? counted(sitemap.locCount, 'sitemap') : counted(sitemap.locCount, 'URL');
  return coreCheck('sitemap', 'pass', 5, `Sitemap (${sitemap.kind}) listing ${what}.${notes.length > 0 ? ` Notes: ${notes.join(' ')}` : ''}`, ev);
}

function hostOf(url: string): string | undefined {
  return URL.canParse(url) ? new URL(url).hostname : undefined;
}

/**
 * The sitemap a scan should fetch after robots.txt: the first Sitemap line on the scanned host
 * over https, or undefined to keep /sitemap.xml. Other hosts are never fetched.
 */
export function sitemapFromRobots(robotsText: string, domain: string): string | undefined {
  if (looksLikeHtml(robotsText)) return undefined;
  for (const candidate of parseRobotsTxt(robotsText).sitemaps) {
    try {
      const url = new URL(candidate);
      if (url.protocol === 'https:' && url.hostname === domain && url.port === '') return url.href;
    } catch {
      // not a URL: skip it
    }
  }
  return undefined;
}
