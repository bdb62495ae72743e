// Whether this browser had a session the last time the app looked. The cookie is HttpOnly, so
// the app cannot see it; the hint lets the first load ask for the session at once, in parallel
// with the screen's code, instead of after the setup status (bench/web/RESULTS.md). A stale
// hint costs one 401, which sends the browser to the login page as it would anyway.
const KEY = 'mcs-signed-in';

/**
 * The gateway writes <meta name="mcs-session"> into index.html when the browser sent a session
 * cookie (and preloads the session for it): the surer sign, where the gateway serves the page.
 */
export function hadSession(): boolean {
  return (
    localStorage.getItem(KEY) === '1' || document.querySelector('meta[name="mcs-session"]') !== null
  );
}

export function rememberSession(signedIn: boolean): void {
  if (signedIn) localStorage.setItem(KEY, '1');
  else {
    localStorage.removeItem(KEY);
    // The page was served for a session that has ended (sign-out, expiry).
    document.querySelector('meta[name="mcs-session"]')?.remove();
  }
}
