import { inject, injectable } from 'inversify';
import { checkpointText, logOrigin } from '../../domain/log/checkpoint.js';
import { AppConfig } from '../ports/app-config.js';
import { Clock } from '../ports/clock.js';
import { Logger } from '../ports/logger.js';
import { ReportSigner } from '../ports/report-signer.js';
import { Timers } from '../ports/timers.js';
import { TransparencyLog, type LogHead } from '../ports/transparency-log.js';

/** How often every serving process tries to append what was written, and signs a new checkpoint when it did. */
export const SEQUENCE_EVERY_MS = 1000;
/** A checkpoint is signed again at least this often, even when nothing was appended. */
export const CHECKPOINT_RENEW_SECONDS = 60;
const BATCH = 1000;

/**
 * The transparency log's sequencer, run by every serving process once a second: appends the
 * writes recorded since (TransparencyLog.sequence decides, under its lock row, which process does,
 * and the order), then signs the tree head as a C2SP checkpoint (origin: the host of BASE_URL plus
 * `/log`, signed with the report-signing key) when the tree grew or the last one is a minute old.
 * Two processes signing the same tree sign the same bytes (Ed25519 is deterministic).
 */
@injectable()
export class SequenceLog {
  private readonly stopped = new AbortController();
  private running: Promise<void> | undefined;
  private failing = false;
  private readonly origin: string;

  constructor(
    @inject(TransparencyLog) private readonly log: TransparencyLog,
    @inject(ReportSigner) private readonly signer: ReportSigner,
    @inject(Clock) private readonly clock: Clock,
    @inject(Timers) private readonly timers: Timers,
    @inject(Logger) private readonly logger: Logger,
    @inject(AppConfig) config: AppConfig,
  ) {
    this.origin = logOrigin(config.baseUrl);
  }

  /** Starts the loop (idempotent). */
  start(): void {
    this.running ??= this.loop();
  }

  /** Stops the loop and waits for a pass under way. */
  async stop(): Promise<void> {
    this.stopped.abort();
    await this.running;
  }

  /** One pass now: append everything recorded (in batches), then sign when due. Returns the head. */
  async runOnce(): Promise<LogHead> {
    let { appended, head } = await this.log.sequence(this.clock.now(), BATCH);
    while (appended === BATCH) ({ appended, head } = await this.log.sequence(this.clock.now(), BATCH));
    const now = this.clock.now();
    const stale = head.signedAt === null || now.getTime() - Date.parse(head.signedAt) >= CHECKPOINT_RENEW_SECONDS * 1000;
    if (head.checkpointSize === head.size && !stale) return head;
    const note = await this.signer.signNote(checkpointText(this.origin, head.size, head.root), this.origin);
    await this.log.saveCheckpoint(head.size, note, now.toISOString());
    return { ...head, checkpoint: note, checkpointSize: head.size, signedAt: now.toISOString() };
  }

  private async loop(): Promise<void> {
    while (!this.stopped.signal.aborted) {
      try {
        await this.runOnce();
        if (this.failing) this.logger.info({}, 'the transparency log is sequenced again');
        this.failing = false;
      } catch (error) {
        if (!this.failing) this.logger.warn({ err: error }, 'cannot sequence the transparency log; the writes stay recorded and are appended on a later pass');
        this.failing = true;
      }
      await this.timers.sleep(SEQUENCE_EVERY_MS, this.stopped.signal);
    }
  }
}
