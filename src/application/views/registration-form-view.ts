import { z } from 'zod';
import { ENTITY_TYPES, type EntityType } from '../../domain/entity.js';
import type { AppError } from '../errors.js';
import { zodMessage } from '../input/zod-message.js';

/** The fields of the registration form, named as POST /register's JSON body names them. */
export const REGISTRATION_FORM_FIELDS = ['domain', 'entity_name', 'entity_type', 'contact_email', 'website'] as const;
type RegistrationFormField = (typeof REGISTRATION_FORM_FIELDS)[number];
/** What a person typed, field by field (a field left empty is absent). */
export type RegistrationFormValues = Partial<Record<RegistrationFormField, string>>;

export interface RegistrationFormFieldView {
  readonly name: RegistrationFormField;
  readonly label: string;
  readonly hint: string;
  /** What the person typed, kept when the form comes back with a problem. */
  readonly value: string;
  readonly required: boolean;
  readonly input: 'text' | 'email' | 'url' | 'select';
  readonly maxLength: number;
  readonly autocomplete: string;
  readonly options?: readonly { readonly value: string; readonly label: string }[];
  /** Why the value was refused, in words, when it was. */
  readonly problem?: string;
}

export interface RegistrationFormView {
  readonly fields: readonly RegistrationFormFieldView[];
  /** Every problem, in the order of the fields, for the summary at the top. */
  readonly problems: readonly { readonly field: RegistrationFormField; readonly label: string; readonly message: string }[];
}

const TYPE_LABELS: Readonly<Record<EntityType, string>> = {
  organization: 'Organisation',
  business: 'Business',
  individual: 'Individual',
  api: 'API',
  infrastructure: 'Infrastructure',
};

// How the messages name each field: a person reads them beside the form, not the JSON keys.
const SPOKEN: Readonly<Record<RegistrationFormField, string>> = {
  domain: 'The domain',
  entity_name: 'The organisation name',
  entity_type: 'The type',
  contact_email: 'The contact e-mail',
  website: 'The website',
};

type FieldShape = Omit<RegistrationFormFieldView, 'value' | 'problem'>;
const SHAPES: readonly FieldShape[] = [
  {
    name: 'domain',
    label: 'Domain',
    hint: 'The domain or host name to verify, such as example.com.',
    required: true,
    input: 'text',
    maxLength: 253,
    autocomplete: 'off',
  },
  {
    name: 'entity_name',
    label: 'Organisation name',
    hint: 'The name people know you by, up to 200 characters.',
    required: true,
    input: 'text',
    maxLength: 200,
    autocomplete: 'organization',
  },
  {
    name: 'entity_type',
    label: 'Type',
    hint: 'What kind of entity stands behind the domain.',
    required: true,
    input: 'select',
    maxLength: 32,
    autocomplete: 'off',
    options: ENTITY_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] })),
  },
  {
    name: 'contact_email',
    label: 'Contact e-mail',
    hint: 'The confirmation link is sent here.',
    required: true,
    input: 'email',
    maxLength: 320,
    autocomplete: 'email',
  },
  {
    name: 'website',
    label: 'Website (optional)',
    hint: 'An http or https address, such as https://example.com/.',
    required: false,
    input: 'url',
    maxLength: 2048,
    autocomplete: 'url',
  },
];

/**
 * The registration form: empty, or as the person sent it with each of RegisterDomain's
 * VALIDATION_ERROR problems beside its field. The schema's issues (the error's cause) go to the
 * field they concern; every other refusal of the use case is about the domain (its syntax, a
 * public suffix, already verified, blocked).
 */
export function registrationFormView(values: RegistrationFormValues = {}, error?: AppError): RegistrationFormView {
  const problems = error ? fieldProblems(error, values) : new Map<RegistrationFormField, string>();
  const fields = SHAPES.map((shape) => {
    const value = values[shape.name] ?? (shape.name === 'entity_type' ? 'organization' : '');
    const problem = problems.get(shape.name);
    return { ...shape, value, ...(problem ? { problem } : {}) };
  });
  return {
    fields,
    problems: fields.flatMap((f) => (f.problem ? [{ field: f.name, label: f.label, message: f.problem }] : [])),
  };
}

function fieldProblems(error: AppError, values: RegistrationFormValues): Map<RegistrationFormField, string> {
  const out = new Map<RegistrationFormField, string>();
  if (!(error.cause instanceof z.ZodError)) {
    out.set('domain', error.message);
    return out;
  }
  const byField = new Map<RegistrationFormField, z.core.$ZodIssue[]>();
  for (const issue of error.cause.issues) {
    const key = String(issue.path[0] ?? '');
    const field = (REGISTRATION_FORM_FIELDS as readonly string[]).includes(key) ? (key as RegistrationFormField) : 'domain';
    byField.set(field, [...(byField.get(field) ?? []), issue]);
  }
  for (const [field, issues] of byField) out.set(field, zodMessage(new z.ZodError(issues), values, SPOKEN));
  return out;
}
