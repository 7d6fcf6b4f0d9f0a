import { SQL } from 'bun';

/**
 * plugin-sql's schema needs pgvector's `vector(n)` type, and Debian bookworm's
 * main archive has no pgvector package. Where the extension is missing, the
 * test database gets a stand-in: a type `vector` stored as text (with a length
 * modifier, so `vector(384)` parses) and a `<=>` distance that is constant.
 * Everything the House stores works; similarity ranking is not what these
 * tests check. Needs a superuser (the CI server's `postgres`).
 */
const STAND_IN = [
  `CREATE FUNCTION vector_in(cstring) RETURNS vector LANGUAGE internal IMMUTABLE STRICT AS 'textin'`,
  `CREATE FUNCTION vector_out(vector) RETURNS cstring LANGUAGE internal IMMUTABLE STRICT AS 'textout'`,
  `CREATE FUNCTION vector_recv(internal) RETURNS vector LANGUAGE internal IMMUTABLE STRICT AS 'textrecv'`,
  `CREATE FUNCTION vector_send(vector) RETURNS bytea LANGUAGE internal IMMUTABLE STRICT AS 'textsend'`,
  `CREATE FUNCTION vector_typmod_in(cstring[]) RETURNS integer LANGUAGE internal IMMUTABLE STRICT AS 'varchartypmodin'`,
  `CREATE FUNCTION vector_typmod_out(integer) RETURNS cstring LANGUAGE internal IMMUTABLE STRICT AS 'varchartypmodout'`,
  `CREATE TYPE vector (INPUT = vector_in, OUTPUT = vector_out, RECEIVE = vector_recv, SEND = vector_send, TYPMOD_IN = vector_typmod_in, TYPMOD_OUT = vector_typmod_out, INTERNALLENGTH = VARIABLE, STORAGE = extended, CATEGORY = 'S')`,
  `CREATE FUNCTION vector_stand_in_distance(vector, vector) RETURNS float8 LANGUAGE sql IMMUTABLE AS 'SELECT 0.5::float8'`,
  `CREATE OPERATOR <=> (LEFTARG = vector, RIGHTARG = vector, FUNCTION = vector_stand_in_distance)`,
];

/** What the database offers for `vector`: the real extension, the stand-in (made now or before), or nothing it could make. */
export async function ensureVectorType(url: string): Promise<'pgvector' | 'stand-in' | { error: string }> {
  const sql = new SQL(url);
  try {
    const available = (await sql`SELECT 1 FROM pg_available_extensions WHERE name = 'vector'`) as unknown[];
    if (available.length) return 'pgvector';
    const present = (await sql`SELECT 1 FROM pg_type WHERE typname = 'vector'`) as unknown[];
    if (present.length) return 'stand-in';
    await sql.begin(async (tx) => {
      await tx.unsafe('CREATE TYPE vector');
      for (const statement of STAND_IN) await tx.unsafe(statement);
    });
    return 'stand-in';
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  } finally {
    await sql.close();
  }
}
