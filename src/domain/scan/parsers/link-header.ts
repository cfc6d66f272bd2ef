import LinkHeader from 'http-link-header';

/** The relations of an RFC 8288 Link header that point an agent somewhere useful. */
const AGENT_RELATIONS = ['api-catalog', 'service-desc', 'service-doc', 'service-meta', 'describedby'] as const;

/** What a homepage's Link header offers agents. */
export interface AgentLinks {
  /** True when the header parses and names at least one agent relation or a Markdown alternate. */
  readonly found: boolean;
  /** `rel` (or `alternate text/markdown`) of each useful link, first 20. */
  readonly relations: readonly string[];
  readonly errors: readonly ('TOO_LARGE' | 'UNPARSABLE')[];
}

const MAX_HEADER_CHARS = 16 * 1024;
const MAX_LISTED = 20;

/**
 * Reads a Link header (RFC 8288) with http-link-header, for the relations an agent can follow:
 * api-catalog (RFC 9727), service-desc / service-doc / service-meta (RFC 8631), describedby, and
 * `alternate` with `type="text/markdown"`. Never throws: an oversized or malformed header gives
 * `found: false` with the reason.
 */
export function parseAgentLinks(header: string): AgentLinks {
  if (header.length > MAX_HEADER_CHARS) return { found: false, relations: [], errors: ['TOO_LARGE'] };
  let refs: ReturnType<typeof LinkHeader.parse>['refs'];
  try {
    refs = LinkHeader.parse(header).refs;
  } catch {
    return { found: false, relations: [], errors: ['UNPARSABLE'] };
  }
  const relations: string[] = [];
  for (const ref of refs) {
    const rels = String(ref.rel ?? '')
      .toLowerCase()
      .split(/\s+/);
    for (const rel of rels) {
      if ((AGENT_RELATIONS as readonly string[]).includes(rel)) relations.push(rel);
      else if (rel === 'alternate' && /^text\/markdown\b/i.test(String(ref.type ?? ''))) relations.push('alternate text/markdown');
    }
  }
  const unique = [...new Set(relations)].slice(0, MAX_LISTED);
  return { found: unique.length > 0, relations: unique, errors: [] };
}
