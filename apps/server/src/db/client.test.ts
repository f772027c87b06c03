import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './client';

const pgUrl = process.env.DATABASE_URL;

/**
 * The pool's Client hands pg each query's options as an object inheriting them (issue 38): every
 * option still reaches the query, and the caller's object is left as it was.
 */
describe.skipIf(!pgUrl)('the PostgreSQL client', () => {
  const client = new Client({ connectionString: pgUrl });
  beforeAll(async () => client.connect());
  afterAll(async () => client.end());

  it('runs a query with every option its object gives, as a named statement', async () => {
    const options = {
      name: 'client_test_probe',
      text: 'select $1::int + 1 as n, $2::text as t',
      rowMode: 'array' as const,
      types: { getTypeParser: () => (value: string) => `parsed:${value}` },
    };
    const before = JSON.stringify(options);
    for (const n of [1, 41]) {
      const result = await client.query(options, [n, 'x']);
      // rowMode and the type parsers reached it.
      expect(result.rows).toEqual([[`parsed:${n + 1}`, 'parsed:x']]);
    }
    expect(JSON.stringify(options)).toBe(before);
    expect(Object.keys(options)).toEqual(['name', 'text', 'rowMode', 'types']);
    // It ran as the named statement (prepared once, then reused).
    const prepared = await client.query<{ name: string }>(
      "select name from pg_prepared_statements where name = 'client_test_probe'",
    );
    expect(prepared.rows).toEqual([{ name: 'client_test_probe' }]);
  });

  it('runs plain text and text with values as before', async () => {
    expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    expect((await client.query<{ v: string }>('select $1::text as v', ['a'])).rows).toEqual([
      { v: 'a' },
    ]);
    expect(
      (await client.query<{ v: string }>({ text: 'select $1::text as v', values: ['b'] })).rows,
    ).toEqual([{ v: 'b' }]);
  });
});
