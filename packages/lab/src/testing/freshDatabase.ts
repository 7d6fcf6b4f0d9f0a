import { SQL } from 'bun';

/**
 * A database of its own on a PostgreSQL server, for one run of the queue
 * tests, benches and arena tests (nothing an earlier run left is found), and its
 * removal. The name says who made it: `<prefix>_<pid>_<time>`.
 */
export async function freshDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  if (!/^\w{1,63}$/.test(name)) throw new Error(`'${name}' is not a database name`);
  const admin = new SQL(serverUrl, { max: 1 });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const url = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  return {
    url,
    async drop() {
      const sql = new SQL(serverUrl, { max: 1 });
      try {
        await sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await sql.close();
      }
    },
  };
}
