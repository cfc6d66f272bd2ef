import { escapeHtml } from './escape-html.js';

const CODE_SPAN = /`([^`]+)`/g;

/**
 * Text Vetted wrote, as HTML: escaped first, then each pair of backticks around a non-empty run
 * becomes a `<code>` element, as Markdown reads it. A lone backtick stays as it is. The escaping
 * comes first, so nothing in the text can make any other element.
 */
export function codeSpansHtml(text: string): string {
  return escapeHtml(text).replace(CODE_SPAN, '<code>$1</code>');
}
