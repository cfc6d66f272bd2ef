/**
 * The environment a test's child process starts from: PATH, and the clock of this process when the
 * suite runs under a moved one (libfaketime's LD_PRELOAD and FAKETIME variables, see
 * `npm run test:clock`), so that a server or CLI the test starts lives on the same date as the test.
 */
export function childEnv(): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '' };
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && (name === 'LD_PRELOAD' || name.startsWith('FAKETIME'))) env[name] = value;
  }
  return env;
}
