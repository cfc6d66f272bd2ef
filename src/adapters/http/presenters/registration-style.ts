import { PEOPLE_CSS } from './people-style.js';

/**
 * The style sheet of the registration pages (the form, the registration page, its limits): the pages
 * people act on, plus what the form and the proofs need (full-width fields, problems beside them,
 * the error summary, what a check found), light and dark.
 */
export const REGISTRATION_CSS =
  PEOPLE_CSS +
  [
    'code{word-break:break-all}',
    '.hint{margin:.1rem 0;color:#555}',
    'input,select{width:100%}',
    'button{margin-top:1rem}',
    '.problem{color:#b00020;font-weight:600;margin:.1rem 0}',
    '.invalid input,.invalid select{border:2px solid #b00020}',
    '.error-summary{border:3px solid #b00020;padding:0 1rem;margin:1rem 0}',
    'dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.25rem 1rem}',
    'dt{font-weight:600}dd{margin:0}',
    '.found{color:#1b5e20;font-weight:600}.not-found{color:#b00020;font-weight:600}',
    '.looks li{margin-bottom:.75rem}.published{margin:.25rem 0 0}',
    '@media (prefers-color-scheme:dark){.hint{color:#bbb}.problem,.not-found{color:#ff8a80}.invalid input,.invalid select,.error-summary{border-color:#ff8a80}.found{color:#81c784}}',
  ].join('');
