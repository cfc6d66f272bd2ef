import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { AppConfig } from '../../../application/ports/app-config.js';
import { GetReport } from '../../../application/scan/get-report.js';
import { reportLinks } from '../../../application/views/report-links.js';
import { reportJson } from '../../../application/views/report-view.js';
import { TOOL_OUTPUTS } from '../../../application/views/answer-schemas.js';
import type { VettedTool } from '../vetted-tool.js';
import { domainArg, READS_STORED_DATA, UNTRUSTED_RULE } from './tool-args.js';

const input = z
  .strictObject({
    domain: domainArg.optional(),
    report_id: z.string().min(1).max(128).optional().describe('A report id such as rpt_… from an earlier answer.'),
  })
  .refine((a) => (a.domain === undefined) !== (a.report_id === undefined), 'pass exactly one of domain and report_id');
const output = TOOL_OUTPUTS.get_report;

/** get_report: GetReport, by domain or id, answered as the report document. */
@injectable()
export class GetReportTool implements VettedTool<typeof input, typeof output> {
  readonly name = 'get_report';
  readonly title = 'Get a stored scan report';
  readonly description =
    'Returns the latest stored scan report of a domain (pass domain) or one report (pass report_id): checks, score, evidence with its URLs, and the Ed25519 signature. Reads stored data only; never starts a scan. ' +
    `${UNTRUSTED_RULE} Errors: NOT_FOUND when the domain was never scanned or the id is unknown, VALIDATION_ERROR for a malformed domain.`;
  readonly input = input;
  readonly output = output;
  readonly hints = READS_STORED_DATA;
  readonly summary = 'The latest stored scan report of a domain, or one report by id: checks, score, evidence and signature. Never scans.';
  readonly tags = ['reports', 'evidence'];
  readonly usage = {
    arguments: '`domain` or `report_id` (exactly one)',
    effect: 'the latest stored report of a domain, or one report: checks, score, evidence and its URLs, signature. Reads only; starts no scan.',
  };

  constructor(
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(GetReport) private readonly getReport: GetReport,
  ) {}

  async run({ domain, report_id }: z.output<typeof input>): Promise<z.input<typeof output>> {
    const { baseUrl } = this.config;
    const stored = report_id !== undefined ? await this.getReport.byId(report_id) : await this.getReport.latest(domain ?? '');
    return reportJson(stored, reportLinks(baseUrl, stored.report.id, stored.report.evidence.length), baseUrl);
  }
}
