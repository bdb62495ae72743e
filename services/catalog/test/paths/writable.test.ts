import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Principal } from '@mcs/kit';
import { ADMIN } from '../support/api';
import { useWorld } from '../support/world';

/**
 * `POST /api/paths/writable`: the scheduler's check of a move destination (docs/decisions/025)
 * against the filesystem catalog reaches, signed by the scheduler alone.
 */
const world = useWorld({ sim: { movies: 1, series: 0 } });
const scheduler = { principal: { type: 'system' } as const, signer: 'scheduler' };
type Answer = { results: { path: string; writable: boolean; reason?: string }[] };

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'mcs-writable-'));
  mkdirSync(join(root, 'movies'));
  writeFileSync(join(root, 'a-file'), 'x');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const check = (paths: unknown, caller: { principal: Principal; signer?: string } = scheduler) =>
  world.api<Answer>('POST', '/api/paths/writable', { ...caller, body: { paths } });

test('an existing folder and one that can be created are writable; the check leaves nothing behind', async () => {
  const existing = join(root, 'movies');
  const missing = join(root, 'series', 'new');
  const reply = await check([existing, missing]);
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual({
    results: [
      { path: existing, writable: true },
      { path: missing, writable: true },
    ],
  });
  expect(readdirSync(root).sort()).toEqual(['a-file', 'movies']);
  expect(readdirSync(existing)).toEqual([]);
});

test('a file, a folder under a file and a folder nobody can write to are not writable, with the reason', async () => {
  const file = join(root, 'a-file');
  const reply = await check([file, join(file, 'below'), '/proc/mcs-destination']);
  expect(reply.status).toBe(200);
  expect(reply.body.results).toEqual([
    { path: file, writable: false, reason: 'not_a_directory' },
    { path: join(file, 'below'), writable: false, reason: 'not_a_directory' },
    { path: '/proc/mcs-destination', writable: false, reason: 'not_writable' },
  ]);
});

test('relative paths and a bad body are 422 naming the field; other callers are refused', async () => {
  const relative = await check(['/ok', 'media/movies']);
  expect(relative.status).toBe(422);
  expect(relative.body.errors).toEqual([expect.objectContaining({ name: 'paths[1]' })]);
  expect((await check([])).status).toBe(422);
  expect((await check('/media')).status).toBe(422);
  expect((await check(Array.from({ length: 11 }, (_, i) => `/m${i}`))).status).toBe(422);
  expect((await check(['/media'], { principal: ADMIN })).status).toBe(403);
  expect((await check(['/media'], { ...scheduler, signer: 'webhooks' })).status).toBe(403);
});
