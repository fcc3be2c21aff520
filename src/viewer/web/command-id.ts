// A fresh command id for a page's mutation (a retry of the same click sends the same one). Its own
// module so that the organiser's, arbiter's and player's pages do not load the recorder's code.
export function newCommandId(prefix = 'page'): string {
  return `${prefix}-${crypto.randomUUID()}`;
}
