import { inject, injectable } from 'inversify';
import { ListJobQueues } from '../../../application/operations/list-job-queues.js';
import type { CliCommand, CommandSpec } from '../cli-command.js';
import type { CliIo } from '../cli-io.js';
import { queueJson } from '../cli-json.js';

interface JobsInput {
  readonly json: boolean;
}

const SPEC: CommandSpec<JobsInput> = {
  name: 'jobs',
  summary: 'list the job queues: waiting, active, failed, completed',
  options: { json: { type: 'boolean', help: 'print an array of {kind, waiting, active, failed, completed}' } },
  details: ["On PostgreSQL these are the queues every instance shares; on SQLite the queue is in-process, so this shows only the command's own (empty) one."],
  parse: (args) => ({ json: args.flag('json') }),
};

/** `vetted jobs [--json]`: ListJobQueues. */
@injectable()
export class JobsCommand implements CliCommand<JobsInput> {
  static readonly spec = SPEC;
  readonly spec = SPEC;

  constructor(@inject(ListJobQueues) private readonly jobQueues: ListJobQueues) {}

  async run(input: JobsInput, io: CliIo): Promise<number> {
    const queues = await this.jobQueues.run();
    if (input.json) io.out(JSON.stringify(queues.map(queueJson), null, 2));
    else for (const q of queues) io.out(`${q.kind.padEnd(14)} waiting ${q.waiting}  active ${q.active}  failed ${q.failed}  completed ${q.completed}`);
    return 0;
  }
}
