/**
 * `.` and `..` path segments in a `url_template` (events-webhooks.md §3.3). Resolved by the URL
 * parser, or by the receiver, they would let an event value (a title, a path) move the request
 * to another resource of the receiver than the one the administrator wrote. A path value
 * belongs in the query (`{urlencoded_path}`) or, for POST, in the body (`{json_path}`).
 *
 * Every spelling counts: WHATWG URL (our sender's parser) reads `%2e` as `.`, `\` as `/`, and
 * drops tabs and line breaks; receivers, and proxies in front of them, may decode `%2F` or
 * `%5C` before resolving, so those separate segments here too. A hand-written scan: the text
 * holds event values.
 */

/** Whether the path of an absolute http(s) URL (or URL template) has a `.` or `..` segment. */
export function hasDotSegment(url: string): boolean {
  const scheme = url.indexOf('://');
  let index = scheme < 0 ? 0 : authorityEnd(url, scheme + 3);
  let dots = 0;
  let other = false;
  for (; index < url.length; index += 1) {
    const char = url[index];
    if (char === '?' || char === '#') break;
    if (char === '\t' || char === '\n' || char === '\r') continue;
    const escaped = char === '%' ? url.slice(index + 1, index + 3).toLowerCase() : '';
    if (char === '/' || char === '\\' || escaped === '2f' || escaped === '5c') {
      if (isDotSegment(dots, other)) return true;
      dots = 0;
      other = false;
    } else if (char === '.' || escaped === '2e') dots += 1;
    else other = true;
    if (escaped === '2f' || escaped === '5c' || escaped === '2e') index += 2;
  }
  return isDotSegment(dots, other);
}

function isDotSegment(dots: number, other: boolean): boolean {
  return !other && (dots === 1 || dots === 2);
}

/** Where the host and port end: the path, query or fragment starts. */
function authorityEnd(url: string, from: number): number {
  let index = from;
  while (index < url.length && !'/\\?#'.includes(url[index] ?? '')) index += 1;
  return index;
}
