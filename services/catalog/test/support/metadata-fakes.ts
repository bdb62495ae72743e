/**
 * Local stand-ins for TMDB and the IMDb ratings dataset (systems we do not own), on loopback:
 * the network is sealed in tests. Each records what it was asked.
 */
import { once } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export interface Fake {
  url: string;
  /** Paths asked, with their query. */
  readonly requests: string[];
  close(): Promise<void>;
}

async function serve(
  answer: (req: IncomingMessage, res: ServerResponse, url: URL) => void,
): Promise<Fake> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(`${url.pathname}${url.search}`);
    answer(req, res, url);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** TMDB's movie details of one id, as TMDB answers with external_ids appended. */
export const tmdbMovie = (id: number) => ({
  id,
  title: `Movie ${id}`,
  genres: [
    { id: 18, name: 'Drama' },
    { id: 35, name: 'Comedy' },
  ],
  original_language: 'fr',
  origin_country: ['FR', 'QQ'],
  production_countries: [{ iso_3166_1: 'BE' }],
  belongs_to_collection: id % 2 === 0 ? { id: 9000 + id, name: `Saga ${id}` } : null,
  vote_average: 7.4,
  vote_count: 1234,
  popularity: 56.7,
  status: 'Released',
  release_date: '2001-04-25',
  poster_path: `/poster${id}.jpg`,
  external_ids: { imdb_id: `tt${9_000_000 + id}`, tvdb_id: null },
});

/** TMDB's TV details of one id: Cantonese, four seasons and the specials. */
export const tmdbTv = (id: number) => ({
  id,
  name: `Series ${id}`,
  genres: [{ id: 10765, name: 'Sci-Fi & Fantasy' }],
  original_language: 'cn',
  origin_country: ['HK'],
  vote_average: 8.1,
  vote_count: 321,
  popularity: 12.5,
  status: 'Canceled',
  first_air_date: '2015-01-10',
  last_air_date: '2019-06-01',
  number_of_seasons: 4,
  seasons: [0, 1, 2, 3, 4].map((season_number) => ({ season_number })),
  poster_path: null,
  external_ids: { imdb_id: null, tvdb_id: 4242 },
});

/**
 * TMDB answering `/3/movie/{id}` and `/3/tv/{id}` for a v3 key passed as `api_key`; the ids in
 * `oversized` get a 2 MiB answer, as a broken or hostile server might send.
 */
export function startFakeTmdb(key: string, oversized: number[] = []): Promise<Fake> {
  return serve((_req, res, url) => {
    if (url.searchParams.get('api_key') !== key)
      return send(res, 401, { status_code: 7, status_message: 'Invalid API key' });
    if (url.searchParams.get('append_to_response') !== 'external_ids')
      return send(res, 400, { status_message: 'expected external_ids' });
    const match = /^\/3\/(movie|tv)\/(\d+)$/.exec(url.pathname);
    if (!match) return send(res, 404, { status_code: 34 });
    const id = Number(match[2]);
    if (oversized.includes(id))
      return send(res, 200, { ...tmdbTv(id), padding: 'x'.repeat(2 ** 21) });
    send(res, 200, match[1] === 'movie' ? tmdbMovie(id) : tmdbTv(id));
  });
}

/** The ratings dataset at `/datasets/title.ratings.tsv.gz`; `body` is what it serves now. */
export async function startFakeDataset(): Promise<Fake & { body: Buffer }> {
  const state: { body: Buffer } = { body: Buffer.alloc(0) };
  const fake = await serve((_req, res, url) => {
    if (url.pathname !== '/datasets/title.ratings.tsv.gz') return send(res, 404, {});
    res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
    res.end(state.body);
  });
  return Object.defineProperty(fake, 'body', {
    get: () => state.body,
    set: (body: Buffer) => (state.body = body),
  }) as Fake & { body: Buffer };
}

/** A dataset file: the header, then `lines` as they are. */
export const ratingsFile = (lines: string[]) =>
  gzipSync(Buffer.from(['tconst\taverageRating\tnumVotes', ...lines].join('\n') + '\n'));
