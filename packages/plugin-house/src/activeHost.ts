import { escapeHtml } from '@the-house/lab/report/htmlPage.ts';

let active: string | null = null;

/**
 * A host that runs the House under its lease (HOUSE_STANDBY, beside a
 * standby) names itself and its epoch, so the dashboard says which host is
 * active. Without one the dashboard says nothing of hosts.
 */
export function useActiveHost(name: string | null): void {
  active = name;
}

/** The dashboard's line naming the active host, or nothing. */
export function activeHostLine(): string {
  return active ? `<p class="muted active-host">Active host: ${escapeHtml(active)}</p>` : '';
}
