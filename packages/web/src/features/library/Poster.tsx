import { Film, Tv } from 'lucide-react';
import type { Schemas } from '../../api/client';

/**
 * The poster only when it is served by this service: the Content-Security-Policy allows images
 * from 'self' alone, and poster URLs point at TMDB, so those show a neutral placeholder.
 */
export function Poster({
  url,
  mediaType,
  title,
}: {
  url: string | null;
  mediaType: Schemas['MediaType'];
  title: string;
}) {
  if (url && isSameOrigin(url))
    return <img className="poster" src={url} alt={`Poster of ${title}`} loading="lazy" />;
  const Icon = mediaType === 'movie' ? Film : Tv;
  return (
    <div className="poster poster-placeholder" aria-hidden>
      <Icon size={40} />
    </div>
  );
}

export function isSameOrigin(url: string): boolean {
  try {
    return new URL(url, document.baseURI).origin === window.location.origin;
  } catch {
    return false;
  }
}
