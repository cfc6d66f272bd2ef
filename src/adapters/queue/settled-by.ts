/** Resolves when every promise has settled or at `deadline` (epoch ms), whichever comes first. */
export async function settledBy(promises: readonly Promise<unknown>[], deadline: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
  });
  await Promise.race([Promise.allSettled(promises), late]);
  clearTimeout(timer);
}

/** The message of an error or of pg-boss's plain error objects. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : String(error);
}
