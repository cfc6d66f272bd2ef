const MAX_SLUG_LENGTH = 32;
const ID_PATTERN = /^ent_([a-z]{1,32})(\d{3,})$/;

/**
 * The name part of an entity id: the entity name transliterated to lower-case ASCII letters,
 * at most 32 of them ("Example Corp" gives "examplecorp"). Digits are left out so that the
 * counter that follows is never ambiguous. Falls back to "entity" when nothing is left.
 */
export function entitySlug(name: string): string {
  const letters = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .slice(0, MAX_SLUG_LENGTH);
  return letters.length > 0 ? letters : 'entity';
}

/** `ent_{slug}{sequence}` with the sequence zero-padded to at least three digits: ent_example001. */
export function formatEntityId(slug: string, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1) throw new Error(`entity sequence must be a positive integer, got ${sequence}`);
  return `ent_${slug}${String(sequence).padStart(3, '0')}`;
}

/** True when `id` has the shape of an entity id (it may still be unknown). */
export function isEntityId(id: string): boolean {
  return ID_PATTERN.test(id);
}
