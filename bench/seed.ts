// Fast seeding for the benchmarks: rows shaped exactly as the repositories write them, inserted in
// transactions of CHUNK rows with the change triggers off (see withoutChangeTriggers).
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import type { Knex } from 'knex';
import { isSqlite } from '../src/adapters/persistence/create-knex.js';
import { formatEntityId } from '../src/domain/entity-id.js';
import { nextRecheckAt } from '../src/domain/registration/proof-recheck.js';
import { summarizeReport, type Report } from '../src/domain/scan/report.js';
import { aReport } from '../test/support/hostile-report.js';
import { withoutChangeTriggers } from './bench-database.js';

const CHUNK = 10_000;
const DAY_MS = 86_400_000;

/** The domain of seeded row `g` (1-based); every seeded table uses the same names. */
export const benchDomain = (g: number): string => `company${g}.com`;
/** The id of the report of row `g`: `rpt_bench` and twelve digits, the shape GetReport accepts. */
export const benchReportId = (g: number): string => `rpt_bench${String(g).padStart(12, '0')}`;
/** The verification code of a seeded proof, derived from its domain so that a DNS server can compute it. */
export const benchVerificationCode = (domain: string): string => createHash('sha256').update(`bench:${domain}`).digest('hex').slice(0, 32);

/**
 * Entities `from`..`to` (active, verified, zone coverage) and their DNS proofs, all due: last
 * checked 31 days ago, so `due_at` (nextRecheckAt) is a day in the past. Batch inserts from here.
 */
export async function seedDueProofs(db: Knex, from: number, to: number, onProgress: (done: number) => void): Promise<void> {
  const now = Date.now();
  const verifiedAt = new Date(now - 60 * DAY_MS).toISOString();
  const expiresAt = new Date(now + 300 * DAY_MS).toISOString();
  // SQLite takes at most 32,766 bound values per statement: 500 rows of 12 columns stay well under.
  const perStatement = 500;
  await withoutChangeTriggers(db, async (inTransaction) => {
    for (let start = from; start <= to; start += CHUNK) {
      const end = Math.min(to, start + CHUNK - 1);
      const gs = Array.from({ length: end - start + 1 }, (_, i) => start + i);
      await inTransaction(async (trx) => {
        await trx.batchInsert(
          'entities',
          gs.map((g) => ({
            id: formatEntityId('company', g),
            slug: 'company',
            seq: g,
            name: `Company ${g}`,
            domain: benchDomain(g),
            type: 'business',
            level: 'verified',
            coverage: 'zone',
            status: 'active',
            verified_at: verifiedAt,
            expires_at: expiresAt,
            created_at: verifiedAt,
          })),
          perStatement,
        );
        await trx.batchInsert(
          'entity_proofs',
          gs.map((g) => {
            // Spread over a minute, so the sweep's ORDER BY due_at has something to order.
            const state = { lastCheckedAt: new Date(now - 31 * DAY_MS - (g % 60_000)).toISOString(), failures: 0, firstFailureAt: null };
            return {
              entity_id: formatEntityId('company', g),
              domain: benchDomain(g),
              method: 'dns_txt',
              verification_code: benchVerificationCode(benchDomain(g)),
              contact_email: `owner@${benchDomain(g)}`,
              last_checked_at: state.lastCheckedAt,
              failures: 0,
              first_failure_at: null,
              due_at: nextRecheckAt(state),
              claimed_until: null,
              revocation_mail_due: false,
            };
          }),
          perStatement,
        );
      });
      onProgress(end - from + 1);
    }
  });
}

/** One small real report (three checks, two evidence items) with its id and domain as placeholders, as stored by KnexReportRepository. */
function reportTemplate(): { report: string; summary: string; signature: string; evidence: string[]; methodologyVersion: string; score: number } {
  const real: Report = aReport({ id: benchReportId(0) });
  const { evidence, ...rest } = real;
  const placeholders = (json: string) =>
    json.replaceAll(benchReportId(0), '__RID__').replaceAll('example.com', '__DOMAIN__').replaceAll(real.scannedAt, '__AT__');
  // A real Ed25519 signature of the template's content; rows keep it unchanged (nothing re-verifies on read).
  const { privateKey } = generateKeyPairSync('ed25519');
  const digest = createHash('sha256').update(JSON.stringify(rest)).digest();
  const signature = {
    contentSha256: digest.toString('hex'),
    algorithm: 'Ed25519',
    keyId: 'bench-key',
    value: sign(null, digest, privateKey).toString('base64url'),
  };
  return {
    report: placeholders(JSON.stringify(rest)),
    summary: placeholders(JSON.stringify(summarizeReport(real))),
    signature: JSON.stringify(signature),
    evidence: evidence.map((item) => placeholders(JSON.stringify(item))),
    methodologyVersion: real.methodologyVersion,
    score: real.score,
  };
}

/**
 * Rows `from`..`to` of the read-scale registry: for each, an active entity and one report with its
 * evidence, under `company<g>.com`. The rows are generated by the database itself from one
 * template (INSERT ... SELECT over a series, replace() for the id, the domain and the scan time),
 * CHUNK rows a transaction, so a million rows cost no round trips of their own.
 */
export async function seedRegistry(db: Knex, from: number, to: number, onProgress: (done: number) => void): Promise<void> {
  const t = reportTemplate();
  const sqlite = isSqlite(db);
  // A series of g over [from, to] as a FROM item, with the id, the domain and the scan time of each row.
  const series = sqlite
    ? `(WITH RECURSIVE seq(g) AS (SELECT :from UNION ALL SELECT g + 1 FROM seq WHERE g < :to)
        SELECT g, 'rpt_bench' || printf('%012d', g) AS rid, 'company' || g || '.com' AS dom, :at AS at FROM seq) s`
    : `(SELECT g, 'rpt_bench' || lpad(CAST(g AS text), 12, '0') AS rid, 'company' || g || '.com' AS dom, CAST(:at AS text) AS at
          FROM generate_series(CAST(:from AS int), CAST(:to AS int)) AS g) s`;
  const entitySeq = sqlite ? `printf('%03d', g)` : `CASE WHEN g < 100 THEN lpad(CAST(g AS text), 3, '0') ELSE CAST(g AS text) END`;
  const fill = (binding: string) => `replace(replace(replace(CAST(:${binding} AS text), '__RID__', rid), '__DOMAIN__', dom), '__AT__', at)`;
  const verifiedAt = new Date(Date.now() - 60 * DAY_MS).toISOString();
  const expiresAt = new Date(Date.now() + 300 * DAY_MS).toISOString();
  await withoutChangeTriggers(db, async (inTransaction) => {
    for (let start = from; start <= to; start += CHUNK) {
      const end = Math.min(to, start + CHUNK - 1);
      // Each domain has one report; the reports of a chunk share a scan time, a second apart from the next chunk's.
      const at = new Date(Date.now() - 30 * DAY_MS + start * 1000).toISOString();
      const range = { from: start, to: end, at };
      await inTransaction(async (trx) => {
        await trx.raw(
          `INSERT INTO entities (id, slug, seq, name, domain, type, level, coverage, status, verified_at, expires_at, created_at)
           SELECT 'ent_company' || ${entitySeq}, 'company', g, 'Company ' || g, dom, 'business', 'verified', 'zone', 'active', :verifiedAt, :expiresAt, :verifiedAt FROM ${series}`,
          { ...range, verifiedAt, expiresAt },
        );
        await trx.raw(
          `INSERT INTO reports (id, domain, scanned_at, methodology_version, score, report, summary, signature)
           SELECT rid, dom, at, :version, :score, ${fill('report')}, ${fill('summary')}, :signature FROM ${series}`,
          { ...range, version: t.methodologyVersion, score: t.score, report: t.report, summary: t.summary, signature: t.signature },
        );
        for (const [i, item] of t.evidence.entries()) {
          await trx.raw(`INSERT INTO report_evidence (report_id, n, item) SELECT rid, :n, ${fill('item')} FROM ${series}`, { ...range, n: i + 1, item });
        }
      });
      onProgress(end - from + 1);
    }
  });
}
