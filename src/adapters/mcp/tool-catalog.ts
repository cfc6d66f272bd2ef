import { ErrorCode, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { printable } from '../../application/input/domain-input.js';
import { AppError, isAppError } from '../../application/errors.js';
import { zodMessage } from '../../application/input/zod-message.js';
import type { ReadAllowance } from '../../application/verdict/verify-many.js';
import type { ProtocolVersion } from './protocol-guard.js';
import { answeredErrorResult, toolErrorResult } from './tool-errors.js';
import { serverInstructions } from './server-instructions.js';
import { summaryOf, type ToolCaller, type VettedTool } from './vetted-tool.js';

/** One tools/call, as the catalog needs to answer it. */
export interface ToolCall extends ToolCaller {
  readonly version: ProtocolVersion;
  /** Quoted in an INTERNAL_ERROR so that operators can find the log line. */
  readonly requestId: string;
  /**
   * Counts a read-only tool's reads (one per call, or per name of a list) against the caller's
   * daily quota (API_TIERS=on) while it lasts, saying how many it let through; throws RATE_LIMITED
   * when not one could be counted.
   */
  readonly countRead?: (reads: number) => ReadAllowance | Promise<ReadAllowance>;
}

type JsonSchema = Tool['inputSchema'];

/** A JSON-RPC -32602 error; the SDK answers with its code and message as they are (McpError would prefix the message). */
class InvalidParams extends Error {
  readonly code = ErrorCode.InvalidParams;
}

interface CatalogEntry {
  readonly tool: VettedTool;
  readonly inputSchema: JsonSchema;
  readonly outputSchema: JsonSchema;
}

// A tool's schemas are module constants: converted once per process, however many containers.
const DRAFT7 = { input: new WeakMap<z.ZodType, JsonSchema>(), output: new WeakMap<z.ZodType, JsonSchema>() };

function draft7(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  let json = DRAFT7[io].get(schema);
  if (json === undefined) {
    json = z.toJSONSchema(schema, { target: 'draft-7', io }) as JsonSchema;
    // A tool's schemas describe an object (MCP requires type "object"); a union of answers (check_trust's one name or list) says so beside its anyOf.
    if (json.type === undefined) json = { ...json, type: 'object' };
    DRAFT7[io].set(schema, json);
  }
  return json;
}

/**
 * The tools as tools/list shows them and tools/call runs them, per protocol revision.
 * 2025-06-18 gets title, outputSchema and structuredContent; 2025-03-26, which has none of them,
 * gets the title as annotations.title and the same JSON in the text content only.
 * An unknown tool is a JSON-RPC error (-32602). Arguments that fail the input schema are too up
 * to 2025-06-18; from 2025-11-25 (SEP-1303) they are a tool result with isError and
 * VALIDATION_ERROR, which the model can read and correct. A failure while running is a tool result
 * with isError (see toolErrorResult); an AppError whose details carry `answer` (EXPIRED) is one
 * that also carries that answer (see answeredErrorResult).
 */
export class ToolCatalog {
  private readonly entries: ReadonlyMap<string, CatalogEntry>;
  /** The tools that read stored data only (readOnlyHint): counted as public reads, and named when scans are refused. */
  readonly readOnlyTools: readonly string[];
  /** The server instructions sent at initialize, naming these tools (see serverInstructions). */
  readonly instructions: string;

  constructor(
    tools: readonly VettedTool[],
    private readonly onUnexpected: (error: unknown, call: ToolCall & { tool: string }) => void,
    /** Turns an unreachable store into SERVICE_UNAVAILABLE; other errors come back undefined. */
    private readonly asOutage: (error: unknown) => AppError | undefined = () => undefined,
  ) {
    // Converted once: draft-07 JSON Schema, what the SDK's own clients validate with.
    this.entries = new Map(
      tools.map((tool) => [
        tool.name,
        {
          tool,
          inputSchema: draft7(tool.input, 'input'),
          outputSchema: draft7(tool.output, 'output'),
        },
      ]),
    );
    this.readOnlyTools = tools.filter((tool) => tool.hints.readOnlyHint).map((tool) => tool.name);
    this.instructions = serverInstructions(tools.map(summaryOf));
    if (this.entries.size !== tools.length) throw new Error(`two MCP tools share a name among ${tools.map((tool) => tool.name).join(', ')}`);
  }

  /** The tools/list entries in the given revision. */
  list(version: ProtocolVersion): Tool[] {
    return [...this.entries.values()].map(({ tool, inputSchema, outputSchema }) => {
      const annotations = { title: tool.title, ...tool.hints };
      if (version === '2025-03-26') return { name: tool.name, description: tool.description, inputSchema, annotations };
      return { name: tool.name, title: tool.title, description: tool.description, inputSchema, outputSchema, annotations };
    });
  }

  /** Runs a tools/call. Throws -32602 for an unknown tool, and for invalid arguments before 2025-11-25. */
  async call(name: string, args: unknown, call: ToolCall): Promise<CallToolResult> {
    const entry = this.entries.get(name);
    if (!entry) throw new InvalidParams(`Unknown tool "${printable(name, 64)}"; tools/list names the tools.`);
    const parsed = entry.tool.input.safeParse(args ?? {});
    const unexpected = (error: unknown) => this.onUnexpected(error, { ...call, tool: name });
    if (!parsed.success) {
      const message = `Invalid arguments for ${name}: ${zodMessage(parsed.error, args ?? {})}`;
      if (call.version !== '2025-11-25') throw new InvalidParams(message);
      return toolErrorResult(new AppError('VALIDATION_ERROR', message), call.requestId, unexpected, this.readOnlyTools);
    }
    let data: unknown;
    try {
      // A read-only tool is a public read: its hint, which every tool must state, decides the count.
      let allowance: ReadAllowance | undefined;
      if (call.countRead && entry.tool.hints.readOnlyHint) allowance = await call.countRead(entry.tool.reads?.(parsed.data) ?? 1);
      data = await entry.tool.run(parsed.data, allowance ? { ...call, allowance } : call);
    } catch (error) {
      const answer = isAppError(error) ? error.details.answer : undefined;
      if (!isAppError(error) || !isAnswer(answer)) return toolErrorResult(this.asOutage(error) ?? error, call.requestId, unexpected, this.readOnlyTools);
      const fits = entry.tool.output.safeParse(answer);
      if (!fits.success)
        return toolErrorResult(
          new Error(`${name} answered outside its output schema: ${zodMessage(fits.error)}`),
          call.requestId,
          unexpected,
          this.readOnlyTools,
        );
      return answeredErrorResult(error.code, error.message, answer, call.version !== '2025-03-26');
    }
    const checked = entry.tool.output.safeParse(data);
    if (!checked.success || !isAnswer(data))
      return toolErrorResult(
        new Error(`${name} answered outside its output schema: ${checked.success ? 'not an object' : zodMessage(checked.error)}`),
        call.requestId,
        unexpected,
        this.readOnlyTools,
      );
    const content: CallToolResult['content'] = [{ type: 'text', text: JSON.stringify(data) }];
    return call.version === '2025-03-26' ? { content } : { content, structuredContent: data };
  }
}

function isAnswer(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
