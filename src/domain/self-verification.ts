import { SERVICE_NAME } from './service-info.js';

/** The self-verification document served at /.well-known/vetted.md (serialized as YAML). */
export interface SelfVerificationDocument {
  readonly entity: {
    readonly name: string;
    readonly domain: string;
    readonly type: 'infrastructure';
    readonly level: 'verified';
  };
  readonly service: {
    readonly base_url: string;
    readonly status: string;
    readonly verify: string;
    readonly lookup: string;
  };
}

/** Describes the service itself; `domain` is the host of the base URL the service publishes. */
export function selfVerificationDocument(baseUrl: string): SelfVerificationDocument {
  const host = new URL(baseUrl).hostname;
  return {
    entity: { name: SERVICE_NAME, domain: host, type: 'infrastructure', level: 'verified' },
    service: {
      base_url: baseUrl,
      status: `${baseUrl}/status`,
      verify: `${baseUrl}/verify/{domain}`,
      lookup: `${baseUrl}/lookup/{entity-id}`,
    },
  };
}
