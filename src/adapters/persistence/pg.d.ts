// The part of node-postgres (`pg`, which ships no types) that PgListenChangeFeed uses.
declare module 'pg' {
  interface ClientConfig {
    connectionString?: string;
    application_name?: string;
    keepAlive?: boolean;
    keepAliveInitialDelayMillis?: number;
    connectionTimeoutMillis?: number;
  }
  interface Notification {
    processId: number;
    channel: string;
    payload?: string;
  }
  interface QueryResult<R> {
    rows: R[];
  }
  class Client {
    constructor(config?: ClientConfig);
    connect(): Promise<void>;
    query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<QueryResult<R>>;
    end(): Promise<void>;
    on(event: 'notification', listener: (message: Notification) => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    on(event: 'end', listener: () => void): this;
  }
  const pg: { Client: typeof Client };
  export default pg;
  export { Client };
  export type { ClientConfig, Notification, QueryResult };
}
