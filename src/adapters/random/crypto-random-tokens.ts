import { randomBytes } from 'node:crypto';
import { injectable } from 'inversify';
import type { RandomTokens } from '../../application/ports/random-tokens.js';

@injectable()
export class CryptoRandomTokens implements RandomTokens {
  token(bytes = 16): string {
    return randomBytes(bytes).toString('base64url');
  }
}
