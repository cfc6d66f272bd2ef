/** FNV-1a of `text`, 30 bits: a small integer V8 keeps unboxed in a Set. For memory-saving sets where a collision only costs work, or errs on the careful side (as its user documents). */
export function fnv1a30(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash & 0x3fffffff;
}
