import { inject, injectable } from 'inversify';
import type { DomainName } from '../../domain/domain-name.js';
import { judgeSite } from '../../domain/scan/judge/judge-site.js';
import { reportContent } from '../../domain/scan/report-content.js';
import { Clock } from '../ports/clock.js';
import { RandomTokens } from '../ports/random-tokens.js';
import { ReportRepository, type StoredReport } from '../ports/report-repository.js';
import { ReportSigner } from '../ports/report-signer.js';
import { SiteFetcher } from '../ports/site-fetcher.js';
import { Timers } from '../ports/timers.js';
import { runProbes, type ProbeListener } from './probe-runner.js';
import { ObserveCounterparty } from '../counterparty/observe-counterparty.js';

/** The whole scan ends within this, whatever the site does. */
export const SCAN_DEADLINE_MS = 20_000;

/**
 * Scans a site on explicit request: fetches its public resources, judges them under the current
 * methodology, signs the report and stores it with its evidence. An unreachable site still gets a
 * report (score 0, the failures as evidence). Run only by RunScanJob, for a `scan.run` job that
 * SubmitScan queued (or ran inline) after parsing the name and deciding admission; every driving
 * adapter asks for a scan through RequestScan.
 */
@injectable()
export class ScanSite {
  constructor(
    @inject(SiteFetcher) private readonly fetcher: SiteFetcher,
    @inject(ReportRepository) private readonly reports: ReportRepository,
    @inject(ReportSigner) private readonly signer: ReportSigner,
    @inject(RandomTokens) private readonly random: RandomTokens,
    @inject(Clock) private readonly clock: Clock,
    @inject(Timers) private readonly timers: Timers,
    @inject(ObserveCounterparty) private readonly counterparty: ObserveCounterparty,
  ) {}

  async run(domain: DomainName, options: { onProbe?: ProbeListener; reportId?: string } = {}): Promise<StoredReport> {
    const scannedAt = this.clock.now();
    const probes = await runProbes(this.fetcher, domain, this.timers.deadline(SCAN_DEADLINE_MS), options.onProbe);
    const report = judgeSite(options.reportId ?? `rpt_${this.random.token(16)}`, domain, probes, scannedAt);
    const signature = await this.signer.sign(reportContent(report));
    const stored = { report, signature };
    await this.reports.save(stored);
    // What the signed report shows the entity is paid at (x402 destinations), bound as observed.
    await this.counterparty.run(domain, probes, `/reports/${report.id}`);
    return stored;
  }
}
