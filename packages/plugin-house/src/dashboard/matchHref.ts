import { escapeHtml } from '@the-house/lab/report/htmlPage.ts';

/** A match page's address, relative to the host the reader is on (no host to get wrong), escaped for an attribute. */
export function matchHref(id: string): string {
  return escapeHtml(`/house/matches/${encodeURIComponent(id)}`);
}
