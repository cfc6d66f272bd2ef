/**
 * The Content-Security-Policy of the pages people act on (home, verdict, entity): no script,
 * nothing from elsewhere, forms only to this origin, images only from this origin (the badge).
 */
export const PEOPLE_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

// The palette, light then dark: every text colour keeps WCAG AA contrast (4.5:1) on its background,
// and each verdict state has a colour and, always beside it, words.
const LIGHT =
  '--text:#1a1d21;--muted:#515862;--bg:#fff;--surface:#f5f6f8;--line:#d5d9df;--accent:#1f4fb8;--accent-text:#fff;--good:#136f2d;--good-bg:#e9f5ec;--caution:#8a5a00;--caution-bg:#fdf3df;--bad:#b00020;--bad-bg:#fdebee;--neutral:#4a5563;--neutral-bg:#eef1f5;--focus:#1f4fb8;--untrusted-bg:#fff6f6';
const DARK =
  '--text:#e7e9ec;--muted:#b3b9c2;--bg:#121417;--surface:#1b1e23;--line:#3b4049;--accent:#8ab4f8;--accent-text:#121417;--good:#5fd07e;--good-bg:#15261b;--caution:#f0b54a;--caution-bg:#2a2212;--bad:#ff7b8a;--bad-bg:#2d171b;--neutral:#c2c8d0;--neutral-bg:#1e232a;--focus:#8ab4f8;--untrusted-bg:#2a1b1d';

/**
 * The one style sheet of every page: a type scale, a restrained palette in light and dark, the
 * verdict states told by colour and by words, spacing, visible focus rings, and nothing wider than
 * a 360 px window (long names wrap; the checks table becomes cards on a phone).
 */
export const PAGE_CSS = `
:root{${LIGHT};color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{${DARK}}}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:1rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--text);background:var(--bg)}
a{color:var(--accent);text-underline-offset:.15em}
a:hover{text-decoration-thickness:2px}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px;border-radius:2px}
h1,h2,h3{line-height:1.25;margin:1.6em 0 .5em;overflow-wrap:anywhere}
h1{font-size:clamp(1.6rem,1.2rem + 2vw,2.1rem);margin-top:.4em}
h2{font-size:1.3rem}
h3{font-size:1.05rem}
p,ul,ol,dl,table,pre{margin:0 0 1rem}
p,li,dd,dt,code,a,td,th,summary,caption{overflow-wrap:anywhere}
code,pre,kbd{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
pre{white-space:pre-wrap;background:var(--surface);border:1px solid var(--line);border-radius:6px;padding:.75rem}
.site-header{border-bottom:1px solid var(--line);background:var(--surface)}
.site-header .bar,.site-footer .bar,main{max-width:50rem;margin:0 auto;padding:0 1rem}
body.wide .site-header .bar,body.wide .site-footer .bar,body.wide main{max-width:72rem}
.site-header .bar{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.25rem 1rem;padding-block:.6rem}
.brand{font-weight:700;font-size:1.15rem;color:var(--text);text-decoration:none;letter-spacing:.01em}
.brand::before{content:"";display:inline-block;width:.7em;height:.7em;margin-right:.45em;border-radius:.2em;background:var(--accent);vertical-align:.02em}
.site-header nav ul,.site-footer ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;margin:0;padding:0}
main{padding-block:1rem 2rem}
.site-footer{border-top:1px solid var(--line);color:var(--muted);font-size:.875rem}
.site-footer .bar{padding-block:1rem}
.lead{font-size:1.1rem;color:var(--muted)}
.muted,.hint,caption{color:var(--muted)}
.small{font-size:.875rem}
table{border-collapse:collapse;width:100%}
th,td{border:1px solid var(--line);padding:.4rem .6rem;text-align:left;vertical-align:top}
thead th{background:var(--surface)}
caption{text-align:left;padding:.3rem 0;font-size:.875rem}
td.points{white-space:nowrap}
.scroll{overflow-x:auto;max-width:100%}
dl.facts,dl.summary,dl.plain{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.3rem 1rem}
dl dt{font-weight:600}dl dd{margin:0;min-width:0}
dl.summary ul{margin:.2rem 0;padding-left:1.2rem}
@media (max-width:30rem){dl.facts,dl.summary,dl.plain{grid-template-columns:1fr}dl dd{margin-bottom:.4rem}}
section{margin-top:1.5rem}
.card{border:1px solid var(--line);border-radius:8px;padding:1rem 1.1rem;background:var(--bg)}
.card>h2:first-child{margin-top:0}
.field-row+p{margin-top:.4rem}
.verdict{border:1px solid var(--line);border-left:.45rem solid var(--neutral);border-radius:8px;background:var(--neutral-bg);padding:.9rem 1.1rem;margin:0 0 1rem;font-size:1.05rem}
.verdict>:last-child{margin-bottom:0}
.state{display:inline-block;font-size:.8rem;font-weight:700;letter-spacing:.04em;text-transform:uppercase;padding:.1rem .55rem;border-radius:999px;background:var(--neutral);color:var(--bg);margin:0 0 .4rem}
.headline{font-size:1.25rem;font-weight:700;line-height:1.35;margin:0 0 .5rem}
.tone-good{border-left-color:var(--good);background:var(--good-bg)}.tone-good .state{background:var(--good)}
.tone-caution{border-left-color:var(--caution);background:var(--caution-bg)}.tone-caution .state{background:var(--caution)}
.tone-bad{border-left-color:var(--bad);background:var(--bad-bg)}.tone-bad .state{background:var(--bad)}
.tone-neutral{border-left-color:var(--neutral)}
.why{margin:.5rem 0 .75rem;padding-left:1.2rem}
.why li{margin-bottom:.3rem}
.warning{border:2px solid var(--bad);border-radius:8px;padding:.75rem 1rem;margin:1rem 0;background:var(--bad-bg)}
.warning h2{margin-top:0;color:var(--bad)}
.warning strong{color:var(--bad)}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:.75rem 0 0}
form.inline{display:inline-block;margin:0}
label{display:block;font-weight:600;margin-top:.75rem}
input,select,button,textarea{font:inherit;max-width:100%}
input,select,textarea{padding:.45rem .6rem;border:1px solid var(--muted);border-radius:6px;background:var(--bg);color:var(--text)}
input[type=text],input[type=url],input[type=email],input:not([type]),select{width:100%}
textarea{width:100%;font-family:ui-monospace,monospace;font-size:.875rem}
.field-row{display:flex;flex-wrap:wrap;gap:.5rem}
.field-row input{flex:1 1 14rem;width:auto}
button,.button{display:inline-block;padding:.5rem 1.1rem;border:1px solid var(--accent);border-radius:6px;background:var(--accent);color:var(--accent-text);font-weight:600;cursor:pointer;text-decoration:none;line-height:1.4}
button.secondary,.button.secondary{background:transparent;color:var(--accent)}
form>button,.field>button{margin-top:.9rem}
.field-row button,.actions button{margin-top:0}
.problem,.not-found{color:var(--bad);font-weight:600;margin:.1rem 0}
.found{color:var(--good);font-weight:600}
.hint{margin:.1rem 0}
.invalid input,.invalid select{border:2px solid var(--bad)}
.error-summary{border:3px solid var(--bad);border-radius:8px;padding:0 1rem;margin:1rem 0}
.looks li{margin-bottom:.75rem}.published{margin:.25rem 0 0}
.secret{background:var(--surface);border:1px dashed var(--caution);border-radius:6px;padding:.5rem .75rem}
.status{font-weight:700;text-transform:uppercase}
.status-pass{color:var(--good)}.status-warn{color:var(--caution)}.status-fail,.status-error{color:var(--bad)}.status-info{color:var(--muted)}
.readiness-ready{color:var(--good)}.readiness-limited{color:var(--caution)}.readiness-unknown{color:var(--muted)}
.readiness{font-weight:700;text-transform:uppercase}
.up{color:var(--good)}.down{color:var(--bad)}
.untrusted-label{font-weight:700;color:var(--bad);margin-bottom:.2rem}
.untrusted{background:var(--untrusted-bg);border:1px dashed var(--bad)}
pre.untrusted{padding:.5rem;white-space:pre-wrap;overflow-wrap:anywhere}
details{border-top:1px solid var(--line);padding:.2rem 0}
summary{cursor:pointer;padding:.3rem 0;font-weight:600}
details[open]>summary{margin-bottom:.5rem}
.fix-text{margin:0 0 .2rem}
table.checks th,table.checks td.status-cell,table.checks td.points,table.checks td.refs{overflow-wrap:normal;white-space:nowrap}
table.checks td.check-title{overflow-wrap:break-word}
@media (max-width:56rem){
table.checks thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
table.checks,table.checks tbody,table.checks tr,table.checks td{display:block;white-space:normal}
table.checks tr{border:1px solid var(--line);border-radius:6px;margin:0 0 .6rem;padding:.4rem .6rem}
table.checks td{border:0;padding:.1rem 0}
table.checks td.status-cell,table.checks td.points,table.checks td.check-title{display:inline;margin-right:.5rem}
table.checks td.check-title{font-weight:600}
table.checks td.found::before{content:"Found: ";font-weight:600}
table.checks td.fix::before{content:"How to fix: ";font-weight:600}
table.checks td.standard::before{content:"Standard: "}
table.checks td.refs::before{content:"Evidence: "}
}
table.signals th{overflow-wrap:normal}
.verdict details{border-top-color:var(--line);margin-top:.75rem}
.verdict blockquote{margin:.25rem 0 .5rem;padding-left:.75rem;border-left:3px solid var(--line)}
@media (max-width:36rem){
table.signals thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
table.signals,table.signals tbody,table.signals caption{display:block}
table.signals tr{display:grid;grid-template-columns:1fr auto;gap:0 .75rem;border:1px solid var(--line);border-radius:6px;margin:0 0 .5rem;padding:.4rem .6rem}
table.signals th,table.signals td{display:block;border:0;padding:.1rem 0}
table.signals td.words{grid-column:1/-1}
}
table.log{table-layout:fixed}
table.log th:first-child,table.log td:first-child{width:4.5rem}
`;
