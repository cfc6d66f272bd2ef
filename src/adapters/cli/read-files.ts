import { readFile } from 'node:fs/promises';
import { AppError } from '../../application/errors.js';
import type { CliIo } from './cli-io.js';

/** A file's text; a file that cannot be read is a VALIDATION_ERROR naming it (exit code 2). */
export async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new AppError('VALIDATION_ERROR', `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`, {}, { cause: error });
  }
}

/** All of standard input, for `--file -`; a VALIDATION_ERROR where there is none to read. */
export async function readInput(io: CliIo): Promise<string> {
  if (!io.readInput) throw new AppError('VALIDATION_ERROR', 'standard input cannot be read here; give --file a file name');
  return io.readInput();
}

/** A JSON file's value; text that is not JSON is a VALIDATION_ERROR naming the file. */
export function parseJsonFile(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AppError('VALIDATION_ERROR', `${file} is not JSON`, {}, { cause: error });
  }
}
