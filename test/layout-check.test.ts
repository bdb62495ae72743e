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

function check(src: string, ...flags: string[]) {
  const result = spawnSync(process.execPath, [SCRIPT, ...flags, src], { encoding: 'utf8' });
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

  it('names a consumer or server.ts that imports a repository, even for a type', () => {
    const src = tree({
      'server.ts': "import { ids } from './media/media.repository';\nexport const s = ids;",
      'media/media.repository.ts': 'export const ids = 1;\nexport type Row = { id: number };',
      'media/media.service.ts': "import { ids } from './media.repository';\nexport const a = ids;",
      'media/media-links.consumer.ts':
        "import type { Row } from './media.repository';\nexport type R = Row;",
      'consumers/media.ts':
        "import { ids } from '../media/media.repository';\nexport const c = ids;",
      'media/links.consumer.ts': "import { a } from './media.service';\nexport const c = a;",
    });
    const { status, out } = check(src);
    expect(status).toBe(1);
    expect(out.trim().split('\n').sort()).toEqual([
      expect.stringContaining(
        'consumers/media.ts imports a repository (../media/media.repository)',
      ),
      expect.stringContaining(
        'media/media-links.consumer.ts imports a repository (./media.repository)',
      ),
      expect.stringContaining('server.ts imports a repository (./media/media.repository)'),
    ]);
  });

  it('names a file in a feature folder that is neither a kind of file nor a plain helper', () => {
    const src = tree({
      'media/media.routes.ts': 'export const r = 1;',
      'media/media.view.ts': 'export const v = 1;',
      'media/media-record.ts': 'export const plain = 1;',
      'media/parts/index.ts': 'export const plain = 1;',
      'media/media.worker.ts': 'export const w = 1;',
      'media/media-consumer.ts': 'export const c = 1;',
      'sync/movies.step.ts': 'export const s = 1;',
      'domain/rules.pure.ts': 'export const shared = 1;',
      'main.ts': 'export const wiring = 1;',
    });
    const { status, out } = check(src);
    expect(status).toBe(1);
    expect(out.trim().split('\n').sort()).toEqual([
      expect.stringContaining('not a kind of file nor a plain helper: media/media-consumer.ts'),
      expect.stringContaining('not a kind of file nor a plain helper: media/media.worker.ts'),
      expect.stringContaining('not a kind of file nor a plain helper: sync/movies.step.ts'),
    ]);
  });

  it('names folders of the kit that import each other, at any depth, and allows its SQL', () => {
    const src = tree({
      'http/app.ts': "import type { Metrics } from '../ops/metrics';\nexport type A = Metrics;",
      'ops/metrics.ts': "import { listen } from '../http/server';\nexport const m = listen;",
      'http/server.ts': 'export const listen = 1;',
      'data/outbox.ts': 'export const add = (tx: any) => tx.$executeRaw`INSERT INTO outbox`;',
      'testing/a/one.ts': "import { two } from '../b/two';\nexport const one = two;",
      'testing/b/two.ts': "import type { one } from '../a/one';\nexport const two = 2;",
    });
    const { status, out } = check(src, '--kit');
    expect(status).toBe(1);
    expect(out).toContain('folders import each other: http/ ↔ ops/');
    expect(out).toContain('folders import each other: testing/a/ ↔ testing/b/');
    expect(out).not.toContain('database access');
  });

  it('passes a kit whose folders form no cycle', () => {
    const src = tree({
      'http/app.ts': 'export const app = 1;',
      'ops/metrics.ts': "import { app } from '../http/app';\nexport const m = app;",
      'runtime.ts': "import { m } from './ops/metrics';\nexport const r = m;",
    });
    expect(check(src, '--kit')).toEqual({ status: 0, out: '' });
  });
});
