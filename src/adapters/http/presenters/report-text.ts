import type { ReportChange } from '../../../domain/scan/report-diff.js';

// The words a report is told in, shared by its HTML and Markdown pages and the history pages.

/** The heading of an error page: what a person should understand from the status. */
export function errorHeading(status: number): string {
  if (status === 404) return 'Not found';
  if (status === 503) return 'Briefly unavailable';
  if (status >= 500) return 'Something went wrong on our side';
  return 'Request not accepted';
}

/** One line of what changed between two reports: score, readiness, and the checks that moved. */
export function changeSummary(change: ReportChange): string {
  const parts = [`score ${change.scoreDelta >= 0 ? '+' : ''}${change.scoreDelta}`];
  if (change.from.readiness !== change.to.readiness) parts.push(`readiness ${change.from.readiness} to ${change.to.readiness}`);
  parts.push(change.moved.length === 0 ? 'no check moved' : change.moved.map((m) => `${m.title}: ${statusWords(m.from)} to ${statusWords(m.to)}`).join(', '));
  return parts.join('; ');
}

/** An age in the largest whole unit: "3 days", "5 hours", "12 minutes". */
export function humanAge(seconds: number): string {
  const units: Array<[number, string]> = [
    [86_400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, name] of units) {
    const n = Math.floor(seconds / size);
    if (n >= 1) return `${n} ${name}${n === 1 ? '' : 's'}`;
  }
  return `${seconds} seconds`;
}

/** A status as people read it: `not_looked_for` is "not looked for". */
export function statusWords(status: string): string {
  return status.replaceAll('_', ' ');
}

/** What the declarations table of a report is: its own declaration set, never scored. */
export function declarationsNote(count: number, declarationSet: string | null, methodologyVersion: string): string {
  const set = declarationSet === null ? '' : ` of declaration set ${declarationSet}`;
  return `Recorded, never scored; a missing declaration is not a failure. This report looked for these ${count} declarations${set} under methodology ${methodologyVersion}; declarations added since were not looked for and are not listed.`;
}

/** The score as a report page states it: "64/100", or why there is none. */
export function scoreWords(score: number | null): string {
  return score === null ? 'not judged: the site could not be reached' : `${score}/100`;
}

/** What a report of a site that could not be reached is: nothing judged, so nothing to fix. */
export function unreachableNote(reason: string): string {
  return `The site could not be reached: ${reason}. No check was judged, no declaration looked for and no score given, so there is nothing here to fix on the site's pages; scan again once it answers.`;
}
