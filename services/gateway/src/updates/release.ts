/** The newest release as a releases/latest document names it (GitHub's shape). */
export interface Release {
  version: string;
  /** Its release notes; null unless an http(s) URL. */
  url: string | null;
}

const VERSION =
  /^v?(\d{1,9})\.(\d{1,9})\.(\d{1,9})(?:-([0-9A-Za-z.-]{1,100}))?(?:\+[0-9A-Za-z.-]{1,100})?$/;

/** `tag_name` and `html_url` of a releases/latest answer; null when it names no version. */
export function parseRelease(document: unknown): Release | null {
  if (typeof document !== 'object' || document === null) return null;
  const { tag_name: tag, html_url: url } = document as Record<string, unknown>;
  if (typeof tag !== 'string' || !VERSION.test(tag)) return null;
  return {
    version: tag.replace(/^v/, ''),
    url: typeof url === 'string' && isHttp(url) ? url : null,
  };
}

/**
 * Whether `latest` is newer than `current`, by semantic version precedence (a pre-release
 * sorts before its release; pre-releases compare as text); null when either is no version.
 */
export function isNewer(latest: string, current: string): boolean | null {
  const a = VERSION.exec(latest);
  const b = VERSION.exec(current);
  if (!a || !b) return null;
  for (const i of [1, 2, 3]) {
    const diff = Number(a[i]) - Number(b[i]);
    if (diff !== 0) return diff > 0;
  }
  const [pa, pb] = [a[4], b[4]];
  if (pa === undefined || pb === undefined) return pa === undefined && pb !== undefined;
  return pa.localeCompare(pb, 'en', { numeric: true }) > 0;
}

function isHttp(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol) && text.length <= 2048;
  } catch {
    return false;
  }
}
