/** How long the release check may take, and how much of the answer it reads. */
export interface ReleaseSourceLimits {
  timeoutMs: number;
  maxBytes: number;
}

export const RELEASE_SOURCE_LIMITS: ReleaseSourceLimits = { timeoutMs: 10_000, maxBytes: 1 << 20 };

/** Reads the releases/latest document at `url` (JSON). */
export type FetchRelease = (url: string) => Promise<unknown>;

/**
 * The one outbound call of the gateway, made only when `update_check_enabled` is on: bounded in
 * time and size, so a slow or endless answer cannot hold housekeeping up. Redirects are
 * followed (a renamed repository answers with one), within the same time bound.
 */
export function releaseSource(
  userAgent: string,
  limits: ReleaseSourceLimits = RELEASE_SOURCE_LIMITS,
): FetchRelease {
  return async (url) => {
    const signal = AbortSignal.timeout(limits.timeoutMs);
    const response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': userAgent },
      signal,
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`the release source answered HTTP ${response.status}`);
    }
    return JSON.parse(await readCapped(response, limits.maxBytes)) as unknown;
  };
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge(maxBytes);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body) {
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      // Leaving the loop cancels the stream: the rest is never read.
      if (size > maxBytes) throw tooLarge(maxBytes);
      chunks.push(chunk);
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}

const tooLarge = (maxBytes: number) =>
  new Error(`the release source's answer is over ${maxBytes} bytes`);
