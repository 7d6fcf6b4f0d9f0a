/** What a bench of many tables is asked to measure: table counts, one host each, and rounds per match. */
export interface TablesOptions {
  tables: number[];
  rounds: number;
}

const SIZES = [1, 4, 16, 32];

/** `--tables 1,4,16` (1 to 64 each) and `--rounds 10` (3 to 50); a bad value or an unknown option is refused in one line. */
export function parseTablesOptions(args: readonly string[]): TablesOptions {
  const options: TablesOptions = { tables: SIZES, rounds: 10 };
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i], args[i + 1] ?? ''];
    if (flag === '--tables') {
      const sizes = value.split(',').map(Number);
      if (sizes.some((n) => !Number.isInteger(n) || n < 1 || n > 64)) throw new Error(`--tables takes counts from 1 to 64 separated by commas, got '${value}'`);
      options.tables = sizes;
    } else if (flag === '--rounds') {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 3 || n > 50) throw new Error(`--rounds takes a whole number from 3 to 50, got '${value}'`);
      options.rounds = n;
    } else throw new Error(`unknown option '${flag}' (options: --tables 1,4,16,32 --rounds 10)`);
  }
  return options;
}
