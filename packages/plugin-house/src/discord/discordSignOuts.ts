/** What hears of a bot signed out: the runtime whose bot it was. */
type SignOutListener = (runtime: object) => void;

/**
 * The bots Discord signed out for good: their token was reset in the
 * developer portal, revoked by Discord (a leaked token), or reset for too
 * many session starts. Such a bot cannot come back without a new token and a
 * restart, so nothing waits for it to log in and nothing is sent through it;
 * the House's tables listen, and move what the bot carried elsewhere.
 */
export class DiscordSignOuts {
  private readonly out = new WeakSet<object>();
  private readonly listeners = new Set<SignOutListener>();

  has(runtime: object): boolean {
    return this.out.has(runtime);
  }

  /** The runtime's bot is signed out: true the first time, when the listeners are told. */
  signOut(runtime: object): boolean {
    if (this.out.has(runtime)) return false;
    this.out.add(runtime);
    for (const listener of [...this.listeners]) listener(runtime);
    return true;
  }

  /** Listens until the returned function is called. */
  listen(listener: SignOutListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
}

/** One record for the process: each bot's client writes it, the House and its voices read it. */
export const discordSignOuts = new DiscordSignOuts();
