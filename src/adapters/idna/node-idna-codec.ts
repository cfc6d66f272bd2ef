import { domainToUnicode } from 'node:url';
import { injectable } from 'inversify';
import type { IdnaCodec } from '../../application/ports/idna-codec.js';

@injectable()
export class NodeIdnaCodec implements IdnaCodec {
  toUnicode(asciiName: string): string {
    return domainToUnicode(asciiName) || asciiName;
  }
}
