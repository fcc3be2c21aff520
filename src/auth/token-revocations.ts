/**
 * Revoked token ids, in memory for the life of the server. `revoke` is the hook a revoke command
 * calls (and whatever restores revocations at start): from then on the token is refused over HTTP
 * and on every graphql-ws operation, and every open socket that presented it is closed at once.
 */
export class TokenRevocations {
  private readonly revoked = new Set<string>();
  private readonly listeners = new Set<(tokenId: string) => void>();

  revoke(tokenId: string): void {
    if (typeof tokenId !== 'string' || tokenId === '') throw new TypeError('revoke needs a token id');
    if (this.revoked.has(tokenId)) return;
    this.revoked.add(tokenId);
    for (const l of [...this.listeners]) l(tokenId);
  }

  isRevoked(tokenId: string): boolean {
    return this.revoked.has(tokenId);
  }

  /** Called with each newly revoked token id; returns the unsubscribe function. */
  onRevoke(listener: (tokenId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
