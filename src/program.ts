/**
 * The program as one bundle (scripts/bundle.mjs makes dist/vetted.mjs of it): the command line's
 * `main`, which bin/vetted.js runs, and what starts one service or worker instance from the
 * environment's configuration, which a process manager or a test may call instead.
 */
export { loadConfig } from './adapters/config/load-config.js';
export { main } from './cli.js';
export { startService, startWorker } from './service.js';
