import type { ApiTokenRecord } from '../tokens/api-token.repository';

const COLUMNS = ['ID', 'PREFIX', 'NAME', 'SCOPES', 'EXPIRES', 'LAST USED', 'REVOKED'];

const time = (value: Date | null) => value?.toISOString() ?? '-';

/** A plain-text table of tokens for `token list`: never a token or its digest. */
export function tokenTable(tokens: ApiTokenRecord[]): string {
  const rows = tokens.map((t) => [
    String(t.id),
    t.prefix,
    t.name,
    t.scopes.join(','),
    time(t.expiresAt),
    time(t.lastUsedAt),
    time(t.revokedAt),
  ]);
  const widths = COLUMNS.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] as string).length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] as number))
      .join('  ')
      .trimEnd();
  return [line(COLUMNS), ...rows.map(line)].join('\n') + '\n';
}
