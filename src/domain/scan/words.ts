/**
 * `count` and the noun, singular for one and plural otherwise: "1 URL", "3 URLs", "0 groups".
 * `pluralForm` is for nouns that do not take an "s" ("1 entry", "2 entries").
 */
export function counted(count: number, noun: string, pluralForm = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : pluralForm}`;
}

/** Items joined as a reader writes them: "a", "a and b", "a, b and c". */
export function listed(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * The sentences for `codes` from `sentences`, joined. Every code a parser can report has its
 * sentence (the types see to it), so no bare code reaches a reader.
 */
export function sentencesFor<C extends string>(codes: readonly C[], sentences: Readonly<Record<C, string>>): string {
  return codes.map((code) => sentences[code]).join(' ');
}
