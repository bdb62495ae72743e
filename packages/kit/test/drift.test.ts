import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createTestEnv, prismaDrift, type TestEnv } from '@mcs/kit/testing';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  const client = new Client({ connectionString: env.databaseUrl });
  await client.connect();
  await client.query(
    `CREATE SCHEMA d; CREATE TABLE d.things (id bigint PRIMARY KEY, label text, added_at timestamptz NOT NULL, tags text[] NOT NULL)`,
  );
  await client.end();
});
afterAll(() => env.cleanup());

function schemaFile(model: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'prisma-')), 'schema.prisma');
  writeFileSync(path, `datasource db {\n  provider = "postgresql"\n}\n\n${model}\n`);
  return path;
}

test('a Prisma model that matches its table has no drift', async () => {
  const file = schemaFile(`model Thing {
  id      BigInt   @id
  label   String?
  addedAt DateTime @map("added_at") @db.Timestamptz(6)
  tags    String[]
  @@map("things")
}`);
  expect(await prismaDrift(file, env.databaseUrl, 'd')).toEqual([]);
});

test('a missing column, a wrong type and a nullability mismatch are each reported', async () => {
  const file = schemaFile(`model Thing {
  id      Int      @id
  label   String
  addedAt DateTime? @map("added_at")
  missing Boolean
  tags    String[]
  @@map("things")
}`);
  expect(await prismaDrift(file, env.databaseUrl, 'd')).toEqual([
    'Thing (d.things.id): Int stored as bigint',
    'Thing (d.things.label): required in Prisma, nullable in the database',
    'Thing (d.things.added_at): optional in Prisma, NOT NULL in the database',
    'Thing (d.things.missing): column missing',
  ]);
});
