import { isRecord, readDomainObject } from './read-domain-object.js';

/** What an RDAP domain answer says about the registration, before any network concern. */
export type RegistrationReading = { readonly registeredAt: string } | { readonly error: 'bad_response' | 'undisclosed'; readonly message: string };

// RFC 3339 date-time, as RFC 9083 section 4.5 requires for eventDate.
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/i;
const MAX_EVENTS = 256;
// Registrations older than the DNS itself are data errors, not old domains.
const EARLIEST_PLAUSIBLE = Date.UTC(1985, 0, 1);

/**
 * Reads the `registration` event of an RDAP domain object (RFC 9083 sections 4.5 and 5.3). Several
 * registration events give the earliest. Anything that is not a domain object about `domain` (when
 * it names one in `ldhName`) or carries a malformed date is a bad_response; a well-formed object
 * without a registration event is `undisclosed` (some registries, DENIC for one, publish none).
 * `body` is expected to be capped already; parsing is bounded by its size.
 */
export function readRegistrationDate(body: Uint8Array, domain: string): RegistrationReading {
  const reading = readDomainObject(body, domain);
  if ('problem' in reading) return bad(reading.problem);
  const json = reading.object;
  const events = json.events;
  if (events === undefined) return undisclosed();
  if (!Array.isArray(events)) return bad('events is not a list');
  let earliest: number | undefined;
  for (const event of events.slice(0, MAX_EVENTS)) {
    if (!isRecord(event) || typeof event.eventAction !== 'string') continue;
    if (event.eventAction.toLowerCase() !== 'registration') continue;
    const text = event.eventDate;
    if (typeof text !== 'string' || text.length > 40 || !RFC3339.test(text)) {
      return bad('the registration event has no RFC 3339 eventDate');
    }
    const instant = Date.parse(text);
    if (Number.isNaN(instant) || instant < EARLIEST_PLAUSIBLE) return bad(`implausible registration date ${text}`);
    earliest = earliest === undefined ? instant : Math.min(earliest, instant);
  }
  return earliest === undefined ? undisclosed() : { registeredAt: new Date(earliest).toISOString() };
}

function bad(message: string): RegistrationReading {
  return { error: 'bad_response', message };
}

function undisclosed(): RegistrationReading {
  return { error: 'undisclosed', message: 'the registry publishes no registration event for this domain' };
}
