/**
 * The Content-Security-Policy of the pages people act on (home, verdict, entity): no script,
 * nothing from elsewhere, forms only to this origin, images only from this origin (the badge).
 */
export const PEOPLE_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/**
 * The style sheet of those pages: readable from 360 px up, long names wrapped rather than scrolled,
 * the verdict's tone in a colour that keeps AA contrast in light and dark schemes, and a visible
 * focus ring for keyboard users.
 */
export const PEOPLE_CSS = `
body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:0 auto;padding:1rem;color:#1b1b1b;background:#fff}
h1{font-size:1.6rem;overflow-wrap:anywhere}
p,li,dd,code,a{overflow-wrap:anywhere}
td,th{overflow-wrap:anywhere}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem}
th,td{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}
td.points{white-space:nowrap}
.verdict{font-size:1.15rem;font-weight:600;padding:.6rem .8rem;border-left:.4rem solid #666;background:#f4f4f4}
.tone-good{border-color:#136f2d}.tone-caution{border-color:#8a5a00}.tone-bad{border-color:#b00020}
.warning{border:2px solid #b00020;padding:.5rem .8rem;margin:1rem 0}
.warning strong{color:#b00020}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}
dl.facts dt{font-weight:600}
form.inline{display:inline-block;margin:.3rem .5rem .3rem 0}
label{display:block;font-weight:600;margin-top:.6rem}
input,select,button,textarea{font:inherit;max-width:100%;box-sizing:border-box}
input,select,textarea{padding:.3rem;border:1px solid #767676;background:#fff;color:#1b1b1b}
textarea{width:100%;font-family:ui-monospace,monospace;font-size:.9rem}
button{padding:.35rem .9rem;border:1px solid #1b1b1b;background:#eee;color:#1b1b1b;cursor:pointer}
:focus-visible{outline:3px solid #1a5fb4;outline-offset:2px}
.muted{color:#555}
@media (prefers-color-scheme:dark){body{color:#e8e8e8;background:#161616}a{color:#8ab4f8}th,td{border-color:#555}
.verdict{background:#242424}.tone-good{border-color:#5fd07e}.tone-caution{border-color:#f0b54a}.tone-bad{border-color:#ff7b8a}
.warning{border-color:#ff7b8a}.warning strong{color:#ff7b8a}.muted{color:#bbb}
input,select,textarea{background:#1f1f1f;color:#e8e8e8;border-color:#8f8f8f}button{background:#333;color:#e8e8e8;border-color:#bbb}
:focus-visible{outline-color:#8ab4f8}}
`;
