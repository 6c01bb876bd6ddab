/**
 * A database written by a newer program: its schema version is
 * above the newest this program knows, and an older program would misread or damage it. The
 * process refuses to start with one line naming the database and both versions; a
 * ConfigError, so both servers' start-up prints it as a configuration error and exits with 2.
 */
import { ConfigError } from '../../lib/env.js';

export class SchemaTooNewError extends ConfigError {
  constructor(
    /** The file (SQLite) or database (PostgreSQL, without its password). */
    readonly where: string,
    readonly found: number,
    readonly known: number,
    opts: {
      /** Which schema, when the database holds more than one ("announced-surface schema"); default "schema". */
      part?: string;
      /** The setting that chose the database: DATA_DIR (default) or DATABASE_URL. */
      variable?: string;
    } = {},
  ) {
    super(
      opts.variable ?? 'DATA_DIR',
      `${where} has ${opts.part ?? 'schema'} version ${found}, newer than this program's ${known}: it was written by a newer version of AI Policy Lens. ` +
        'Run that version, or restore a backup made by this one.',
    );
    this.name = 'SchemaTooNewError';
  }
}
