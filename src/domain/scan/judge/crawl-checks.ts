import { aiAgentAccess } from '../parsers/robots-txt-access.js';
import { parseRobotsTxt, type RobotsTxt } from '../parsers/robots-txt.js';
import { parseSitemap } from '../parsers/sitemap-xml.js';
import { looksLikeHtml } from '../parsers/text-helpers.js';
import type { CheckResult } from '../report.js';
import { coreCheck, evidenceOf, failureOf, isSuccess, responseOf, type ScanObservations } from './observations.js';

type RobotsState =
  | { kind: 'parsed'; robots: RobotsTxt }
  | { kind: 'unavailable'; status: number }
  | { kind: 'unreachable'; why: string }
  | { kind: 'html' };

/** robots.txt as RFC 9309 reads it: parsed, unavailable (4xx), or unreachable (5xx, network, soft 404). */
export function robotsState(obs: ScanObservations): RobotsState {
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
      if (r.groups.length === 0) return coreCheck('robots_txt', 'warn', 3, 'robots.txt has no user-agent group.', ev);
      if (r.invalidLineCount > 0) {
        return coreCheck('robots_txt', 'warn', 3, `robots.txt parses with ${r.groups.length} groups but ${r.invalidLineCount} invalid lines.`, ev);
      }
      return coreCheck('robots_txt', 'pass', 6, `robots.txt parses: ${r.groups.length} groups, ${r.sitemaps.length} sitemaps.`, ev);
    }
  }
}

function aiAccessCheck(obs: ScanObservations, state: RobotsState): CheckResult {
  const ev = evidenceOf(obs, 'robots_txt');
  if (state.kind === 'unavailable') return coreCheck('ai_agent_access', 'pass', 3, 'No robots.txt (4xx): every AI crawler may fetch /.', ev);
  if (state.kind !== 'parsed') return coreCheck('ai_agent_access', 'fail', 0, 'robots.txt unreachable or unusable: complete disallow is assumed.', ev);
  const access = aiAgentAccess(state.robots);
  const total = access.agents.length;
  const allowed = total - access.blockedCount;
  if (access.blockedCount === 0) return coreCheck('ai_agent_access', 'pass', 3, `All ${total} listed AI crawlers may fetch /.`, ev);
  if (allowed > 0) return coreCheck('ai_agent_access', 'warn', 1, `${allowed} of ${total} listed AI crawlers may fetch /.`, ev);
  return coreCheck('ai_agent_access', 'fail', 0, `None of the ${total} listed AI crawlers may fetch /.`, ev);
}

function sitemapCheck(obs: ScanObservations): CheckResult {
  const ev = evidenceOf(obs, 'robots_txt', 'sitemap');
  const res = responseOf(obs, 'sitemap');
  if (!isSuccess(res)) return coreCheck('sitemap', 'fail', 0, `No sitemap (${failureOf(obs, 'sitemap')}).`, ev);
  const sitemap = parseSitemap(res.bodyText);
  if (sitemap.valid && sitemap.warnings.length === 0) return coreCheck('sitemap', 'pass', 5, `Sitemap (${sitemap.kind}) with ${sitemap.locCount} URLs.`, ev);
  if (sitemap.valid) return coreCheck('sitemap', 'pass', 5, `Sitemap (${sitemap.kind}) with ${sitemap.locCount} URLs; notes: ${sitemap.warnings.join(', ')}.`, ev);
  return coreCheck('sitemap', 'warn', 2, `A sitemap answered but does not parse: ${sitemap.errors.join(', ')}.`, ev);
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
