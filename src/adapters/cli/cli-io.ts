/** Where the CLI writes: stdout for results, stderr for messages. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}
