/** The entries of a tlog-tiles entry bundle: each a big-endian uint16 length, then its bytes. */
export function splitBundle(bundle: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0; at < bundle.length; ) {
    const length = (bundle[at]! << 8) | bundle[at + 1]!;
    out.push(bundle.subarray(at + 2, at + 2 + length));
    at += 2 + length;
  }
  return out;
}
