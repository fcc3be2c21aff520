/**
 * The cursors the API hands out, sealed. The store's keyset cursor is the sort key of a row
 * (start time and deal id): handed out as it is, an `endCursor` that ends on a deal the caller
 * may not list (a page's last row, kept so paging never stalls on a hidden deal) would tell its
 * id and start time. Sealed with AES-256-GCM under a key derived from the token secret, a cursor
 * tells nothing and cannot be forged; its nonce is derived from the cursor itself, so the same
 * position always gives the same text (answers stay identical, caches stay valid).
 */
import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';

const NONCE = 12;
const TAG = 16;

export class CursorSeal {
  private readonly key: Buffer;
  private readonly nonceKey: Buffer;

  constructor(secret: Buffer) {
    this.key = createHmac('sha256', secret).update('skat-ledger cursor key v1').digest();
    this.nonceKey = createHmac('sha256', secret).update('skat-ledger cursor nonce v1').digest();
  }

  seal(cursor: string): string {
    const nonce = createHmac('sha256', this.nonceKey).update(cursor).digest().subarray(0, NONCE);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const body = Buffer.concat([cipher.update(cursor, 'utf8'), cipher.final()]);
    return Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64url');
  }

  /** The store's cursor inside, or null when the text is not a cursor this server sealed. */
  open(sealed: string): string | null {
    if (!/^[A-Za-z0-9_-]+$/.test(sealed)) return null;
    const raw = Buffer.from(sealed, 'base64url');
    if (raw.length <= NONCE + TAG) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, NONCE));
      decipher.setAuthTag(raw.subarray(raw.length - TAG));
      return Buffer.concat([decipher.update(raw.subarray(NONCE, raw.length - TAG)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
