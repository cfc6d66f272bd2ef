import type { Blocklist } from '../../src/application/ports/blocklist.js';
import type { EntityRepository, NewEntity } from '../../src/application/ports/entity-repository.js';
import type { DomainRecords, RegistryReader } from '../../src/application/ports/registry-reader.js';
import type { BlockedDomain } from '../../src/domain/blocked-domain.js';
import type { DomainName } from '../../src/domain/domain-name.js';
import { entitySlug, formatEntityId } from '../../src/domain/entity-id.js';
import type { Entity, EntityStatus } from '../../src/domain/entity.js';
import type { ReportSummary } from '../../src/domain/scan/report.js';

/** One in-memory registry behind the three registry ports; counts reads so tests can see cache hits. */
export class InMemoryRegistry implements EntityRepository, RegistryReader {
  readonly entities: Entity[] = [];
  readonly blocks = new Map<string, BlockedDomain>();
  /** The latest report summary by domain, as a test sets it. */
  readonly latestReports = new Map<string, ReportSummary>();
  reads = 0;

  async create(entity: NewEntity): Promise<Entity> {
    const created = this.allocate(entity, []);
    this.entities.push(created);
    return created;
  }

  /** All or nothing, like the database's transaction: an incomplete entity (a NOT NULL column) fails the batch. */
  async createMany(entities: readonly NewEntity[]): Promise<Entity[]> {
    const created: Entity[] = [];
    for (const entity of entities) {
      const missing = Object.entries(entity).find(([, value]) => value === null || value === undefined);
      if (missing) throw new Error(`NOT NULL constraint failed: entities.${missing[0]}`);
      created.push(this.allocate(entity, created));
    }
    this.entities.push(...created);
    return created;
  }

  private allocate(entity: NewEntity, pending: readonly Entity[]): Entity {
    const slug = entitySlug(entity.name);
    const seq = [...this.entities, ...pending].filter((e) => e.id.replace(/\d+$/, '') === `ent_${slug}`).length + 1;
    return { ...entity, id: formatEntityId(slug, seq), status: 'active' };
  }

  async findById(id: string): Promise<Entity | undefined> {
    return this.entities.find((e) => e.id === id);
  }

  async list(): Promise<Entity[]> {
    return [...this.entities];
  }

  async setStatus(id: string, status: EntityStatus): Promise<boolean> {
    const index = this.entities.findIndex((e) => e.id === id);
    if (index < 0) return false;
    this.entities[index] = { ...this.entities[index]!, status };
    return true;
  }

  async add(blocks: readonly BlockedDomain[]): Promise<number> {
    let added = 0;
    for (const b of blocks) {
      if (this.blocks.has(b.domain)) continue;
      this.blocks.set(b.domain, b);
      added++;
    }
    return added;
  }

  async remove(domain: DomainName): Promise<boolean> {
    return this.blocks.delete(domain);
  }

  async findRecords(names: readonly DomainName[]): Promise<DomainRecords> {
    this.reads++;
    const wanted = new Set<string>(names);
    return {
      entities: this.entities.filter((e) => wanted.has(e.domain)),
      blocks: [...this.blocks.values()].filter((b) => wanted.has(b.domain)),
      latestReport: names[0] ? this.latestReports.get(names[0]) : undefined,
    };
  }

  async knownNames(after: string | undefined, limit: number): Promise<readonly string[]> {
    const names = new Set<string>([...this.entities.map((e) => e.domain), ...this.blocks.keys(), ...this.latestReports.keys()]);
    return [...names]
      .sort()
      .filter((name) => after === undefined || name > after)
      .slice(0, limit);
  }

  /** The Blocklist's list(): every block in domain order. */
  async listBlocks(): Promise<BlockedDomain[]> {
    return [...this.blocks.values()].sort((a, b) => a.domain.localeCompare(b.domain));
  }
}

/** The fake seen through the Blocklist port (its list() differs from the entity list()). */
export function blocklistView(registry: InMemoryRegistry): Blocklist {
  return { add: (b) => registry.add(b), remove: (d) => registry.remove(d), list: () => registry.listBlocks() };
}
