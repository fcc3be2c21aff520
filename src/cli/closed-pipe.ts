/**
 * Output to a pipe whose reader has gone (`iss verify FILE | head`): the write error (EPIPE) is
 * taken as "nobody reads any more", later output is dropped, and the command runs to its end and
 * exits with its own code, with no stack trace. Any other write error is left to the stream.
 */
export function quietWhenPipeCloses<T extends NodeJS.WritableStream>(out: T): { readonly stream: T; closed(): boolean } {
  let closed = false;
  const onError = (err: NodeJS.ErrnoException) => {
    if (err?.code === 'EPIPE' || err?.code === 'ERR_STREAM_DESTROYED') closed = true;
  };
  if (typeof out.on === 'function') out.on('error', onError);
  const write = out.write.bind(out) as (chunk: string | Uint8Array) => boolean;
  const guarded = new Proxy(out, {
    get(target, key, receiver) {
      if (key === 'write') return (chunk: string | Uint8Array) => (closed ? true : write(chunk));
      const value = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { stream: guarded, closed: () => closed };
}
