/**
 * Throwaway database servers for the test Strapi: a PostgreSQL or MariaDB server in a
 * temporary folder, listening on a free loopback port, with one database and a user with a
 * password. `stop()` ends the server by its pid and removes the folder. The Debian packages
 * `postgresql` and `mariadb-server` provide the binaries.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './app.ts';

export type DatabaseKind = 'postgres' | 'mysql';

/** A running database server with one database, and the env that points the test Strapi at it. */
export interface DatabaseServer {
  kind: DatabaseKind;
  /** `DATABASE_CLIENT`, `DATABASE_HOST`, `DATABASE_PORT`, `DATABASE_NAME`, `DATABASE_USERNAME`, `DATABASE_PASSWORD`. */
  env: Record<string, string>;
  /** Server output so far, for failure messages. */
  output(): string;
  /** Stops the server (SIGTERM by pid, SIGKILL after 15 s) and removes its folder. */
  stop(): Promise<void>;
}

const USER = 'cms';
const PASSWORD = 'cms-test-password';
const DATABASE = 'cms_test';

/** The Debian packages that provide each server. */
export const DATABASE_PACKAGES: Record<DatabaseKind, string> = {
  postgres: 'postgresql',
  mysql: 'mariadb-server',
};

function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
}

function mariadbBin(name: 'mariadbd' | 'mariadb-install-db' | 'mariadb'): string | undefined {
  return ['/usr/sbin', '/usr/bin'].map((dir) => join(dir, name)).find((path) => existsSync(path));
}

/** Why a server cannot start here (with the install command), or undefined when it can. */
export function databaseMissing(kind: DatabaseKind): string | undefined {
  const present =
    kind === 'postgres'
      ? postgresBin() !== undefined
      : (['mariadbd', 'mariadb-install-db', 'mariadb'] as const).every(
          (name) => mariadbBin(name) !== undefined,
        );
  return present
    ? undefined
    : `${kind === 'postgres' ? 'PostgreSQL' : 'MariaDB'} is not installed: run \`apt-get install -y ${DATABASE_PACKAGES[kind]}\` as root`;
}

/**
 * The `skip` option for a suite that needs these servers: false when they are installed; the
 * install command when not, except under CI, where a missing server throws (the suite fails).
 */
export function databaseSkip(kinds: DatabaseKind[]): string | false {
  const missing = kinds.map(databaseMissing).filter((reason) => reason !== undefined);
  if (missing.length === 0) return false;
  if (process.env.CI) throw new Error(missing.join('; '));
  return missing.join('; ');
}

/** The uid/gid to run PostgreSQL as: it refuses root. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (uid.status === 0 && gid.status === 0) return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
  }
  throw new Error('running as root, and neither a postgres nor a nobody user exists to run PostgreSQL as');
}

function run(command: string, args: string[], options: { uid?: number; gid?: number; env?: object } = {}) {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    ...options,
    env: { ...process.env, ...options.env },
  });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`,
    );
  return result.stdout;
}

interface Process {
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

function startProcess(command: string, args: string[], options: { uid?: number; gid?: number }): Process {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function waitFor(
  label: string,
  server: Process,
  ready: () => boolean,
  timeout = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!ready()) {
    if (server.child.exitCode !== null) throw new Error(`${label} exited:\n${server.output()}`);
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`${label} did not get ready in ${timeout} ms:\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function databaseEnv(kind: DatabaseKind, port: number): Record<string, string> {
  return {
    DATABASE_CLIENT: kind,
    DATABASE_HOST: '127.0.0.1',
    DATABASE_PORT: String(port),
    DATABASE_NAME: DATABASE,
    DATABASE_USERNAME: USER,
    DATABASE_PASSWORD: PASSWORD,
  };
}

/** Starts a database server of `kind` with an empty database. */
export function startDatabase(kind: DatabaseKind): Promise<DatabaseServer> {
  const missing = databaseMissing(kind);
  if (missing) throw new Error(missing);
  return kind === 'postgres' ? startPostgres() : startMariadb();
}

/** The handle of a started server: stopping it also removes its folder. */
function running(kind: DatabaseKind, port: number, server: Process, dir: string): DatabaseServer {
  return {
    kind,
    env: databaseEnv(kind, port),
    output: server.output,
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function startPostgres(): Promise<DatabaseServer> {
  const bin = postgresBin() as string;
  const user = postgresUser();
  const dir = mkdtempSync(join(tmpdir(), 'cms-pg-'));
  try {
    if (user) chownSync(dir, user.uid, user.gid);
    const passwordFile = join(dir, 'password');
    writeFileSync(passwordFile, `${PASSWORD}\n`);
    if (user) chownSync(passwordFile, user.uid, user.gid);
    const data = join(dir, 'data');
    run(
      join(bin, 'initdb'),
      ['-D', data, '-U', USER, `--pwfile=${passwordFile}`, '-A', 'scram-sha-256', '-E', 'UTF8', '--no-sync'],
      { ...user, env: { LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8' } },
    );
    const port = await freePort();
    const server = startProcess(
      join(bin, 'postgres'),
      [
        ...['-D', data, '-k', dir, '-h', '127.0.0.1', '-p', String(port)],
        // A throwaway database: durability off, for speed.
        ...['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
      ],
      user ?? {},
    );
    const env = { PGPASSWORD: PASSWORD };
    const isReady = () =>
      spawnSync(join(bin, 'pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(port), '-U', USER], { env })
        .status === 0;
    await waitFor('postgres', server, isReady);
    run(join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', USER, DATABASE], { env });
    return running('postgres', port, server, dir);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

async function startMariadb(): Promise<DatabaseServer> {
  const dir = mkdtempSync(join(tmpdir(), 'cms-mariadb-'));
  try {
    const data = join(dir, 'data');
    const socket = join(dir, 'mysqld.sock');
    const asRoot = process.getuid?.() === 0 ? ['--user=root'] : [];
    run(mariadbBin('mariadb-install-db') as string, [
      '--no-defaults',
      `--datadir=${data}`,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
      ...asRoot,
    ]);
    const port = await freePort();
    const server = startProcess(
      mariadbBin('mariadbd') as string,
      [
        '--no-defaults',
        `--datadir=${data}`,
        `--socket=${socket}`,
        `--port=${port}`,
        '--bind-address=127.0.0.1',
        `--pid-file=${join(dir, 'mariadbd.pid')}`,
        '--innodb-buffer-pool-size=64M',
        '--innodb-flush-log-at-trx-commit=0',
        '--skip-log-bin',
        '--character-set-server=utf8mb4',
        '--collation-server=utf8mb4_unicode_ci',
        ...asRoot,
      ],
      {},
    );
    const client = mariadbBin('mariadb') as string;
    const sql = (statement: string) =>
      spawnSync(client, ['--no-defaults', `--socket=${socket}`, '-u', 'root', '-e', statement], {
        encoding: 'utf8',
      });
    await waitFor('mariadbd', server, () => sql('SELECT 1').status === 0);
    const setup = sql(
      [
        `CREATE DATABASE ${DATABASE} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
        `CREATE USER '${USER}'@'127.0.0.1' IDENTIFIED BY '${PASSWORD}'`,
        `GRANT ALL PRIVILEGES ON ${DATABASE}.* TO '${USER}'@'127.0.0.1'`,
      ].join('; '),
    );
    if (setup.status !== 0) {
      await server.stop();
      throw new Error(`creating the MariaDB database failed:\n${setup.stdout}${setup.stderr}`);
    }
    return running('mysql', port, server, dir);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
