import { z } from 'zod';
import type { Binding, CounterpartyStanding } from '../../domain/counterparty/payment-check.js';

const boundEntity = z.object({
  id: z.string().describe('The entity the fact is bound to.'),
  name: z.string().describe('Its name, as the registry verified it.'),
  domain: z.string().describe('The domain it proved control of.'),
});

/** How one destination or key stands toward a domain's entity (the `counterparty` of the answers). */
export const counterpartySchema = z.object({
  status: z.enum(['bound', 'unbound', 'bound_elsewhere']).describe('bound to this domain’s verified entity, to no entity, or to another entity.'),
  how: z
    .enum(['declared', 'observed'])
    .optional()
    .describe('declared by the entity under its proven domain (TXT or well-known file), or observed in a signed scan report of it.'),
  since: z.string().optional().describe('When it was first bound (ISO 8601): a destination bound less than 7 days ago is new.'),
  source: z.string().optional().describe('Where it was declared: the TXT name or the file’s URL.'),
  entity: boundEntity.optional().describe('The entity it is bound to.'),
  also_bound_to: z.array(boundEntity).describe('Other entities the same fact is bound to as well (flagged).'),
});

function entityJson(b: Binding) {
  return { id: b.entityId, name: b.entityName, domain: b.domain };
}

/** The `counterparty` object of a standing. */
export function counterpartyJson(standing: CounterpartyStanding): z.input<typeof counterpartySchema> {
  const b = standing.binding;
  return {
    status: standing.status,
    ...(b ? { how: b.how, since: b.since, source: b.source, entity: entityJson(b) } : {}),
    also_bound_to: standing.alsoBoundTo.map(entityJson),
  };
}

/** GET /lookup?pay_to=: the entities a destination or key is bound to. */
export const counterpartyLookupSchema = z.object({
  kind: z.enum(['pay_to', 'key']).describe('What was asked about.'),
  value: z.string().describe('The destination or key, as read.'),
  bound_to: z
    .array(
      boundEntity.extend({
        how: z.enum(['declared', 'observed']).describe('declared under the entity’s proven domain, or observed in a signed scan report of it.'),
        since: z.string().describe('When it was first bound (ISO 8601).'),
        source: z.string().describe('Where it was declared.'),
      }),
    )
    .describe('The entities it is bound to now, oldest first; empty when none.'),
  flagged: z.boolean().describe('True when it is bound to more than one entity: ask a person.'),
});

/** The lookup answer of a fact and its bindings. */
export function counterpartyLookupJson(
  fact: { kind: 'pay_to' | 'key'; value: string },
  bindings: readonly Binding[],
): z.input<typeof counterpartyLookupSchema> {
  return {
    kind: fact.kind,
    value: fact.value,
    bound_to: bindings.map((b) => ({ ...entityJson(b), how: b.how, since: b.since, source: b.source })),
    flagged: bindings.length > 1,
  };
}
