/**
 * The bench's PostgreSQL half: the API on PostgreSQL at demo size and at scale, each on a fresh database
 * of the server postgres.ts finds or starts. When PostgreSQL cannot be had or a step fails, the reason goes into the
 * report and the run goes on, unless the PostgreSQL figures are required (--ci with a given server): then it throws.
 */
import { measureProductLoad, type LoadRun } from './api-load.ts';
import { measureMixedLoad, type MixedLoadOptions, type MixedLoadResult } from './mixed-load.ts';
import { openPostgres, postgresPlan, postgresRequired, initdbFound, type PostgresServer } from './postgres.ts';
import { startProduct } from './product.ts';
import {
  measureListLatencyAtDemo,
  measureScale,
  postgresEnv,
  type DemoLatencyResult,
  type ScaleOptions,
  type ScaleResult,
} from './scale.ts';

export interface PostgresReport {
  /** Whether any PostgreSQL figure was measured. */
  measured: boolean;
  /** Whether a failure to measure fails the run (--ci with a given server). */
  required: boolean;
  /** Where the server came from, or why PostgreSQL was not measured, and any step that failed. */
  note: string;
  version?: string;
  load?: { path: string; product: LoadRun }[] | null;
  demoLists?: DemoLatencyResult | null;
  /** Seconds for the API to migrate and seed the demo content on an empty database and listen. */
  demoReadySeconds?: number;
  scale?: ScaleResult | null;
}

export class PostgresBench {
  readonly report: PostgresReport;
  readonly #server: PostgresServer | null;
  readonly #log: (line: string) => void;

  private constructor(report: PostgresReport, server: PostgresServer | null, log: (line: string) => void) {
    this.report = report;
    this.#server = server;
    this.#log = log;
  }

  /** Finds or starts the server; without one the report says why (and a required run throws). */
  static async open(
    ci: boolean,
    log: (line: string) => void,
    env: Record<string, string | undefined> = process.env,
  ): Promise<PostgresBench> {
    const plan = postgresPlan(env, initdbFound());
    const required = postgresRequired(ci, plan);
    if (plan.kind === 'none') {
      log(`PostgreSQL: not measured: ${plan.reason}`);
      return new PostgresBench({ measured: false, required, note: `Not measured: ${plan.reason}.` }, null, log);
    }
    try {
      const server = await openPostgres(plan);
      log(`PostgreSQL ${server.version}: ${server.source}`);
      return new PostgresBench(
        {
          measured: false,
          required,
          note: `PostgreSQL ${server.version}, ${server.source}; a fresh database per measurement, dropped after.`,
          version: server.version,
        },
        server,
        log,
      );
    } catch (error) {
      if (required) throw error;
      const reason = `could not reach or start PostgreSQL (${plan.kind === 'url' ? plan.from : 'throwaway server'}): ${message(error)}`;
      log(`PostgreSQL: not measured: ${reason}`);
      return new PostgresBench({ measured: false, required, note: `Not measured: ${reason}.` }, null, log);
    }
  }

  /** The API alone on a fresh database seeded with the demo content: load (when loadSeconds is given) and latency. */
  async demo(loadSeconds: number | null, paths: readonly string[]): Promise<void> {
    await this.#step('demo size', async (server) => {
      const database = await server.createDatabase();
      try {
        const product = await startProduct({ mode: 'api', seed: 'demo', env: postgresEnv(database.url) });
        try {
          this.report.demoReadySeconds = product.readySeconds;
          this.#log(`  API on PostgreSQL with the demo content ready in ${product.readySeconds.toFixed(1)} s`);
          this.report.load =
            loadSeconds === null
              ? null
              : await measureProductLoad(product.origin, paths, { durationSeconds: loadSeconds });
          this.report.demoLists = await measureListLatencyAtDemo(product.origin);
        } finally {
          await product.stop();
        }
      } finally {
        await database.drop();
      }
    });
  }

  /** The mixed read and write load (mixed-load.ts) on a fresh database; null when it was not measured. */
  async mixed(opts: Omit<MixedLoadOptions, 'databaseUrl'>): Promise<MixedLoadResult | null> {
    let result: MixedLoadResult | null = null;
    await this.#step('mixed load', async (server) => {
      const database = await server.createDatabase();
      try {
        result = await measureMixedLoad({ ...opts, databaseUrl: database.url });
      } finally {
        await database.drop();
      }
    });
    return result;
  }

  /** The scale run (generated items) on a fresh database. */
  async scale(opts: ScaleOptions): Promise<void> {
    await this.#step('scale', async (server) => {
      const database = await server.createDatabase();
      try {
        this.report.scale = await measureScale({ ...opts, databaseUrl: database.url });
      } finally {
        await database.drop();
      }
    });
  }

  async close(): Promise<void> {
    await this.#server?.stop();
  }

  async #step(what: string, fn: (server: PostgresServer) => Promise<void>): Promise<void> {
    if (!this.#server) return;
    try {
      await fn(this.#server);
      this.report.measured = true;
    } catch (error) {
      if (this.report.required) throw error;
      this.#log(`PostgreSQL ${what}: failed: ${message(error)}`);
      this.report.note += ` The ${what} measurement failed: ${message(error).slice(0, 500)}`;
    }
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
