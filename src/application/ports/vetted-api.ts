/** A deployed Vetted's answer to one request: the HTTP status, and the JSON body parsed (undefined when it was not JSON). */
export interface VettedApiAnswer {
  readonly status: number;
  readonly body: unknown;
}

/**
 * A deployed Vetted's HTTP API, as a client (the `vetted check` command) asks it. The address is
 * the operator's own choice, so it goes through no address policy; answers are bounded in size and time.
 */
export interface VettedApi {
  /**
   * `GET {baseUrl}/verify/{domain}?signals=true` (with `external=true` when asked). Throws
   * AppError SERVICE_UNAVAILABLE, naming the address, when the service cannot be reached or does not answer in time.
   */
  verify(baseUrl: string, domain: string, options: { readonly external: boolean }): Promise<VettedApiAnswer>;
}
export const VettedApi = Symbol('VettedApi');
