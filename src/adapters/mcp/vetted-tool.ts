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
  /** The client address (Koa's ctx.ip, which honours TRUST_PROXY): the scan budget's key. */
  readonly clientId: string;
}

/** One MCP tool: its schemas, hints and what it does. `run` gets arguments `input` accepted. */
export interface VettedTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input: z.ZodType;
  readonly output: z.ZodType;
  readonly hints: ToolHints;
  run(args: unknown, caller: ToolCaller): Promise<Record<string, unknown>>;
}

/** A tool whose `run` is typed by its input schema. */
export function defineTool<S extends z.ZodType>(tool: Omit<VettedTool, 'input' | 'run'> & { input: S; run(args: z.output<S>, caller: ToolCaller): Promise<Record<string, unknown>> }): VettedTool {
  // `run` is only ever called with what `input` parsed.
  return { ...tool, run: (args, caller) => tool.run(args as z.output<S>, caller) };
}

