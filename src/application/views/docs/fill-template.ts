/** A placeholder: `{{name}}`, the name letters, digits, `_` and `.`. */
const PLACEHOLDER = /\{\{([A-Za-z0-9_.]+)\}\}/g;

/**
 * `text` with every `{{name}}` replaced by `values[name]`. A placeholder without a value, or a value
 * no placeholder uses, is a programming error: it throws, naming the template `name` and the slot.
 */
export function fillTemplate(text: string, values: Readonly<Record<string, string>>, name: string): string {
  const used = new Set<string>();
  const filled = text.replace(PLACEHOLDER, (_, slot: string) => {
    if (!Object.hasOwn(values, slot)) throw new Error(`Template "${name}": no value for {{${slot}}}.`);
    used.add(slot);
    return values[slot]!;
  });
  const unused = Object.keys(values).filter((slot) => !used.has(slot));
  if (unused.length > 0) throw new Error(`Template "${name}": no placeholder uses ${unused.map((slot) => `"${slot}"`).join(', ')}.`);
  return filled;
}
