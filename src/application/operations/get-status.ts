import { inject, injectable } from 'inversify';
import { SERVICE_VERSION } from '../../domain/service-info.js';
import { Clock } from '../ports/clock.js';

export interface ServiceStatus {
  readonly status: 'operational';
  readonly version: string;
  readonly timestamp: string;
}

/** GET /status: a health answer that needs no database. */
@injectable()
export class GetStatus {
  constructor(@inject(Clock) private readonly clock: Clock) {}

  run(): ServiceStatus {
    return { status: 'operational', version: SERVICE_VERSION, timestamp: this.clock.now().toISOString() };
  }
}
