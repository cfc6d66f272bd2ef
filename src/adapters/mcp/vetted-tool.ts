import type { z } from 'zod';
import type { AgentToolSummary } from '../../application/ports/agent-tools.js';
import type { ReadAllowance } from '../../application/verdict/verify-many.js';

/** The four hints of the specification, each said explicitly. */
export interface ToolHints {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

/** Who is calling, for the tools that need it. */
export interface ToolCaller {
  /** The client address (Koa's ctx.ip, which honours TRUST_PROXY), or `key:<id>` for an API key holder (API_TIERS=on): the scan budget's key. */
  readonly clientId: string;
  /** With API_TIERS=on, for a read-only tool: how many of its reads the quota let through. */
  readonly allowance?: ReadAllowance;
}

/**
 * One MCP tool: an injectable class with its name, title, description, input and output schemas,
 * hints, what the cards and /mcp.md say of it, and `run`, which gets the arguments `input` accepted,
 * calls one use case and formats one view (never judging). Bound to MCP_TOOL; tools/list shows the
 * tools in binding order, and everything that names the tools (the cards, /mcp.md, the counted
 * reads in /api.md, the server instructions) is made from the bound set (see AgentTools). Its
 * readOnlyHint decides whether a call is a counted public read.
 */
export interface VettedTool<S extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input: S;
  readonly output: O;
  readonly hints: ToolHints;
  /** One sentence for the MCP server card and the A2A agent card. */
  readonly summary: string;
  /** The A2A skill's tags. */
  readonly tags: readonly string[];
  /** The tool's row of /mcp.md's table, in Markdown: its arguments, and what a call does and answers. */
  readonly usage: { readonly arguments: string; readonly effect: string };
  /** How many public reads a call with `args` makes, when not one (a list of names counts each). */
  reads?(args: z.output<S>): number;
  /** The answer, typed by the output schema (the catalog still checks it against the schema at run time). */
  run(args: z.output<S>, caller: ToolCaller): Promise<z.input<O>>;
}
export const MCP_TOOL = Symbol('McpTool');

/** What the cards and documents say of `tool` (see AgentTools). */
export function summaryOf(tool: VettedTool): AgentToolSummary {
  return {
    name: tool.name,
    title: tool.title,
    summary: tool.summary,
    tags: tool.tags,
    arguments: tool.usage.arguments,
    effect: tool.usage.effect,
    readOnly: tool.hints.readOnlyHint,
  };
}
