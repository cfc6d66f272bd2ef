import type { z } from 'zod';

/** How a caller spells the fields, where that differs from the schema's keys (`expiresAt` → `--expires`). */
export type FieldNames = Readonly<Record<string, string>>;

const KIND: Readonly<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'a JSON object',
  array: 'a list',
};
const FORMAT: Readonly<Record<string, string>> = {
  email: 'an e-mail address (name@example.com)',
  url: 'an absolute http or https URL (https://example.com/)',
  datetime: 'an ISO 8601 instant with a time zone (2027-01-31T00:00:00Z)',
  date: 'a date (2027-01-31)',
};

/**
 * One sentence a person understands from a failed validation: each problem (five at most) names
 * the field as the caller wrote it (`names` maps schema keys to the caller's spelling) and says
 * what was expected, in words of this service, never the validation library's. `input` is what
 * the caller sent, to tell a missing field from a wrong one. Values are never echoed.
 */
export function zodMessage(error: z.ZodError, input?: unknown, names: FieldNames = {}): string {
  const problems = error.issues.slice(0, 5).map((issue) => describe(issue, input, names));
  return `${problems.join('; ')}.`;
}

function describe(issue: z.core.$ZodIssue, input: unknown, names: FieldNames): string {
  const field = fieldName(issue.path, names);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.path.length > 0 && valueAt(input, issue.path) === undefined) return `${field} is required`;
      if (issue.path.length === 0) return `the request must be ${KIND[issue.expected] ?? issue.expected}`;
      return `${field} must be ${KIND[issue.expected] ?? issue.expected}`;
    }
    case 'unrecognized_keys': {
      const where = issue.path.length > 0 ? ` in ${field}` : '';
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys
        .slice(0, 5)
        .map((k) => quote(k.slice(0, 40)))
        .join(', ')}${where}`;
    }
    case 'invalid_format':
      return `${field} must be ${FORMAT[issue.format] ?? `in the ${issue.format} format`}`;
    case 'invalid_value':
      return `${field} must be one of ${issue.values.map((v) => String(v)).join(', ')}`;
    case 'too_big':
      return issue.origin === 'string' ? `${field} must be at most ${String(issue.maximum)} characters` : `${field} must be at most ${String(issue.maximum)}`;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? `${field} must not be empty` : `${field} must be at least ${String(issue.minimum)} characters`;
      return `${field} must be at least ${String(issue.minimum)}`;
    case 'custom':
      // Our own refinements carry our own words.
      return issue.path.length > 0 ? `${field}: ${issue.message}` : issue.message;
    default:
      return `${field} is not valid`;
  }
}

function fieldName(path: readonly PropertyKey[], names: FieldNames): string {
  if (path.length === 0) return 'the request';
  const key = path.map(String).join('.');
  return names[key] ?? key;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function quote(key: string): string {
  return JSON.stringify(key);
}
