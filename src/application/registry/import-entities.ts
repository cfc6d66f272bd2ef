import { inject, injectable } from 'inversify';
import type { Entity } from '../../domain/entity.js';
import { AddEntityInput, newEntityFrom } from './add-entity.js';
import { AppError, isAppError } from '../errors.js';
import { Clock } from '../ports/clock.js';
import { EntityRepository, type NewEntity } from '../ports/entity-repository.js';
import { RegistryReadCache } from '../caching/registry-read-cache.js';
import { zodMessage } from '../input/zod-message.js';
import { FirstObservations } from '../trust/first-observations.js';

// AddEntity's rules, with the field spelled as import files (and the API) spell it.
const ImportFields = AddEntityInput.omit({ expiresAt: true }).extend({ expires_at: AddEntityInput.shape.expiresAt });

/** The fields a line of an import file may have: domain and name, and optional type, level, expires_at. */
export const IMPORT_FIELDS: readonly string[] = Object.keys(ImportFields.shape);

/** One line of an import file: its fields, or why its format could not be read there (no final period). */
export type ImportLine = { readonly line: number; readonly fields: Readonly<Record<string, unknown>> } | { readonly line: number; readonly unreadable: string };

const MAX_LISTED = 10;

/**
 * `vetted entity import FILE`: many verified entities at once, all or nothing. Every line is
 * checked first against AddEntity's rules (and no two lines may name the same domain and name);
 * one bad line and nothing is stored: VALIDATION_ERROR names each bad line (`line 3: domain is
 * required.`). Then all are stored in one transaction (`EntityRepository.createMany`), so a storage
 * failure midway stores none of them: its error is thrown as it came and the read cache is left
 * alone. Importing the same file twice adds its entities twice, as `entity add` would.
 */
@injectable()
export class ImportEntities {
  constructor(
    @inject(EntityRepository) private readonly entities: EntityRepository,
    @inject(RegistryReadCache) private readonly cache: RegistryReadCache,
    @inject(Clock) private readonly clock: Clock,
    @inject(FirstObservations) private readonly first: FirstObservations,
  ) {}

  /** Returns the entities created, in the order of the lines. */
  async run(lines: readonly ImportLine[]): Promise<Entity[]> {
    const now = this.clock.now();
    const problems: string[] = [];
    const accepted: NewEntity[] = [];
    const firstLine = new Map<string, number>();
    for (const line of lines) {
      const checked = 'unreadable' in line ? line.unreadable : toNewEntity(line.fields, now);
      if (typeof checked === 'string') {
        problems.push(`line ${line.line}: ${checked.replace(/\.$/, '')}.`);
        continue;
      }
      const key = `${checked.domain} ${checked.name.toLowerCase()}`;
      const earlier = firstLine.get(key);
      if (earlier !== undefined) problems.push(`line ${line.line}: the same domain and name as line ${earlier}.`);
      else firstLine.set(key, line.line);
      accepted.push(checked);
    }
    if (problems.length > 0) throw importFailure(problems);
    const created = await this.entities.createMany(accepted);
    this.cache.forget([...new Set(created.map((e) => e.domain))]);
    await this.first.observeMembers(created.map((e) => e.domain));
    return created;
  }
}

/** The entity a line asks for, or what is wrong with it. */
function toNewEntity(fields: Readonly<Record<string, unknown>>, now: Date): NewEntity | string {
  const parsed = ImportFields.safeParse(fields);
  if (!parsed.success) return zodMessage(parsed.error, fields);
  try {
    const { expires_at, ...rest } = parsed.data;
    return newEntityFrom({ ...rest, expiresAt: expires_at }, now);
  } catch (error) {
    if (isAppError(error)) return error.message;
    throw error;
  }
}

function importFailure(problems: readonly string[]): AppError {
  const hidden = problems.length - MAX_LISTED;
  const more = hidden > 0 ? ` (${hidden} more bad line${hidden > 1 ? 's' : ''} not shown.)` : '';
  return new AppError('VALIDATION_ERROR', `${problems.slice(0, MAX_LISTED).join(' ')}${more} Nothing was imported.`, {
    invalid_lines: problems.length,
  });
}
