import type { z } from 'zod';

/** One readable sentence from a zod error: each problem as "field: message". */
export function zodMessage(error: z.ZodError): string {
  const problems = error.issues.slice(0, 5).map((issue) => {
    const path = issue.path.length > 0 ? issue.path.join('.') : 'input';
    return `${path}: ${issue.message}`;
  });
  return `Invalid input. ${problems.join('; ')}.`;
}
