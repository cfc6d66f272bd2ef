import { readFile } from 'node:fs/promises';
import { inject, injectable } from 'inversify';
import { AddEntity } from '../../application/add-entity.js';
import { CheckSignedVerdict } from '../../application/check-signed-verdict.js';
import { AppError, isAppError } from '../../application/errors.js';
import { ImportEntities } from '../../application/import-entities.js';
import { ListEntities } from '../../application/list-entities.js';
import { ListJobQueues } from '../../application/list-job-queues.js';
import { ManageBlocklist } from '../../application/manage-blocklist.js';
import { AppConfig } from '../../application/ports/app-config.js';
import { Clock } from '../../application/ports/clock.js';
import { SchemaMigrator } from '../../application/ports/schema-migrator.js';
import { RecheckProofs } from '../../application/registration/recheck-proofs.js';
import { RequestScan } from '../../application/scan/request-scan.js';
import { lookupEntityJson } from '../../application/views/registry-view.js';
import { parseBlocklistFile } from './blocklist-file.js';
import type { CliIo } from './cli-io.js';
import { blockJson, queueJson } from './cli-json.js';
import { parseEntityFile } from './entity-file.js';
import type { Command } from './parse-command.js';
import { runScanCommand } from './scan-command.js';
import { runScanListCommand } from './scan-list-command.js';
import { parseScanList } from './scan-list-file.js';

// The flags of `entity add`, so that its errors name what the operator typed.
const ENTITY_ADD_FLAGS = { domain: '--domain', name: '--name', type: '--type', level: '--level', expiresAt: '--expires' } as const;

/** Runs the admin commands through the same use cases as the HTTP API. Returns the exit code. */
@injectable()
export class CliCommands {
  constructor(
    @inject(SchemaMigrator) private readonly migrator: SchemaMigrator,
    @inject(AddEntity) private readonly addEntity: AddEntity,
    @inject(ImportEntities) private readonly importEntities: ImportEntities,
    @inject(ListEntities) private readonly listEntities: ListEntities,
    @inject(ManageBlocklist) private readonly blocklist: ManageBlocklist,
    @inject(RequestScan) private readonly requestScan: RequestScan,
    @inject(RecheckProofs) private readonly recheckProofs: RecheckProofs,
    @inject(ListJobQueues) private readonly jobQueues: ListJobQueues,
    @inject(CheckSignedVerdict) private readonly checkSignedVerdict: CheckSignedVerdict,
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async run(command: Exclude<Command, { name: 'serve' | 'worker' | 'help' | 'version' }>, io: CliIo): Promise<number> {
    try {
      return await this.dispatch(command, io);
    } catch (error) {
      if (isAppError(error) && (error.code === 'VALIDATION_ERROR' || error.code === 'NOT_FOUND')) {
        io.err(`vetted: ${error.message}`);
        return 2;
      }
      io.err(`vetted: ${(error as Error).message}`);
      return 1;
    }
  }

  private async dispatch(command: Exclude<Command, { name: 'serve' | 'worker' | 'help' | 'version' }>, io: CliIo): Promise<number> {
    switch (command.name) {
      case 'migrate': {
        const applied = await this.migrator.migrate();
        io.out(applied.length > 0 ? `applied: ${applied.join(', ')}` : 'the schema is up to date');
        return 0;
      }
      case 'entity add': {
        const entity = await this.addEntity.run({
          domain: command.domain,
          name: command.entityName,
          type: command.type as never,
          level: command.level as never,
          expiresAt: command.expires,
        }, ENTITY_ADD_FLAGS);
        io.out(entity.id);
        return 0;
      }
      case 'entity list': {
        const now = this.clock.now();
        const entities = (await this.listEntities.run()).map((e) => lookupEntityJson(e, now) as Record<string, unknown>);
        if (command.json) io.out(JSON.stringify(entities, null, 2));
        else for (const e of entities) io.out([e.id, e.domain, e.name, e.type, e.level, e.status, e.expires_at].join('\t'));
        return 0;
      }
      case 'entity import': {
        const created = await this.importEntities.run(parseEntityFile(command.file, await readText(command.file)));
        io.out(`added ${created.length} ${created.length === 1 ? 'entity' : 'entities'}`);
        return 0;
      }
      case 'block add': {
        const { added } = await this.blocklist.add([{ domain: command.domain, reason: command.reason }]);
        io.out(added === 1 ? `blocked ${command.domain}` : `${command.domain} was already blocked`);
        return 0;
      }
      case 'block remove': {
        const removed = await this.blocklist.remove(command.domain);
        io.out(removed ? `unblocked ${command.domain}` : `${command.domain} was not blocked`);
        return 0;
      }
      case 'block list': {
        const blocks = await this.blocklist.list();
        if (command.json) io.out(JSON.stringify(blocks.map(blockJson), null, 2));
        else for (const b of blocks) io.out([b.domain, b.blockedAt, b.reason].join('\t'));
        return 0;
      }
      case 'recheck': {
        const summary = await this.recheckProofs.run();
        io.out(`checked ${summary.checked}: ${summary.proven} proven, ${summary.failed} failed, ${summary.revoked.length} revoked${summary.revoked.length ? ` (${summary.revoked.join(', ')})` : ''}`);
        return 0;
      }
      case 'jobs': {
        const queues = await this.jobQueues.run();
        if (command.json) io.out(JSON.stringify(queues.map(queueJson), null, 2));
        else for (const q of queues) io.out(`${q.kind.padEnd(14)} waiting ${q.waiting}  active ${q.active}  failed ${q.failed}  completed ${q.completed}`);
        return 0;
      }
      case 'scan':
        return runScanCommand(this.requestScan, this.config.baseUrl, io, command);
      case 'scan list': {
        const entries = parseScanList(command.file === '-' ? await readInput(io) : await readText(command.file));
        if (entries.length === 0) throw new AppError('VALIDATION_ERROR', `${command.file === '-' ? 'standard input' : command.file} lists no domains`);
        return runScanListCommand(this.requestScan, this.config.baseUrl, io, { entries, fresh: command.fresh, gate: command.gate });
      }
      case 'verify-signature': {
        const jwks = command.jwks === undefined ? undefined : parseJsonFile(command.jwks, await readText(command.jwks));
        const check = await this.checkSignedVerdict.run(await readText(command.file), jwks);
        if (command.json) io.out(JSON.stringify(check.valid ? { valid: true, key_id: check.keyId, claims: check.claims } : { valid: false, reason: check.reason }, null, 2));
        else if (check.valid) io.out(verdictSummary(check.claims, check.keyId));
        else io.err(`vetted: invalid: ${check.reason}`);
        return check.valid ? 0 : 1;
      }
      case 'block import': {
        const requests = parseBlocklistFile(await readText(command.file));
        const { added, alreadyBlocked } = await this.blocklist.add(requests);
        io.out(`imported ${added} domains, ${alreadyBlocked} already blocked`);
        return 0;
      }
    }
  }
}

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new AppError('VALIDATION_ERROR', `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`, {}, { cause: error });
  }
}

async function readInput(io: CliIo): Promise<string> {
  if (!io.readInput) throw new AppError('VALIDATION_ERROR', 'standard input cannot be read here; give --file a file name');
  return io.readInput();
}

function parseJsonFile(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AppError('VALIDATION_ERROR', `${file} is not JSON`, {}, { cause: error });
  }
}

/** One line about a valid signed answer: who signed it, about what, and until when it holds. */
function verdictSummary(claims: Readonly<Record<string, unknown>>, keyId: string): string {
  const at = (seconds: unknown) => (typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : 'unknown');
  return `valid: ${String(claims.sub)} (verified ${String(claims.verified)}) signed by ${String(claims.iss)} with key ${keyId} at ${at(claims.iat)}, valid until ${at(claims.exp)}`;
}
