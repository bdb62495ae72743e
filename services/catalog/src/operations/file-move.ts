/**
 * The filesystem part of a move (domain.md 6.6 steps 2-3): every file is checked before any
 * moves (source present, destination free or holding the same bytes), then each moves with
 * its sidecars, by rename on one filesystem or by a verified copy across two, and the source
 * folders left empty go. A destination is never overwritten. `rename` is injectable so a test
 * can make it fail as it does across filesystems (EXDEV).
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import * as fs from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isSidecarOf } from '../domain/move-paths';

export type Rename = (from: string, to: string) => Promise<void>;

export type MoveFailure = 'source_missing' | 'destination_conflict' | 'move_failed';

/** A move that could not be done; `code` is the operation's failure reason (6.4). */
export class MoveError extends Error {
  constructor(
    readonly code: MoveFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface MoveFile {
  source: string;
  destination: string;
}

type Prepared = MoveFile & { size: number; already: boolean };

/** The files of one operation; remembers the sizes it moved, for the verification. */
export class FileMover {
  /** Destination → size of the file moved there. */
  readonly sizes = new Map<string, number>();

  constructor(private readonly rename: Rename = fs.rename) {}

  /** Moves `files`, then removes the `folders` (deepest first) that were left empty. */
  async move(files: readonly MoveFile[], folders: readonly string[]): Promise<void> {
    const prepared: Prepared[] = [];
    for (const file of files) prepared.push(await this.prepare(file));
    for (const file of prepared) {
      await fs.mkdir(dirname(file.destination), { recursive: true }).catch(failed);
      // size < 0: moved by an earlier attempt; only sidecars it left behind remain to go.
      if (file.size >= 0) {
        if (file.already) await fs.rm(file.source, { force: true }).catch(failed);
        else await this.moveOne(file.source, file.destination);
        this.sizes.set(file.destination, file.size);
      }
      await this.sidecars(file);
    }
    for (const folder of folders) await fs.rmdir(folder).catch(() => undefined);
  }

  /** 6.7 "Move": the source is absent and the destination present with the size moved. */
  async verify(files: readonly MoveFile[]): Promise<boolean> {
    for (const file of files) {
      if ((await sizeOf(file.source)) !== null) return false;
      const size = await sizeOf(file.destination);
      const expected = this.sizes.get(file.destination);
      if (size === null || (expected !== undefined && size !== expected)) return false;
    }
    return true;
  }

  /**
   * Source gone but destination there: moved by an earlier attempt (size -1).
   * A destination with the same bytes counts as moved; any other one is a conflict.
   */
  private async prepare(file: MoveFile): Promise<Prepared> {
    const size = await sizeOf(file.source);
    const existing = await sizeOf(file.destination);
    if (size === null) {
      if (existing !== null) return { ...file, size: -1, already: false };
      throw new MoveError('source_missing', 'The file is not where the mapping says it is.');
    }
    if (existing === null) return { ...file, size, already: false };
    if (existing === size && (await sha256(file.source)) === (await sha256(file.destination)))
      return { ...file, size, already: true };
    throw new MoveError('destination_conflict', 'Another file already has the destination name.');
  }

  private async moveOne(source: string, destination: string): Promise<void> {
    try {
      await this.rename(source, destination);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') failed(error);
      await this.copyAcross(source, destination);
    }
  }

  /**
   * Across filesystems: copy to a temporary name beside the destination, compare size and
   * SHA-256, fsync, rename into place, and only then delete the source.
   */
  private async copyAcross(source: string, destination: string): Promise<void> {
    const temporary = join(dirname(destination), `.${basename(destination)}.${randomUUID()}.part`);
    try {
      await fs.copyFile(source, temporary, fs.constants.COPYFILE_EXCL);
      const same =
        (await sizeOf(source)) === (await sizeOf(temporary)) &&
        (await sha256(source)) === (await sha256(temporary));
      if (!same) throw new MoveError('move_failed', 'The copy differs from the source.');
      await fsync(temporary);
      if ((await sizeOf(destination)) !== null)
        throw new MoveError('destination_conflict', 'A file appeared at the destination.');
      await this.rename(temporary, destination);
      await fsync(dirname(destination));
    } catch (error) {
      await fs.rm(temporary, { force: true });
      failed(error);
    }
    await fs.rm(source).catch(failed);
  }

  /** Files beside the media file whose names start with its base name go with it. */
  private async sidecars(file: MoveFile): Promise<void> {
    const folder = dirname(file.source);
    const names = await fs.readdir(folder).catch(() => [] as string[]);
    for (const name of names.filter((n) => isSidecarOf(basename(file.source), n))) {
      const source = join(folder, name);
      const destination = join(dirname(file.destination), name);
      const prepared = await this.prepare({ source, destination }).catch(() => null);
      // A sidecar that cannot go (a different one at the destination) stays where it is.
      if (!prepared || prepared.size < 0) continue;
      if (prepared.already) await fs.rm(source, { force: true }).catch(failed);
      else await this.moveOne(source, destination);
    }
  }
}

/** Any filesystem error of a move is `move_failed`; a MoveError keeps its own reason. */
function failed(error: unknown): never {
  if (error instanceof MoveError) throw error;
  const code = (error as NodeJS.ErrnoException).code ?? 'error';
  throw new MoveError('move_failed', `The move failed (${code}).`);
}

async function sizeOf(path: string): Promise<number | null> {
  try {
    const stat = await fs.stat(path);
    return stat.isFile() ? stat.size : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    return failed(error);
  }
}

async function sha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash).catch(failed);
  return hash.digest('hex');
}

async function fsync(path: string): Promise<void> {
  const handle = await fs.open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
