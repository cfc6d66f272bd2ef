import { methodologyMarkdown } from '../../../domain/scan/methodology-markdown.js';
import { selfVerificationDocument, type SelfVerificationDocument } from '../../../domain/self-verification.js';
import { mcpGuideMarkdown } from '../mcp-guide.js';
import { agentsManifest } from './agents-manifest.js';
import { apiReference } from './api-reference.js';
import { changelog, developersGuide, docsIndex, integrationGuide, verificationGuide } from './guides.js';

/** Every Markdown document the service publishes, by path; each depends only on the base URL. */
export function markdownDocuments(baseUrl: string): Readonly<Record<string, string>> {
  return {
    '/mcp.md': mcpGuideMarkdown(baseUrl),
    '/agents.md': agentsManifest(baseUrl),
    '/api.md': apiReference(baseUrl),
    '/developers.md': developersGuide(baseUrl),
    '/integration.md': integrationGuide(baseUrl),
    '/verify.md': verificationGuide(baseUrl),
    '/changelog.md': changelog(),
    '/docs': docsIndex(baseUrl),
    '/methodology.md': methodologyMarkdown(),
  };
}

/** The service's own self-verification document (`/.well-known/vetted.md`), before serialization. */
export function selfVerification(baseUrl: string): SelfVerificationDocument {
  return selfVerificationDocument(baseUrl);
}
