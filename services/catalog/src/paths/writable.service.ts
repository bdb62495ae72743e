import { randomUUID } from 'node:crypto';
import { open, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

export interface WritableResult {
  path: string;
  writable: boolean;
  /** Why not: `not_a_directory` (it, or its nearest existing parent, is a file), `not_writable`. */
  reason?: 'not_a_directory' | 'not_writable';
}

/**
 * Whether catalog can write where a move destination points (docs/decisions/025: the
 * scheduler asks before it accepts `move_destination_*`). Writable means the folder exists or
 * can be created, is a directory, and a test file can be created and removed there. Nothing is
 * created but that test file: a folder that does not exist yet is judged by its nearest
 * existing parent, where the move would create it.
 */
export class WritablePathsService {
  async check(paths: readonly string[]): Promise<WritableResult[]> {
    const results: WritableResult[] = [];
    for (const path of paths) results.push({ path, ...(await probe(resolve(path))) });
    return results;
  }
}

async function probe(path: string): Promise<Omit<WritableResult, 'path'>> {
  const existing = await nearestExisting(path);
  if (!existing) return { writable: false, reason: 'not_writable' };
  if (!existing.directory) return { writable: false, reason: 'not_a_directory' };
  const testFile = join(existing.path, `.mcs-write-test-${randomUUID()}`);
  try {
    const handle = await open(testFile, 'wx');
    await handle.close();
    await unlink(testFile);
    return { writable: true };
  } catch {
    return { writable: false, reason: 'not_writable' };
  }
}

/** The path itself or its closest existing ancestor; null when even that cannot be read. */
async function nearestExisting(path: string): Promise<{ path: string; directory: boolean } | null> {
  for (let current = path; ; current = dirname(current)) {
    try {
      return { path: current, directory: (await stat(current)).isDirectory() };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // ENOTDIR: a file stands where a folder of the path should be.
      if (code === 'ENOTDIR') return { path: current, directory: false };
      if (code !== 'ENOENT' || dirname(current) === current) return null;
    }
  }
}
