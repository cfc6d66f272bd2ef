import { readFileSync } from 'node:fs';
import { injectable } from 'inversify';
import { TEMPLATE_NAMES, type DocumentTemplates, type TemplateName } from '../../application/ports/document-templates.js';

/** Where the templates lie, from here in src/ and in dist/src/ alike (the build copies them beside the code). */
const TEMPLATE_FOLDER = new URL('../../application/views/docs/', import.meta.url);

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
      `The document template ${file.pathname} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}); a build must copy src/**/*.md beside the code.`,
      { cause: error },
    );
  }
}
