import type { InternalApi } from '@mcs/contracts';
import { ADMIN, USER } from '../support/api';
import { useWorld } from '../support/world';

/**
 * The rule editor's path helpers (internal-api.md 10): prefixes checked and counted, and the
 * folder tree, from catalog's own paths after a sync of the library simulator.
 */
const world = useWorld({
  sim: { movies: 6, series: 2, seasonsPerSeries: 2, episodesPerSeason: 3 },
});
type Tree = { prefix: string; children: InternalApi.components['schemas']['PathTreeNode'][] };
type Validated = InternalApi.components['schemas']['PathValidation'];

beforeAll(async () => {
  await world.configure(['radarr', 'sonarr']);
  expect((await world.runTask('sync_media')).status).toBe('completed');
});

/** What the store holds, to compare the answers with. */
async function stored() {
  const { db } = world.service;
  const versions = await db.movieVersion.findMany({ where: { removedAt: null } });
  const files = await db.episodeFile.findMany({ where: { removedAt: null } });
  return [...versions, ...files].map((file) => ({
    path: file.path,
    size: Number(file.sizeBytes ?? 0),
  }));
}

const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/'));

test('a prefix counts the live files at or under it on whole segments; a relative one is invalid', async () => {
  const files = await stored();
  const first = files[0]?.path ?? '';
  const folder = folderOf(first);
  const under = files.filter((f) => f.path === folder || f.path.startsWith(`${folder}/`));
  const reply = await world.api<Validated>('POST', '/api/rules/validate-paths', {
    principal: ADMIN,
    body: { paths: [`${folder}/`, `${folder}-other`, 'media/movies', first] },
  });
  expect(reply.status).toBe(200);
  expect(reply.body.results).toEqual([
    {
      path: `${folder}/`,
      normalized: folder,
      valid: true,
      error: null,
      item_count: under.length,
      size_bytes: under.reduce((sum, f) => sum + f.size, 0),
    },
    expect.objectContaining({ normalized: `${folder}-other`, valid: true, item_count: 0 }),
    expect.objectContaining({ valid: false, item_count: 0 }),
    expect.objectContaining({ normalized: first, valid: true, item_count: 1 }),
  ]);
});

test('the tree lists the folders below a prefix with their counts, deeper levels on request', async () => {
  const files = await stored();
  const top = await world.api<Tree>('GET', '/api/rules/path-tree', { principal: ADMIN });
  expect(top.status).toBe(200);
  expect(top.body.prefix).toBe('');
  expect(top.body.children.reduce((sum, c) => sum + c.item_count, 0)).toBe(files.length);
  const [root] = top.body.children;
  expect(root?.has_children).toBe(true);
  const deep = await world.api<Tree>(
    'GET',
    `/api/rules/path-tree?prefix=${encodeURIComponent(root?.path ?? '')}&depth=2`,
    { principal: ADMIN },
  );
  expect(deep.body.prefix).toBe(root?.path);
  for (const child of deep.body.children) {
    const below = files.filter((f) => f.path.startsWith(`${child.path}/`));
    expect([child.path, child.item_count]).toEqual([child.path, below.length]);
    if (child.has_children) expect(child.children?.length).toBeGreaterThan(0);
  }
  const movies = await world.api<Tree>('GET', '/api/rules/path-tree?media_type=movie', {
    principal: ADMIN,
  });
  expect(movies.body.children.reduce((sum, c) => sum + c.item_count, 0)).toBe(
    await world.service.db.movieVersion.count({ where: { removedAt: null } }),
  );
});

test('paths are for administrators; bad input is 422', async () => {
  expect((await world.api('GET', '/api/rules/path-tree', { principal: USER })).status).toBe(403);
  const bad = await world.api<{ errors: { name: string }[] }>('POST', '/api/rules/validate-paths', {
    principal: ADMIN,
    body: { paths: [], media_type: 'music' },
  });
  expect(bad.status).toBe(422);
  expect(bad.body.errors.map((e) => e.name).sort()).toEqual(['media_type', 'paths']);
  expect(
    (await world.api('GET', '/api/rules/path-tree?depth=4', { principal: ADMIN })).status,
  ).toBe(422);
});
