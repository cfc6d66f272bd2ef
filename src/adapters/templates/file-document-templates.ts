import { existsSync, readFileSync } from 'node:fs';
import { injectable } from 'inversify';
import { TEMPLATE_NAMES, type DocumentTemplates, type TemplateName } from '../../application/ports/document-templates.js';

/**
 * Where the templates lie: docs/published/ of the package, found from this module in src/ or in
 * dist/src/ (the bundle keeps each module's own URL), so the published documents are the files a
 * reader of the repository (or of the installed package) sees.
 */
const TEMPLATE_FOLDER =
  ['../../../docs/published/', '../../../../docs/published/']
    .map((relative) => new URL(relative, import.meta.url))
    .find((folder) => existsSync(new URL('api.md', folder))) ?? new URL('../../../docs/published/', import.meta.url);

/** The document templates read from their Markdown files, every one at construction (so at start-up). */
@injectable()
export class FileDocumentTemplates implements DocumentTemplates {
  private readonly texts: ReadonlyMap<TemplateName, string>;

  constructor() {
    this.texts = new Map(TEMPLATE_NAMES.map((name) => [name, readTemplate(name)]));
  }

  text(name: TemplateName): string {
    const text = this.texts.get(name);
    if (text === undefined) throw new Error(`No document template named "${name}".`);
    return text;
  }
}

function readTemplate(name: TemplateName): string {
  const file = new URL(`${name}.md`, TEMPLATE_FOLDER);
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(
      `The document template ${file.pathname} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}); the package's docs/published/ must be installed with it.`,
      { cause: error },
    );
  }
}
