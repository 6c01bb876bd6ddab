/**
 * The availability probe's own connection (availability.ts): `SELECT 1` on one connection kept
 * for it, outside the pool, so a pool busy with slow statements is not taken for an outage.
 * A connection that failed is dropped and opened again at the next probe.
 */
import pg from 'pg';
import { PROBE_TIMEOUT_MS } from '../availability.js';

export interface PgProbe {
  probe(): Promise<void>;
  close(): void;
}

export function pgProbe(url: string): PgProbe {
  let client: pg.Client | null = null;
  const drop = (c: pg.Client) => {
    if (client === c) client = null;
    // Not awaited: ending a connection to a frozen server waits for it.
    void c.end().catch(() => undefined);
  };
  return {
    async probe() {
      let c = client;
      if (!c) {
        const fresh = new pg.Client({
          connectionString: url,
          application_name: 'ai-policy-lens-probe',
          connectionTimeoutMillis: PROBE_TIMEOUT_MS,
          query_timeout: PROBE_TIMEOUT_MS,
        });
        fresh.on('error', () => drop(fresh));
        try {
          await fresh.connect();
        } catch (err) {
          drop(fresh);
          throw err;
        }
        client = c = fresh;
      }
      try {
        await c.query('SELECT 1');
      } catch (err) {
        drop(c);
        throw err;
      }
    },
    close() {
      if (client) drop(client);
    },
  };
}
