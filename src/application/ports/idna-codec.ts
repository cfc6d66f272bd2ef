/** Converts punycode host names to the Unicode that people see. Adapters: NodeIdnaCodec. */
export interface IdnaCodec {
  /** The name with its `xn--` labels decoded; the input unchanged when it has none or cannot be decoded. */
  toUnicode(asciiName: string): string;
}
export const IdnaCodec = Symbol('IdnaCodec');
