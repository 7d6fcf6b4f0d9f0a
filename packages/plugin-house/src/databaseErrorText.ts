import { redactSecrets } from '@the-house/lab/models/redact.ts';

/** The longest database error kept: enough for the reason and the start of the query. */
export const DATABASE_ERROR_CHARS = 500;
/** The most of a failed query's text kept. */
const QUERY_CHARS = 160;

/**
 * drizzle's error for a failed query (plugin-sql puts its message in the log
 * line) is `Failed query: <sql>\nparams: <every value>`: for a House save,
 * the whole head row with the observer key. Everything from `params:` on is
 * cut (it runs to the end of the message), the query is kept short and on one
 * line, and what is left passes the project's secret redaction.
 */
const FAILED_QUERY = /Failed query: ([\s\S]*?)\s*\n\s*params:[\s\S]*$/;

/** A database error as it may be logged or kept: without the query's values, redacted, one line of at most `max` characters. */
export function databaseErrorText(text: string, max = DATABASE_ERROR_CHARS, known: readonly string[] = []): string {
  const cut = text.replace(FAILED_QUERY, (_all, query: string) => {
    const sql = query.replace(/\s+/g, ' ').trim();
    return `Failed query: ${sql.length > QUERY_CHARS ? `${sql.slice(0, QUERY_CHARS)}…` : sql} (its values are not logged)`;
  });
  return boundedLine(redactSecrets(cut, known), max);
}

/** `text` on one line, at most `max` characters, saying how much was left out. */
export function boundedLine(text: string, max: number): string {
  const line = text.replace(/\s*\n\s*/g, ' ');
  if (line.length <= max) return line;
  return `${line.slice(0, max)}… (${line.length - max} more characters not logged)`;
}
