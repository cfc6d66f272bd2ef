import { METHODOLOGY_VERSION } from '../../../domain/scan/methodology.js';
import { MCP_PROTOCOL_VERSIONS, SERVICE_VERSION } from '../../../domain/service-info.js';
import type { DocumentTemplates } from '../../ports/document-templates.js';
import { REUSE_WINDOW_SECONDS } from '../../scan/request-scan.js';
import { durationInWords } from './doc-formats.js';
import { fillTemplate } from './fill-template.js';

/** /agents.md: the agent manifest, YAML front matter then Markdown. */
export function agentsManifest(templates: DocumentTemplates, baseUrl: string): string {
  return fillTemplate(
    templates.text('agents'),
    {
      base_url: baseUrl,
      service_version: SERVICE_VERSION,
      mcp_versions_json: JSON.stringify(MCP_PROTOCOL_VERSIONS),
      methodology_version: METHODOLOGY_VERSION,
      reuse_window: durationInWords(REUSE_WINDOW_SECONDS),
    },
    'agents',
  );
}
