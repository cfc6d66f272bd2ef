/** What a GET of a log's URL answered: the status and at most the bounded body. */
export interface RemoteAnswer {
  readonly status: number;
  readonly body: Uint8Array;
}

/**
 * Reads another deployment's public files for `vetted log verify`: a GET of an http(s) URL the
 * person running the command named, no redirects followed, a bounded body and deadline. Rejects
 * when nothing answers. Adapters: NodeFetchRemoteLog.
 */
export interface RemoteLog {
  get(url: string): Promise<RemoteAnswer>;
}
export const RemoteLog = Symbol('RemoteLog');
