/** A configuration problem, told in one line that names the variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}
