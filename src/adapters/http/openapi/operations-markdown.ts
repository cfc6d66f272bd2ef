import type { OpenApiDocument } from './openapi-document.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * The operations of `document` as a Markdown section for /docs, grouped by tag: each method and
 * path, its summary, and the statuses it answers with their media types. No external asset.
 */
export function operationsMarkdown(document: OpenApiDocument, baseUrl: string): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as (OpenApiOperation & Record<string, unknown>) | undefined;
      if (!operation) continue;
      const answers = Object.entries(operation.responses)
        .map(([status, response]) => `${status} ${mediaTypes(response)}`.trim())
        .join(' · ');
      const row = `| \`${method.toUpperCase()} ${path}\` | ${cell(operation.summary ?? '')} | ${cell(answers)} |`;
      const tag = operation.tags?.[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), row]);
    }
  }
  const sections = [...byTag].map(([tag, rows]) => `### ${tag}\n\n| Operation | What it does | Answers |\n|---|---|---|\n${rows.join('\n')}\n`);
  return `## HTTP operations\n\nEvery route, as [/openapi.json](${baseUrl}/openapi.json) (OpenAPI 3.1) describes it; the prose is in [/api.md](${baseUrl}/api.md).\n\n${sections.join('\n')}`;
}

interface OpenApiOperation {
  readonly summary?: string;
  readonly tags?: readonly string[];
  readonly responses: Record<string, unknown>;
}

function mediaTypes(response: unknown): string {
  const content = (response as { content?: Record<string, unknown> }).content;
  if (!content) return '(no body)';
  return Object.keys(content)
    .map((type) => type.split(';')[0])
    .join(', ');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
