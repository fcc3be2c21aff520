/** The access stream (`access-tokens`): which tokens an organiser issued through the API, and which were revoked. */
export const ACCESS_STREAM = 'access-tokens';

/** A token issued by mutation: its id and claims (never the signed token itself). */
export interface TokenIssuedData {
  readonly tokenId: string;
  readonly role: string;
  readonly player: string | null;
  readonly table: string | null;
  readonly tournament: string | null;
  /** Seconds since the epoch; null: does not expire. */
  readonly expiresAt: number | null;
  /** Seconds since the epoch (recorded since issue 24: a retried issue signs the same token again). */
  readonly issuedAt?: number;
  /** The issuing tokens, oldest first (revoking one revokes this one). */
  readonly ancestors?: readonly string[];
  readonly issuedBy: string;
}

export interface TokenRevokedData {
  readonly tokenId: string;
  readonly reason: string;
  readonly revokedBy: string;
}

export type AccessEvent = { readonly type: 'TokenIssued'; readonly data: TokenIssuedData } | { readonly type: 'TokenRevoked'; readonly data: TokenRevokedData };
export type AccessEventType = AccessEvent['type'];
/** Every event type of the access stream (the API's LedgerEventType is derived from it). */
export const ACCESS_EVENT_TYPES = ['TokenIssued', 'TokenRevoked'] as const satisfies readonly AccessEventType[];
