import { spawn } from 'node:child_process';
import { BackupError } from './backup-error';

/** How pg_dump and pg_restore reach the database: libpq's own settings, from ours. */
export interface LibpqTarget {
  /** DATABASE_URL without its password (a password in argv shows in `ps`). */
  dbname: string;
  env: Record<string, string>;
}

/**
 * DATABASE_URL and the DB_SSL settings as libpq takes them: the password through PGPASSWORD,
 * TLS through PGSSLMODE and PGSSLROOTCERT (a `sslmode` in the URL itself libpq reads as is).
 */
export function libpqTarget(
  databaseUrl: string,
  settings: { DB_SSL?: string | undefined; DB_SSL_CA_FILE?: string | undefined } = {},
): LibpqTarget {
  const url = new URL(databaseUrl);
  const env: Record<string, string> = {};
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  url.password = '';
  if (settings.DB_SSL) env.PGSSLMODE = settings.DB_SSL;
  if (settings.DB_SSL_CA_FILE) env.PGSSLROOTCERT = settings.DB_SSL_CA_FILE;
  return { dbname: url.toString(), env };
}

/**
 * Runs one PostgreSQL client program to its end; a non-zero exit is a BackupError carrying the
 * program's own last words (stderr), and a missing program says which package brings it.
 */
export function runPostgresTool(
  program: 'pg_dump' | 'pg_restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `برنامه ${program} پیدا نشد؛ بستهٔ postgresql-client را نصب کنید`,
              `${program} not found on PATH (Debian: apt-get install postgresql-client)`,
            )
          : error,
      );
    });
    child.on('close', (code, signal) => {
      if (code === 0) {
        resolve({ stdout: Buffer.concat(stdout).toString('utf8') });
        return;
      }
      const said = Buffer.concat(stderr).toString('utf8').trim().split('\n').slice(-6).join('\n');
      // pg_dump refuses a server of a newer major version: the usual trap after an upgrade.
      const tooOld = /server version mismatch|unsupported version/.test(said);
      reject(
        new BackupError(
          tooOld
            ? `${program} از سرور PostgreSQL کهنه‌تر است؛ postgresql-client هم‌نسخهٔ سرور (یا تازه‌تر) را نصب کنید`
            : `${program} کار را تمام نکرد`,
          `${program} exited with ${signal ?? code}${said ? `:\n${said}` : ''}`,
        ),
      );
    });
  });
}
