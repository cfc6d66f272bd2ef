/**
 * What the service's cards and documents say about one tool an agent can call (an MCP tool), as the
 * tool itself declares it: the MCP server card, the A2A agent card, /mcp.md's table, the counted
 * reads /api.md names and the server's instructions are all made from the bound tools.
 */
export interface AgentToolSummary {
  readonly name: string;
  readonly title: string;
  /** One sentence, for the cards (MCP server card, A2A skill). */
  readonly summary: string;
  /** A2A skill tags. */
  readonly tags: readonly string[];
  /** The arguments, in Markdown, for /mcp.md's table. */
  readonly arguments: string;
  /** What a call does and answers, in Markdown, for /mcp.md's table. */
  readonly effect: string;
  /** Reads stored data only (readOnlyHint): a public read, counted against the caller's quota. */
  readonly readOnly: boolean;
}

/** The bound tools' summaries, in tools/list order (`readonly AgentToolSummary[]`); bound by the MCP adapter. */
export const AgentTools = Symbol('AgentTools');
