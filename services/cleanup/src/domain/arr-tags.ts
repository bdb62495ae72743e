/**
 * One item's tag change (domain.md 9, tag_cleanup_candidates): add what the item's candidates'
 * rules want and it lacks; remove only tags the service applied itself and no longer wants.
 * Pure.
 */
export function tagChange(item: {
  mediaType: 'movie' | 'series';
  mediaId: number;
  wanted: readonly string[];
  applied: readonly string[];
}) {
  const wanted = new Set(item.wanted);
  const applied = new Set(item.applied);
  return {
    media_type: item.mediaType,
    media_id: item.mediaId,
    add: item.wanted.filter((tag) => !applied.has(tag)),
    remove: item.applied.filter((tag) => !wanted.has(tag)),
  };
}
