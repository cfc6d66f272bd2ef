import { createHash } from 'node:crypto';
import { injectable } from 'inversify';
import type { TokenHasher } from '../../application/ports/token-hasher.js';

@injectable()
export class Sha256TokenHasher implements TokenHasher {
  hash(token: string): string {
    return createHash('sha256').update(token, 'utf8').digest('hex');
  }
}
