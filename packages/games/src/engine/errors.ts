import type { z } from 'zod';

/** One line per zod issue, naming the path and what is allowed. */
export function formatZodError(error: z.ZodError, root = ''): string {
  return error.issues
    .map((issue) => {
      const path = [root, ...issue.path.map(String)].filter(Boolean).join('.');
      const where = path ? `${path}: ` : '';
      if (issue.code === 'unrecognized_keys') {
        return `${where}unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `'${k}'`).join(', ')}`;
      }
      return `${where}${issue.message}`;
    })
    .join('; ');
}
