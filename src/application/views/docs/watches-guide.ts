import { DELIVERY_WINDOW_SECONDS, MAX_RETRY_DELAY_SECONDS, retryDelaySeconds } from '../../../domain/events/watch.js';
import { EVENT_TYPES } from '../../../domain/events/watched-state.js';
import { WATCH_SWEEP_SECONDS } from '../../jobs/watch-jobs.js';
import { DEFAULT_WATCH_SETTINGS, type AppConfig } from '../../ports/app-config.js';
import type { DocumentTemplates } from '../../ports/document-templates.js';
import { FETCH_DEADLINE_MS } from '../../ports/site-fetcher.js';
import { MAX_ANSWER_BYTES } from '../../watches/deliver-webhooks.js';
import { LISTED_ATTEMPTS } from '../../watches/manage-watch.js';
import { aDuration, codeList, duration, everyPeriod, kibibytes, shortDuration } from './doc-formats.js';
import { fillTemplate } from './fill-template.js';

/** The first retries the documents show, with the default base; the schedule then doubles up to its ceiling. */
const SHOWN_RETRIES = [1, 2, 3];

/** The "Watches and events" section of /api.md: watches, events, delivery, retries and the threat model. */
export function watchesGuide(templates: DocumentTemplates, baseUrl: string, watches: AppConfig['watches'] = DEFAULT_WATCH_SETTINGS): string {
  return fillTemplate(
    templates.text('watches'),
    {
      base_url: baseUrl,
      listed_attempts: String(LISTED_ATTEMPTS),
      event_types: codeList(EVENT_TYPES),
      sweep_period: everyPeriod(WATCH_SWEEP_SECONDS),
      retry_schedule: SHOWN_RETRIES.map((failures) => shortDuration(retryDelaySeconds(failures, watches.retryBaseSeconds))).join(', '),
      max_retry_delay: aDuration(MAX_RETRY_DELAY_SECONDS),
      delivery_window: duration(DELIVERY_WINDOW_SECONDS, 'hour'),
      watches_per_client: String(watches.perClient),
      watches_per_host: String(watches.perCallbackHost),
      delivery_timeout: shortDuration(FETCH_DEADLINE_MS / 1000),
      answer_read_limit: kibibytes(MAX_ANSWER_BYTES),
    },
    'watches',
  );
}
