import type { Knex } from 'knex';
import { nextRecheckAt } from '../../src/domain/registration/proof-recheck.js';
import { CHALLENGE_LABEL, TXT_PREFIX } from '../../src/domain/registration/registration.js';
import type { TestDnsServer } from './dns-server.js';

const HOUR_MS = 3_600_000;

/** One seeded entity and its proof, as a test needs to check on it. */
export interface SeededProof {
  readonly entityId: string;
  readonly domain: string;
  readonly contactEmail: string;
  readonly code: string;
  /** `_vetted-challenge.<domain>`: the name the re-check asks first. */
  readonly challengeName: string;
}

/**
 * Active entities with DNS proofs that are due now, written straight into entities and
 * entity_proofs. `kind: 'holds'`: the proof held 31 days ago (one look proves it again, when the
 * record is published). `kind: 'revokes'`: two failed looks, the first 100 hours ago and the last
 * 25 hours ago, so a third failed look revokes the entity.
 */
export async function seedDueProofs(db: Knex, count: number, options: { prefix: string; kind: 'holds' | 'revokes' }): Promise<SeededProof[]> {
  const now = Date.now();
  const seeded = Array.from({ length: count }, (_, i) => {
    const n = String(i).padStart(4, '0');
    const domain = `${options.prefix}-${n}.example.com`;
    return {
      entityId: `ent_${options.prefix}${n}`,
      domain,
      contactEmail: `owner-${n}@${domain}`,
      code: `code${options.prefix}${n}`,
      challengeName: `${CHALLENGE_LABEL}.${domain}`,
    };
  });
  const state =
    options.kind === 'holds'
      ? { lastCheckedAt: new Date(now - 31 * 24 * HOUR_MS).toISOString(), failures: 0, firstFailureAt: null }
      : { lastCheckedAt: new Date(now - 25 * HOUR_MS).toISOString(), failures: 2, firstFailureAt: new Date(now - 100 * HOUR_MS).toISOString() };
  const at = new Date(now - 40 * 24 * HOUR_MS).toISOString();
  for (let i = 0; i < seeded.length; i += 200) {
    const chunk = seeded.slice(i, i + 200);
    await db('entities').insert(
      chunk.map((s, j) => ({
        id: s.entityId,
        slug: options.prefix,
        seq: i + j + 1,
        name: `Owner of ${s.domain}`,
        domain: s.domain,
        type: 'business',
        level: 'verified',
        coverage: 'zone',
        status: 'active',
        verified_at: at,
        expires_at: new Date(now + 300 * 24 * HOUR_MS).toISOString(),
        created_at: at,
      })),
    );
    await db('entity_proofs').insert(
      chunk.map((s) => ({
        entity_id: s.entityId,
        domain: s.domain,
        method: 'dns_txt',
        verification_code: s.code,
        contact_email: s.contactEmail,
        last_checked_at: state.lastCheckedAt,
        failures: state.failures,
        first_failure_at: state.firstFailureAt,
        due_at: nextRecheckAt(state),
        claimed_until: null,
        revocation_mail_due: false,
      })),
    );
  }
  return seeded;
}

/** Publishes each proof's TXT record at its challenge name. */
export function publishProofs(dns: TestDnsServer, proofs: readonly SeededProof[]): void {
  for (const p of proofs) dns.set(p.challengeName, { TXT: [`${TXT_PREFIX}${p.code}`] });
}

/** TXT lookups per name, from the server's log (see TestDnsServer.lookups). */
export function txtQuestionsByName(dns: TestDnsServer): Map<string, number> {
  // Lookups, not packets: a resolver re-sends a question it got no timely answer to under the same
  // transaction id, which is one look.
  const seen = new Set<string>();
  const counts = new Map<string, number>();
  for (const q of dns.queries) {
    if (q.type !== 'TXT' || seen.has(`${q.name} ${q.id}`)) continue;
    seen.add(`${q.name} ${q.id}`);
    counts.set(q.name, (counts.get(q.name) ?? 0) + 1);
  }
  return counts;
}
