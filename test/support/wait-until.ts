/**
 * Polls `check` every `intervalMs` until it answers true; fails with `what` after `timeoutMs`. For
 * waiting on background work without betting on how long it takes.
 */
export async function waitUntil(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 15_000, intervalMs = 25): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Resolves after `ms`. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
