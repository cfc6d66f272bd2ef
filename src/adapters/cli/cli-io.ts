/** Where the CLI writes: stdout for results, stderr for messages. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** All of standard input, for `--file -`; absent where there is none to read. */
  readInput?(): Promise<string>;
}
