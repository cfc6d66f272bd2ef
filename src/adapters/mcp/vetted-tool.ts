import type { z } from 'zod';

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
}

/**
 * One MCP tool: an injectable class with its name, title, description, input and output schemas,
 * hints, and `run`, which gets the arguments `input` accepted, calls one use case and formats one
 * view (never judging). Bound to MCP_TOOL; tools/list shows the tools in binding order.
 */
export interface VettedTool<S extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input: S;
  readonly output: z.ZodType;
  readonly hints: ToolHints;
  run(args: z.output<S>, caller: ToolCaller): Promise<Record<string, unknown>>;
}
export const MCP_TOOL = Symbol('McpTool');
