// What reading a robots.txt gives (see parseRobotsTxt in robots-txt.ts).

/** One allow or disallow rule; `pattern` is percent-normalized and starts with `/` or `*`. */
export interface RobotsRule {
  readonly allow: boolean;
  readonly pattern: string;
  readonly line: number;
}

/** One `key=value` pair of a Content-Signal line; `valid` when the key and value are defined ones. */
export interface ContentSignal {
  readonly key: string;
  readonly value: string;
  readonly valid: boolean;
}

/** A group: the user-agent lines that open it and the records that follow them. */
interface RobotsGroup {
  readonly line: number;
  /** Product tokens in lower case; `*` for the wildcard group. */
  readonly userAgents: readonly string[];
  readonly rules: readonly RobotsRule[];
  readonly contentSignals: readonly ContentSignal[];
  readonly crawlDelay: number | null;
}

export type RobotsWarningCode =
  | 'INVALID_LINE'
  | 'LINE_TOO_LONG'
  | 'UNKNOWN_DIRECTIVE'
  | 'MISSPELLED_DIRECTIVE'
  | 'INVALID_USER_AGENT'
  | 'RECORD_OUTSIDE_GROUP'
  | 'PATH_NOT_ABSOLUTE'
  | 'INVALID_CONTENT_SIGNAL'
  | 'INVALID_CRAWL_DELAY'
  | 'INVALID_SITEMAP_URL'
  | 'TOO_MANY_GROUPS'
  | 'TOO_MANY_RULES'
  | 'TOO_MANY_SITEMAPS';

export interface RobotsWarning {
  readonly line: number;
  readonly code: RobotsWarningCode;
}

export interface RobotsTxt {
  readonly groups: readonly RobotsGroup[];
  /** Absolute http(s) Sitemap URLs, first MAX_SITEMAPS. */
  readonly sitemaps: readonly string[];
  readonly lineCount: number;
  /** Non-blank, non-comment lines that are not `key: value` records. */
  readonly invalidLineCount: number;
  /** The first MAX_WARNINGS warnings; `warningCount` counts them all. */
  readonly warnings: readonly RobotsWarning[];
  readonly warningCount: number;
  /** True when the text was longer than MAX_ROBOTS_CHARS and the rest was ignored. */
  readonly truncated: boolean;
  readonly looksLikeHtml: boolean;
}
