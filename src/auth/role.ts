/** Who may do what (issue 5): the roles a token can carry. Anonymous is the absence of a token. */
export const ROLES = ['player', 'recorder', 'arbiter', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The caller of one request, as proven by its token (or anonymous). */
export type Principal =
  | { readonly role: 'anonymous'; readonly key: string }
  | {
      readonly role: Role;
      /** The player name this token speaks for (player tokens; optional for others). */
      readonly player?: string;
      /** The table a recorder may record for (for a player token: the table it is bound to). */
      readonly table?: string;
      /** A player token bound to one tournament speaks for its player there only. */
      readonly tournament?: string;
      /** Token id: the rate-limit key and the actor id written into event metadata. */
      readonly tokenId: string;
      readonly key: string;
      /** When the token expires (ms since the epoch); absent = never. */
      readonly expiresAt?: number;
      /** The tokens that issued this one (revoking one of them revokes it). */
      readonly ancestors?: readonly string[];
    };

export const anonymous = (clientKey: string): Principal => ({ role: 'anonymous', key: `anon:${clientKey}` });
