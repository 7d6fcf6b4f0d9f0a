/**
 * When the House may resume the matches it finds open at start. ElizaOS
 * starts a host's agents together, so the House's service can be up while
 * its players are still initializing; matches resumed then (at a round delay
 * of 0, every round back to back) starved a player's initialization past
 * ElizaOS's 30 s limit under load (CI run 23). A host that starts its
 * agents holds resumes until every one of them is up (`holdResumes`); the
 * House alone, or under a host that holds nothing, resumes at once.
 */
let held: Promise<void> | null = null;

/** Resumes wait for `until` (a host's agents all started); null lets them go at once. */
export function holdResumes(until: Promise<void> | null): void {
  held = until;
}

/** Resolves when the House may resume its open matches. */
export function resumesMayStart(): Promise<void> {
  return held ?? Promise.resolve();
}
