/**
 * The IMDb ratings dataset (§2.9.2): one gzip file, streamed and never held whole. The download
 * is a bulk read (timeout max(timeout, 300 s)), its compressed bytes capped like a list
 * (UPSTREAM_LIST_MAX_MB) and its unpacked bytes at `maxUnpackedBytes`; ratings go to `wanted`
 * in batches as they are read, only for the titles the caller asked for.
 */
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { httpOptions, type ClientConfig } from '../config';
import { InvalidBody } from '../errors';
import { HttpClient } from '../http';
import { isHeader, linesOf, parseRatingLine, type ImdbRating } from './ratings-lines';

const MiB = 1024 * 1024;

export interface DatasetOptions {
  /** Longest line held; the real lines are under 30 bytes. */
  maxLineBytes?: number;
  /** The real file unpacks to about 30 MiB. */
  maxUnpackedBytes?: number;
  batchSize?: number;
}

export interface DatasetRead {
  /** Ratings handed over (titles the caller wanted). */
  matched: number;
  /** Lines that did not parse or were too long: skipped. */
  malformed: number;
}

export class ImdbDatasetClient {
  private readonly http: HttpClient;
  private readonly file: string;
  private readonly query: Record<string, string>;

  constructor(
    /** The dataset's URL (`imdb_ratings_url`). */
    url: string,
    config: Omit<ClientConfig, 'baseUrl' | 'apiKey'>,
    private readonly options: DatasetOptions = {},
  ) {
    const parsed = new URL(url);
    this.file = parsed.pathname.slice(parsed.pathname.lastIndexOf('/') + 1);
    this.query = Object.fromEntries(parsed.searchParams);
    const baseUrl = new URL('.', `${parsed.origin}${parsed.pathname}`).href;
    this.http = new HttpClient(httpOptions('imdb', { ...config, baseUrl, apiKey: '' }, {}));
  }

  /** Streams the dataset; `take` receives the ratings of the `wanted` titles, batch by batch. */
  async read(
    wanted: (imdbId: string) => boolean,
    take: (batch: ImdbRating[]) => Promise<void>,
  ): Promise<DatasetRead> {
    const { maxLineBytes = 1024, maxUnpackedBytes = 1024 * MiB, batchSize = 1000 } = this.options;
    const counts: DatasetRead = { matched: 0, malformed: 0 };
    const consume = async (unpacked: AsyncIterable<Buffer>) => {
      let batch: ImdbRating[] = [];
      for await (const line of linesOf(bounded(unpacked, maxUnpackedBytes), maxLineBytes)) {
        const rating = line === null ? null : parseRatingLine(line);
        if (rating === null) {
          if (line === null || (line !== '' && !isHeader(line))) counts.malformed += 1;
          continue;
        }
        if (!wanted(rating.imdbId)) continue;
        batch.push(rating);
        if (batch.length >= batchSize) {
          await take(batch);
          counts.matched += batch.length;
          batch = [];
        }
      }
      if (batch.length > 0) await take(batch);
      counts.matched += batch.length;
    };
    await this.http.download(
      this.file,
      (body) => pipeline(Readable.from(body), createGunzip(), consume).catch(asInvalidGzip),
      { query: this.query, headers: { Accept: '*/*' } },
    );
    return counts;
  }

  close(): void {
    this.http.close();
  }
}

async function* bounded(chunks: AsyncIterable<Buffer>, maxBytes: number): AsyncGenerator<Buffer> {
  let read = 0;
  for await (const chunk of chunks) {
    read += chunk.length;
    if (read > maxBytes)
      throw new InvalidBody(`the dataset unpacks to more than ${Math.floor(maxBytes / MiB)} MiB`);
    yield chunk;
  }
}

/** zlib's errors (Z_DATA_ERROR, Z_BUF_ERROR) mean the file is not gzip, or is cut short. */
function asInvalidGzip(error: unknown): never {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('Z_'))
    throw new InvalidBody('the dataset is not a complete gzip file');
  throw error;
}
