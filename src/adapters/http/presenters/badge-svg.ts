import type { BadgeText } from '../../../application/views/badge-view.js';
import { escapeHtml } from './escape-html.js';

/** The Content-Security-Policy a badge is sent with: an SVG opened on its own runs nothing. */
export const BADGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors *";

const COLORS: Readonly<Record<BadgeText['tone'], string>> = { good: '#136f2d', warn: '#8a5a00', bad: '#b00020', none: '#555' };
const LABEL = 'vetted';
// Verdana 11px averages about 7 px per character: enough to size the halves without a font.
const width = (text: string) => Math.ceil(text.length * 7 + 12);

/** A flat badge as SVG, with role="img", a <title> and aria-label, as a shields-style pair. */
export function renderBadgeSvg(badge: BadgeText): string {
  const left = width(LABEL);
  const right = width(badge.message);
  const total = left + right;
  const title = escapeHtml(badge.title);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${total}" height="20" viewBox="0 0 ${total} 20" role="img" aria-label="${title}">
<title>${title}</title>
<rect width="${left}" height="20" fill="#333"/>
<rect x="${left}" width="${right}" height="20" fill="${COLORS[badge.tone]}"/>
<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle">
<text x="${left / 2}" y="14">${LABEL}</text>
<text x="${left + right / 2}" y="14">${escapeHtml(badge.message)}</text>
</g>
</svg>
`;
}
