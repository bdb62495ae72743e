import { readFileSync } from 'node:fs';
import { Client } from 'pg';

/**
 * Drift check between a service's Prisma schema and its migrated database: every model's table
 * and every scalar field's column exists with a compatible type and the same nullability.
 * Migrations are hand-written SQL (docs/decisions/003-migrations.md), so this is what keeps
 * them and the Prisma schema from silently disagreeing.
 */
interface PrismaField {
  model: string;
  table: string;
  column: string;
  type: string;
  optional: boolean;
  list: boolean;
  nativeType: string | undefined;
}

const SCALARS = new Set([
  'String',
  'Int',
  'BigInt',
  'Boolean',
  'DateTime',
  'Json',
  'Float',
  'Decimal',
  'Bytes',
]);

/** Column data_type values (information_schema) each Prisma scalar may be stored as. */
const COMPATIBLE: Record<string, string[]> = {
  String: ['text', 'character varying', 'character', 'uuid', 'citext', 'inet'],
  Int: ['integer', 'smallint'],
  BigInt: ['bigint'],
  Boolean: ['boolean'],
  DateTime: ['timestamp with time zone', 'timestamp without time zone', 'date'],
  Json: ['jsonb', 'json'],
  Float: ['double precision', 'real'],
  Decimal: ['numeric'],
  Bytes: ['bytea'],
  enum: ['USER-DEFINED', 'text'],
};

export function parsePrismaSchema(text: string): PrismaField[] {
  const enums = new Set([...text.matchAll(/^enum\s+(\w+)\s*\{/gm)].map((m) => m[1] as string));
  const fields: PrismaField[] = [];
  for (const [, model, body] of text.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm) as Iterable<
    [string, string, string]
  >) {
    const table = /@@map\("([^"]+)"\)/.exec(body)?.[1] ?? model;
    for (const line of body.split('\n').map((l) => l.replace(/\/\/.*$/, '').trim())) {
      const match = /^(\w+)\s+(\w+)(\[\])?(\?)?(.*)$/.exec(line);
      if (!match || line.startsWith('@@')) continue;
      const [, name, type, list, optional, attributes] = match as unknown as [
        string,
        string,
        string,
        string | undefined,
        string | undefined,
        string,
      ];
      if (!SCALARS.has(type) && !enums.has(type)) continue; // relation field
      fields.push({
        model,
        table,
        column: /@map\("([^"]+)"\)/.exec(attributes)?.[1] ?? name,
        type: enums.has(type) ? 'enum' : type,
        optional: optional === '?',
        list: list === '[]',
        nativeType: /@db\.(\w+)/.exec(attributes)?.[1],
      });
    }
  }
  return fields;
}

export async function prismaDrift(
  schemaFile: string,
  databaseUrl: string,
  schema: string,
): Promise<string[]> {
  const fields = parsePrismaSchema(readFileSync(schemaFile, 'utf8'));
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: string;
      udt_name: string;
    }>(
      `SELECT table_name, column_name, data_type, is_nullable, udt_name FROM information_schema.columns WHERE table_schema = $1`,
      [schema],
    );
    const columns = new Map(rows.map((row) => [`${row.table_name}.${row.column_name}`, row]));
    const problems: string[] = [];
    for (const field of fields) {
      const where = `${field.model} (${schema}.${field.table}.${field.column})`;
      const column = columns.get(`${field.table}.${field.column}`);
      if (!column) {
        problems.push(`${where}: column missing`);
        continue;
      }
      const dataType = field.list ? column.udt_name.replace(/^_/, '') : column.data_type;
      const accepted = field.list ? [] : (COMPATIBLE[field.type] ?? []);
      if (field.list ? column.data_type !== 'ARRAY' : !accepted.includes(dataType)) {
        problems.push(
          `${where}: ${field.type}${field.list ? '[]' : ''} stored as ${column.data_type}`,
        );
      }
      if (field.nativeType === 'Uuid' && column.data_type !== 'uuid')
        problems.push(`${where}: expected uuid`);
      if (field.optional !== (column.is_nullable === 'YES')) {
        problems.push(
          `${where}: ${field.optional ? 'optional in Prisma, NOT NULL in the database' : 'required in Prisma, nullable in the database'}`,
        );
      }
    }
    return problems;
  } finally {
    await client.end();
  }
}
