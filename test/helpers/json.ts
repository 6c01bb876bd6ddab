/**
 * A JSON body as a test reads it: any field can be named (`body.error.code`), and what is read
 * goes to expect(), which checks it. Unlike `any`, a field cannot be passed on as a string, a
 * number or an array without a check or a schema's parse.
 */
export interface Json {
  readonly [key: string]: Json;
}

/** A response's body as Json. */
export const json = async (res: Response): Promise<Json> => (await res.json()) as Json;
