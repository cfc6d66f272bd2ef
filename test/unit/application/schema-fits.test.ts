import { expect } from 'chai';
import { z } from 'zod';
import type { Evidence } from '../../../src/domain/trust/evidence.js';
import type { TrustSignals } from '../../../src/domain/trust/trust-signals.js';
import { fits } from '../../../src/application/views/schema-kit.js';
import { trustSignalsSchema } from '../../../src/application/views/trust-schema.js';

// The trust answer's signals are declared in the domain (TrustSignals) and described in zod
// (trustSignalsSchema); `fits` makes the compiler refuse any difference between the two, so a field
// added to one side alone fails `npm run typecheck` (part of npm test), not a reader later.
describe('answer schemas tied to their domain types', () => {
  it('compiles the signals schema against TrustSignals, and refuses a field on one side only', () => {
    expect(fits<TrustSignals>()(trustSignalsSchema)).to.equal(trustSignalsSchema);
    const extraField = trustSignalsSchema.extend({ ssl: trustSignalsSchema.shape.ssl.extend({ issuer: z.string() }) });
    // @ts-expect-error: the domain's SslSignal has no issuer.
    fits<TrustSignals>()(extraField);
    const missingField = trustSignalsSchema.extend({ ssl: trustSignalsSchema.shape.ssl.omit({ days_to_expiry: true }) });
    // @ts-expect-error: the schema lost days_to_expiry, which the domain's SslSignal has.
    fits<TrustSignals>()(missingField);
    const evidence = z.object({ complete: z.boolean() });
    // @ts-expect-error: Evidence has more than `complete`.
    fits<Evidence>()(evidence);
  });
});
