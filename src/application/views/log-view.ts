import { z } from 'zod';
import { list } from './schema-kit.js';

const hashes = (description: string) => list(z.string().describe('A base64 SHA-256 node hash.')).describe(description);

/** GET /log/proof: an RFC 9162 inclusion proof. */
export const inclusionProofSchema = z.object({
  leaf_index: z.number().int(),
  tree_size: z.number().int(),
  inclusion_path: hashes('The audit path of RFC 9162 §2.1.3.1, from the leaf up.'),
});
export type InclusionProofAnswer = z.infer<typeof inclusionProofSchema>;

/** GET /log/consistency: an RFC 9162 consistency proof. */
export const consistencyProofSchema = z.object({
  first_size: z.number().int(),
  second_size: z.number().int(),
  consistency_path: hashes('The consistency proof of RFC 9162 §2.1.4.1.'),
});
export type ConsistencyProofAnswer = z.infer<typeof consistencyProofSchema>;

const base64 = (hash: Uint8Array) => Buffer.from(hash).toString('base64');

/** The inclusion proof answer. */
export function inclusionProofView(index: number, size: number, path: readonly Uint8Array[]): InclusionProofAnswer {
  return { leaf_index: index, tree_size: size, inclusion_path: path.map(base64) };
}

/** The consistency proof answer. */
export function consistencyProofView(from: number, to: number, path: readonly Uint8Array[]): ConsistencyProofAnswer {
  return { first_size: from, second_size: to, consistency_path: path.map(base64) };
}
