import { expect } from 'chai';
import { AddEntityInput } from '../../../src/application/registry/add-entity.js';
import { RegisterInput } from '../../../src/application/registration/register-domain.js';
import { zodMessage } from '../../../src/application/input/zod-message.js';

const LIBRARY_WORDING = /Invalid input|Unrecognized key|expected string|received|Invalid URL|Invalid email|Too (big|small)|ISO datetime|Invalid option/;

function messageOf(schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, input: unknown, names = {}): string {
  const parsed = schema.safeParse(input);
  expect(parsed.success).to.equal(false);
  return zodMessage(parsed.error as never, input, names);
}

describe('validation messages a person understands', () => {
  const register = { domain: 'a.com', entity_name: 'A', contact_email: 'owner@a.com' };

  it('names the field as the caller wrote it and says what was expected, in the service’s own words', () => {
    const cases: Array<[unknown, string]> = [
      [{ ...register, x: 1 }, 'unknown field "x".'],
      [{ domain: 'a.com', entity_name: 'A' }, 'contact_email is required.'],
      [{ ...register, website: 'ftp://x' }, 'website must be an absolute http or https URL (https://example.com/).'],
      [{ ...register, contact_email: 'nobody' }, 'contact_email must be an e-mail address (name@example.com).'],
      [{ ...register, entity_type: 'pirate' }, 'entity_type must be one of organization, business, individual, api, infrastructure.'],
      [{ ...register, entity_name: '   ' }, 'entity_name must not be empty.'],
      [{ ...register, domain: 'a'.repeat(2000) }, 'domain must be at most 1024 characters.'],
      [{ ...register, domain: 7 }, 'domain must be text.'],
      ['a.com', 'the request must be a JSON object.'],
    ];
    for (const [input, expected] of cases) {
      const message = messageOf(RegisterInput, input);
      expect(message, JSON.stringify(input).slice(0, 80)).to.equal(expected);
      expect(message).to.not.match(LIBRARY_WORDING);
    }
  });

  it('uses the caller’s spelling of a field when given (the CLI’s --expires), and never echoes the value', () => {
    const message = messageOf(AddEntityInput, { domain: 'a.com', name: 'A', expiresAt: 'tomorrow<script>' }, { expiresAt: '--expires' });
    expect(message).to.equal('--expires must be an ISO 8601 instant with a time zone (2027-01-31T00:00:00Z).');
  });

  it('lists at most five problems in one sentence', () => {
    const message = messageOf(RegisterInput, { a: 1, b: 2 });
    expect(message.split('; ')).to.have.length.at.most(5);
    expect(message).to.match(/^domain is required; entity_name is required; contact_email is required; unknown fields "a", "b"\.$/);
  });
});
