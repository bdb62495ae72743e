import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const SCRIPT = join(__dirname, '..', 'scripts', 'layout-check.js');

/** A throwaway src/ tree: path → file text. */
function tree(files: Record<string, string>): string {
  const src = join(mkdtempSync(join(tmpdir(), 'layout-')), 'src');
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(src, file)), { recursive: true });
    writeFileSync(join(src, file), text);
  }
  return src;
}

function check(src: string) {
  const result = spawnSync(process.execPath, [SCRIPT, src], { encoding: 'utf8' });
  rmSync(dirname(src), { recursive: true, force: true });
  return { status: result.status, out: result.stdout };
}

describe('scripts/layout-check.js', () => {
  it('passes a service whose folders form no cycle and whose SQL is in repositories', () => {
    const src = tree({
      'app.ts': "import { a } from './media/media.service';\nexport const x = a;",
      'media/media.service.ts':
        "import { rows } from './media.repository';\nimport { page } from '../shared/page';\nexport const a = [rows, page];",
      'media/media.repository.ts': 'export const rows = (db: any) => db.$queryRaw`SELECT 1`;',
      'shared/page.ts': '// SELECT in a comment is not SQL\nexport const page = 1;',
    });
    expect(check(src)).toEqual({ status: 0, out: '' });
  });

  it('names folders that import each other, and SQL outside a repository', () => {
    const src = tree({
      'media/media.service.ts': "import { b } from '../sync/step';\nexport const a = b;",
      'sync/step.ts':
        "import { a } from '../media/media.service';\nexport const b = (tx: any) => [a, tx.movie.findMany()];",
      'sync/rows.ts': 'export const UPDATE = `UPDATE movies SET x = 1`;',
    });
    const { status, out } = check(src);
    expect(status).toBe(1);
    expect(out).toContain('folders import each other: media/ ↔ sync/');
    expect(out).toContain('database access outside a repository: sync/step.ts:2');
    expect(out).toContain('database access outside a repository: sync/rows.ts:1');
  });
});
