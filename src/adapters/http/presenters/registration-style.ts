/** The style sheet of the registration pages (the form, the registration page, its limits): readable from 360 px, light and dark. */
export const REGISTRATION_CSS = [
  ':root{color-scheme:light dark}',
  'body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a;background:#fff}',
  'code{overflow-wrap:anywhere;word-break:break-all}',
  'label{display:block;font-weight:600;margin-top:1rem}',
  '.hint{margin:.1rem 0;color:#555}',
  'input,select{font-size:1rem;padding:.4rem;width:100%;max-width:100%;box-sizing:border-box}',
  'button{font-size:1rem;padding:.5rem 1rem;margin-top:1rem}',
  '.problem{color:#b00020;font-weight:600;margin:.1rem 0}',
  '.invalid input,.invalid select{border:2px solid #b00020}',
  '.error-summary{border:3px solid #b00020;padding:0 1rem;margin:1rem 0}',
  'dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.25rem 1rem}',
  'dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}',
  '.found{color:#1b5e20;font-weight:600}.not-found{color:#b00020;font-weight:600}',
  '.looks li{margin-bottom:.75rem}.published{margin:.25rem 0 0}',
  '@media (prefers-color-scheme:dark){body{color:#e8e8e8;background:#161616}a{color:#8ab4f8}.hint{color:#bbb}' +
    '.problem,.not-found{color:#ff8a80}.invalid input,.invalid select{border-color:#ff8a80}.error-summary{border-color:#ff8a80}.found{color:#81c784}}',
].join('');
