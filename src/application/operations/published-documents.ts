import { inject, injectable } from 'inversify';
import { methodologyMarkdown } from '../../domain/scan/methodology-markdown.js';
import { AgentTools, type AgentToolSummary } from '../ports/agent-tools.js';
import { AppConfig } from '../ports/app-config.js';
import { DocumentTemplates } from '../ports/document-templates.js';
import { agentsManifest } from '../views/docs/agents-manifest.js';
import { ANSWER_SCHEMAS } from '../views/answer-schemas.js';
import { apiReference } from '../views/docs/api-reference.js';
import { changelog, developersGuide, docsIndex, integrationGuide, verificationGuide } from '../views/docs/guides.js';
import type { PublishedPath } from '../views/docs/published-documents.js';
import { mcpGuideMarkdown } from '../views/mcp-guide.js';

/**
 * The Markdown documents the service publishes, by path: each template (DocumentTemplates) filled
 * with the values the service uses, and /methodology.md printed from the methodology itself.
 */
@injectable()
export class PublishedDocuments {
  constructor(
    @inject(DocumentTemplates) private readonly templates: DocumentTemplates,
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(AgentTools) private readonly tools: readonly AgentToolSummary[],
  ) {}

  /** Every document, by path, quoting this instance's scan budgets and watch limits. */
  run(baseUrl: string): Readonly<Record<PublishedPath, string>> {
    const t = this.templates;
    return {
      '/mcp.md': mcpGuideMarkdown(t, baseUrl, this.tools, this.config.scanLimits),
      '/agents.md': agentsManifest(t, baseUrl),
      '/api.md': apiReference(t, baseUrl, this.tools, ANSWER_SCHEMAS, this.config),
      '/developers.md': developersGuide(t, baseUrl),
      '/integration.md': integrationGuide(t, baseUrl),
      '/verify.md': verificationGuide(t, baseUrl),
      '/changelog.md': changelog(t),
      '/docs': docsIndex(t, baseUrl),
      '/methodology.md': methodologyMarkdown(),
    };
  }
}
