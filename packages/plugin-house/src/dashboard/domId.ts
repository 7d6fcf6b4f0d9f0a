/** An element id made from a label and a match id (match ids may hold any characters). */
export function domId(label: string, matchId: string): string {
  return `${label}-${matchId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}
