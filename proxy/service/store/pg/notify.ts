/**
 * PostgreSQL LISTEN/NOTIFY for events every replica must hear: "record stored" (so
 * `whenAnalysed` and `Prefer: wait` answer on whichever replica holds the request) and "jobs
 * added" (so idle workers fetch at once instead of at their next poll). A NOTIFY sent inside a
 * transaction is delivered when it commits, and only then.
 *
 * One dedicated connection per process listens. When it drops (a database restart, a
 * failover), it is opened again after a second and listens again; events sent meanwhile are
 * lost, which costs a waiting request its early answer, never data: waiters time out and the
 * workers' polling finds the jobs.
 */
import pg from 'pg';

export const CHANNELS = { recordStored: 'lens_record_stored', jobsAdded: 'lens_jobs_added' } as const;
export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

const RECONNECT_MS = 1_000;

export class PgEvents {
  private readonly listeners = new Map<Channel, Set<(payload: string) => void>>();
  private client: pg.Client | undefined;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  readonly ready: Promise<void>;

  constructor(
    private readonly url: string,
    private readonly onError: (err: Error) => void = () => undefined,
  ) {
    this.ready = this.connect();
  }

  on(channel: Channel, listener: (payload: string) => void): () => void {
    const set = this.listeners.get(channel) ?? new Set();
    this.listeners.set(channel, set);
    set.add(listener);
    return () => void set.delete(listener);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, application_name: 'ai-policy-lens-events' });
    client.on('notification', (n) => {
      for (const l of this.listeners.get(n.channel as Channel) ?? []) l(n.payload ?? '');
    });
    client.on('error', (err) => {
      this.onError(err);
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    await client.connect();
    for (const ch of Object.values(CHANNELS)) await client.query(`LISTEN ${ch}`);
    this.client = client;
    if (this.closed) await client.end();
  }

  private reconnect(dead: pg.Client): void {
    if (this.closed || this.client !== dead) return;
    this.client = undefined;
    void dead.end().catch(() => undefined);
    this.retryLater();
  }

  private retryLater(): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.closed) return;
      this.connect().catch((err: Error) => {
        this.onError(err);
        this.retryLater();
      });
    }, RECONNECT_MS);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.ready.catch(() => undefined);
    await this.client?.end().catch(() => undefined);
  }
}
