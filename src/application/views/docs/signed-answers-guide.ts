import { NOT_VERIFIED_CACHE_SECONDS, VERIFIED_CACHE_SECONDS } from '../../../domain/registry-verdict.js';
import { MIN_SIGNED_VERDICT_SECONDS } from '../../../domain/signed-verdict.js';
import type { DocumentTemplates } from '../../ports/document-templates.js';
import { duration, inSeconds } from './doc-formats.js';
import { fillTemplate } from './fill-template.js';

/** The "Signed answers" section of /api.md: how to ask for a signed verify answer and check it with any JOSE library. */
export function signedAnswersGuide(templates: DocumentTemplates, baseUrl: string): string {
  return fillTemplate(
    templates.text('signed-answers'),
    {
      base_url: baseUrl,
      verified_cache: duration(VERIFIED_CACHE_SECONDS),
      not_verified_cache: duration(NOT_VERIFIED_CACHE_SECONDS),
      min_signed: inSeconds(MIN_SIGNED_VERDICT_SECONDS),
    },
    'signed-answers',
  );
}
