/**
 * pg_dump, pg_restore and psql: PG_BIN (a directory) when set, else the newest Debian install under
 * /usr/lib/postgresql/<version>/bin (as scripts/ci/throwaway-postgres.sh finds initdb), else the PATH. They must be
 * at least as new as the server (pg_dump refuses an older one with a clear message, which is passed on).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { BackupError } from './manifest.ts';

const DEBIAN_ROOT = '/usr/lib/postgresql';

/** The path of a PostgreSQL client program, or its bare name for the PATH to resolve. */
export type PgProgram = 'pg_dump' | 'pg_restore' | 'psql';

export function pgProgram(program: PgProgram, env: Record<string, string | undefined> = process.env): string {
  const override = env['PG_BIN']?.trim();
  if (override) return join(override, program);
  const versions = existsSync(DEBIAN_ROOT)
    ? readdirSync(DEBIAN_ROOT)
        .filter((v) => /^\d+$/.test(v) && existsSync(join(DEBIAN_ROOT, v, 'bin', program)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? join(DEBIAN_ROOT, versions[0], 'bin', program) : program;
}

/**
 * The connection for a child program: the URL without its password (command lines are visible to every user of the
 * machine) and the password in PGPASSWORD.
 */
export function connectionFor(databaseUrl: string): { dbname: string; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** A started client program's exit code and the end of its stderr; BackupError when it cannot be started. */
async function outcomeOf(
  child: ChildProcess,
  program: PgProgram,
  path: string,
): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-4000)));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status) => resolve(status));
  }).catch((error: unknown) => {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT')
      throw new BackupError(
        `${program} was not found (looked for ${path}); install PostgreSQL's client programs or set PG_BIN to the directory that holds them`,
      );
    throw error;
  });
  return { code, stderr };
}

function failed(program: PgProgram, { code, stderr }: { code: number | null; stderr: string }): BackupError {
  return new BackupError(
    `${program} failed (exit ${code}): ${stderr.trim().split('\n').slice(-5).join(' | ') || 'no message'}`,
  );
}

/** Runs a PostgreSQL client program to its end; throws BackupError with its last lines of stderr when it fails. */
export async function runPgProgram(program: PgProgram, args: string[], databaseUrl: string): Promise<void> {
  const path = pgProgram(program);
  const { dbname, env } = connectionFor(databaseUrl);
  const child = spawn(path, [...args, `--dbname=${dbname}`], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const outcome = await outcomeOf(child, program, path);
  if (outcome.code !== 0) throw failed(program, outcome);
}

/** What a client program writes to its stdout (pg_restore --list), whole; BackupError when it fails. */
export async function pgProgramOutput(program: PgProgram, args: string[]): Promise<string> {
  const path = pgProgram(program);
  const child = spawn(path, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => void (stdout += chunk));
  const outcome = await outcomeOf(child, program, path);
  if (outcome.code !== 0) throw failed(program, outcome);
  return stdout;
}

/**
 * Runs the SQL script pg_restore writes (`restoreArgs`, with `-f -`) through psql into the database, between `before`
 * and `after`, stopping at the first error. `after` is sent only once pg_restore has written everything, so a script
 * that opens a transaction in `before` and commits in `after` either lands whole or not at all.
 */
export async function pgRestoreThroughPsql(
  restoreArgs: string[],
  databaseUrl: string,
  before: string,
  after: string,
): Promise<void> {
  const { dbname, env } = connectionFor(databaseUrl);
  const childEnv = { ...process.env, ...env };
  const psqlPath = pgProgram('psql');
  const psql = spawn(psqlPath, ['-X', '-q', '-v', 'ON_ERROR_STOP=1', `--dbname=${dbname}`], {
    env: childEnv,
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  const psqlOutcome = outcomeOf(psql, 'psql', psqlPath);
  const input = psql.stdin;
  // psql stopping at an error closes its input: what is still sent then is dropped, and its own exit code says why.
  input.on('error', () => undefined);
  input.write(before);
  const restorePath = pgProgram('pg_restore');
  const restore = spawn(restorePath, restoreArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
  restore.stdout.pipe(input, { end: false });
  const restoreOutcome = await outcomeOf(restore, 'pg_restore', restorePath);
  if (restoreOutcome.code === 0) input.end(after);
  else psql.kill();
  const ended = await psqlOutcome;
  if (restoreOutcome.code !== 0) throw failed('pg_restore', restoreOutcome);
  if (ended.code !== 0) throw failed('psql', ended);
}
