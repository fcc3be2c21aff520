/** The path asked for (express rewrites `req.url` while routing; `originalUrl` keeps it), without the query, at most 200 characters. */
export function pathOf(req: { url?: string; originalUrl?: string }): string {
  const path = (req.originalUrl ?? req.url ?? '').split('?')[0];
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}
