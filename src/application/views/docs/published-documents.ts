import { selfVerificationDocument, type SelfVerificationDocument } from '../../../domain/self-verification.js';

/** The paths of every Markdown document the service publishes (`PublishedDocuments` gives each its text). */
export const PUBLISHED_PATHS = [
  '/mcp.md',
  '/agents.md',
  '/api.md',
  '/developers.md',
  '/integration.md',
  '/verify.md',
  '/changelog.md',
  '/docs',
  '/methodology.md',
] as const;

/** One of PUBLISHED_PATHS. */
export type PublishedPath = (typeof PUBLISHED_PATHS)[number];

/** The service's own self-verification document (`/.well-known/vetted.md`), before serialization. */
export function selfVerification(baseUrl: string): SelfVerificationDocument {
  return selfVerificationDocument(baseUrl);
}
