import { duration } from '../../../application/views/docs/doc-formats.js';
import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { AppConfig } from '../../../application/ports/app-config.js';
import { REUSE_WINDOW_SECONDS, RequestScan } from '../../../application/scan/request-scan.js';
import { scanResultJson } from '../../../application/views/scan-result-view.js';
import { TOOL_OUTPUTS } from '../../../application/views/answer-schemas.js';
import type { ToolCaller, VettedTool } from '../vetted-tool.js';
import { domainArg, UNTRUSTED_RULE } from './tool-args.js';

const input = z.strictObject({ domain: domainArg });
const output = TOOL_OUTPUTS.scan_domain;

/** scan_domain: RequestScan under the caller's scan budget, answered as the scan result. */
@injectable()
export class ScanDomainTool implements VettedTool<typeof input, typeof output> {
  readonly name = 'scan_domain';
  readonly title = 'Scan a domain';
  readonly description =
    'Requests a scan of a domain: fetches a few public resources of the site, stores a signed report with its evidence, and returns report_id, links, score, readiness, methodology_version and scanned_at. ' +
    'A report of the current methodology from the last ten minutes is returned instead (reused true, age_seconds) without fetching. Fresh scans are budgeted per client, per domain and globally; ' +
    `when a budget is spent the error RATE_LIMITED (or SCAN_UNAVAILABLE) says "retry after N seconds" and _meta["vetted/retry_after_seconds"] holds N; get_report and verify_domain keep working. ${UNTRUSTED_RULE}`;
  readonly input = input;
  readonly output = output;
  readonly hints = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };
  readonly summary =
    'Fetches a few public resources of a site and stores a signed, evidence-backed report of its agent readiness; a report under ten minutes old is reused.';
  readonly tags = ['scan', 'readiness', 'websites'];
  readonly usage = {
    arguments: '`domain`',
    effect: `requests a scan: fetches a few public resources, stores a signed report, returns \`report_id\`, links, score, readiness, \`methodology_version\`, \`scanned_at\`, \`reused\`, \`age_seconds\`. A report of the current methodology from the last ${duration(REUSE_WINDOW_SECONDS, 'minute')} is reused instead (\`reused\` true).`,
  };

  constructor(
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(RequestScan) private readonly requestScan: RequestScan,
  ) {}

  async run({ domain }: z.output<typeof input>, caller: ToolCaller): Promise<z.input<typeof output>> {
    return scanResultJson(await this.requestScan.run({ domain, clientId: caller.clientId, allowReuse: true }), this.config.baseUrl);
  }
}
