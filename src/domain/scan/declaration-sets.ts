/** One set of optional declarations a scan looks for, named by the day it took effect. */
export interface DeclarationSet {
  /** The day it took effect (UTC), which is also its name. */
  readonly id: string;
  /** The declaration ids a report under this set lists (each with a verdict, `info` when absent). */
  readonly ids: readonly string[];
}

/**
 * Every declaration set, newest first; the first is what a scan looks for now. Declarations are
 * never scored, so a set can grow without a new methodology version: a report records its set
 * (stored from the 2026-11-25 set on, told from its declaration list before), so that an older
 * report's shorter list reads as "not looked for", never as "absent".
 */
export const DECLARATION_SETS: readonly DeclarationSet[] = [
  {
    id: '2026-11-25',
    ids: [
      'agents_md',
      'llms_txt',
      'mcp_server_card',
      'a2a_agent_card',
      'x402',
      'openapi',
      'markdown_negotiation',
      'api_catalog',
      'oauth_protected_resource',
      'oauth_authorization_server',
      'webmcp',
      'link_headers',
      'agent_skills',
      'ucp',
      'acp',
      'ap2',
      'web_bot_auth',
    ],
  },
  {
    id: '2026-11-23',
    ids: [
      'agents_md',
      'llms_txt',
      'mcp_server_card',
      'a2a_agent_card',
      'x402',
      'openapi',
      'markdown_negotiation',
      'api_catalog',
      'oauth_protected_resource',
      'oauth_authorization_server',
      'webmcp',
      'link_headers',
      'agent_skills',
      'ucp',
      'ap2',
      'web_bot_auth',
    ],
  },
  { id: '2026-09-05', ids: ['agents_md', 'llms_txt', 'mcp_server_card', 'a2a_agent_card', 'x402', 'openapi', 'markdown_negotiation'] },
];

/** The set a scan looks for now. */
export const CURRENT_DECLARATION_SET: DeclarationSet = DECLARATION_SETS[0]!;

/** What identifies a report's declaration set: the set it stored, or else the declarations it lists. */
export interface DeclarationSetSource {
  readonly declarationSet?: string;
  readonly declarations: readonly { readonly id: string }[];
}

/**
 * The declaration set a report was made under: the one it stored, else the set whose members are
 * exactly the declarations it lists (reports made before sets were stored), else `undefined`
 * (a list no published set has: it is read as it stands).
 */
export function declarationSetOf(report: DeclarationSetSource): DeclarationSet | undefined {
  if (report.declarationSet !== undefined) return DECLARATION_SETS.find((s) => s.id === report.declarationSet);
  const listed = new Set(report.declarations.map((d) => d.id));
  return DECLARATION_SETS.find((s) => s.ids.length === listed.size && s.ids.every((id) => listed.has(id)));
}
