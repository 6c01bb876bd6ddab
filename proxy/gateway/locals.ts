/**
 * What the gateway's middleware leaves on `res.locals` for the routes (Express's documented
 * place for request-scoped values), typed by extending Express.Locals.
 */
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** performance.now() when the request entered the app: the start of its latency figure. */
      startedAt: number;
      /** The request carried this gateway's valid PROXY_TOKEN. */
      tokenOk: boolean;
      /** The client as far as it can be told apart (security.ts identifyClient): the rate limiter's key. */
      client: string;
    }
  }
}

export {};
