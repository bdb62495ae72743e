/**
 * Where a login may send the browser back to: a path of this site only. Anything that a
 * browser could read as another origin becomes `/` — a scheme (`https://evil`, `javascript:`),
 * a protocol-relative `//evil`, and `/\evil`, which browsers treat like `//evil`. Control
 * characters are refused too (browsers strip tabs and newlines, so `/\t/evil` is `//evil`).
 */
export function safeReturnTo(raw: unknown): string {
  if (typeof raw !== 'string' || !raw.startsWith('/')) return '/';
  const second = raw.charAt(1);
  if (second === '/' || second === '\\') return '/';
  for (let i = 0; i < raw.length; i += 1) {
    const code = raw.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || raw[i] === '\\') return '/';
  }
  return raw;
}

/** `url` without the slashes it ends with (a loop, not a regex: the text comes from outside). */
export function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end -= 1;
  return url.slice(0, end);
}
