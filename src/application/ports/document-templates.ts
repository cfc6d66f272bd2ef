/** The Markdown templates of the published documents, one file each (`docs/published/<name>.md`). */
export const TEMPLATE_NAMES = [
  'developers',
  'integration',
  'verify',
  'changelog',
  'docs-index',
  'agents',
  'api',
  'signed-answers',
  'watches',
  'trust',
  'mcp',
] as const;

/** One of TEMPLATE_NAMES. */
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

/**
 * The prose of the published documents as written: Markdown with `{{name}}` placeholders, which the
 * views fill from the code constants the service uses. Adapter: FileDocumentTemplates (reads every
 * template once, at construction, and fails start-up naming a missing one).
 */
export interface DocumentTemplates {
  /** The template's text, unfilled. */
  text(name: TemplateName): string;
}
export const DocumentTemplates = Symbol('DocumentTemplates');
