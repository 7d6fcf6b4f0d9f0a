import { escapeHtml } from '@the-house/lab/report/htmlPage.ts';

let active: string | null = null;

/**
 * A host that runs the House under its lease (HOUSE_STANDBY, beside a
 * standby) names itself and its epoch: the dashboard says which host is
 * active, and a match this host takes over from another records the change.
 * Without one, nothing speaks of hosts.
 */
export function useActiveHost(name: string | null): void {
  active = name;
}

/** The host this House runs on under a lease, or null. */
export function activeHost(): string | null {
  return active;
}

/** The dashboard's line naming the active host, or nothing. */
export function activeHostLine(): string {
  return active ? `<p class="muted active-host">Active host: ${escapeHtml(active)}</p>` : '';
}
