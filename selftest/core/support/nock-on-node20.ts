/**
 * nock 15 (through @mswjs/interceptors) calls Promise.withResolvers, which Node 20 lacks.
 * Import this module before nock in a self-test.
 */
type Resolvers<T> = { promise: Promise<T>; resolve: (value: T) => void; reject: (reason?: unknown) => void };

const promiseWith = Promise as unknown as { withResolvers?: <T>() => Resolvers<T> };
promiseWith.withResolvers ??= <T>(): Resolvers<T> => {
  let resolve!: (value: T) => void;
  let reject!: (reason?: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
};
