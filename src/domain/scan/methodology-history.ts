/** One published revision of the scan methodology: what changed in the judged rules and why. */
export interface MethodologyRevision {
  readonly version: string;
  /** The day it took effect (UTC). */
  readonly published: string;
  /** Each rule that changed, with the reason, in one sentence. */
  readonly changes: readonly string[];
}

/**
 * Every revision, newest first; the first is the current one. A report keeps the version it was
 * judged under, and a stored result is reused only under the same version.
 */
export const METHODOLOGY_REVISIONS: readonly MethodologyRevision[] = [
  {
    version: '2026-09-05.2',
    published: '2026-11-25',
    changes: [
      '`contact_legal` fetches the privacy, terms and contact (or legal notice) pages the homepage links on its own host, at most three, and judges what they say instead of the link text: a privacy notice or terms must name at least two of their unavoidable subjects in 80 words or more, a contact page must give an e-mail address, a telephone number or a contact form. A link to another host, or a page that could not be fetched, earns 1 of 3 points; a 4xx answer or a page that does not read as promised earns 0. Why: a link named "Privacy" to an empty or missing page told a reader nothing.',
      'New declaration `acp`: the Agentic Commerce Protocol discovery document at /.well-known/acp.json. Every report under this version looks for all seventeen declarations.',
    ],
  },
  {
    version: '2026-09-05.1',
    published: '2026-09-05',
    changes: [
      'First published methodology: twelve core checks summing to 100, and the declarations agents.md, llms.txt, MCP server card, A2A agent card, x402, OpenAPI and Markdown negotiation.',
      'From 2026-11-23, reports under this version also looked for the API catalog, OAuth protected resource and authorization server metadata, the Web Bot Auth key directory, the Agent Skills index, UCP, AP2, the homepage Link header and WebMCP tool forms; earlier ones list only the seven above. Declarations are never scored, so the version stayed.',
    ],
  },
];
