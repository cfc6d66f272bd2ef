import { inject, injectable } from 'inversify';
import { RebuildVerdictFacts } from '../../../application/operations/rebuild-verdict-facts.js';
import type { CliCommand, CommandSpec } from '../cli-command.js';
import type { CliIo } from '../cli-io.js';

interface FactsRebuildInput {
  readonly json: boolean;
}

const SPEC: CommandSpec<FactsRebuildInput> = {
  name: 'facts rebuild',
  summary: 'recompute the per-name facts GET /verify reads, from the registry tables',
  options: { json: { type: 'boolean', help: 'print {names}' } },
  details: [
    'Every write keeps them current by itself; run this after data was written around the database triggers (a restored dump, a bulk load with triggers off).',
    'Writers wait while it runs (one transaction); answers that instances cached before it are kept no longer than their cache lifetime.',
  ],
  parse: (args) => ({ json: args.flag('json') }),
};

/** `vetted facts rebuild [--json]`: RebuildVerdictFacts. */
@injectable()
export class FactsRebuildCommand implements CliCommand<FactsRebuildInput> {
  static readonly spec = SPEC;
  readonly spec = SPEC;

  constructor(@inject(RebuildVerdictFacts) private readonly rebuild: RebuildVerdictFacts) {}

  async run(input: FactsRebuildInput, io: CliIo): Promise<number> {
    const names = await this.rebuild.run();
    io.out(input.json ? JSON.stringify({ names }) : `facts rebuilt for ${names} name${names === 1 ? '' : 's'}`);
    return 0;
  }
}
