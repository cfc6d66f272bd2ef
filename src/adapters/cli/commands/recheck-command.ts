import { inject, injectable } from 'inversify';
import { RecheckProofs } from '../../../application/registration/recheck-proofs.js';
import type { CliCommand, CommandSpec } from '../cli-command.js';
import type { CliIo } from '../cli-io.js';

const SPEC: CommandSpec<null> = {
  name: 'recheck',
  summary: "look again at every verified entity's proof that is due (for cron)",
  details: [
    'Claims and checks the due proofs in this process and prints what was checked and revoked. For cron when the schedule is off (RECHECK_INTERVAL_MINUTES=0); safe beside running workers, as each due proof is claimed by one of them.',
  ],
  parse: () => null,
};

/** `vetted recheck`: RecheckProofs. */
@injectable()
export class RecheckCommand implements CliCommand<null> {
  static readonly spec = SPEC;
  readonly spec = SPEC;

  constructor(@inject(RecheckProofs) private readonly recheckProofs: RecheckProofs) {}

  async run(_input: null, io: CliIo): Promise<number> {
    const summary = await this.recheckProofs.run();
    const revoked = summary.revoked.length > 0 ? ` (${summary.revoked.join(', ')})` : '';
    io.out(`checked ${summary.checked}: ${summary.proven} proven, ${summary.failed} failed, ${summary.revoked.length} revoked${revoked}`);
    return 0;
  }
}
