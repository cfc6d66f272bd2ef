import { REGISTRATION_FORM_FIELDS, type RegistrationFormValues } from '../../application/views/registration-form-view.js';

/**
 * The registration form's fields from an `application/x-www-form-urlencoded` body: the first value
 * of each known field, trimmed, an empty one left out (so the use case says it is required, and an
 * empty website is no website); anything else sent (the button, unknown names) is ignored.
 */
export function parseRegistrationForm(body: string): RegistrationFormValues {
  const form = new URLSearchParams(body);
  const values: RegistrationFormValues = {};
  for (const field of REGISTRATION_FORM_FIELDS) {
    const value = form.get(field)?.trim();
    if (value) values[field] = value;
  }
  return values;
}
