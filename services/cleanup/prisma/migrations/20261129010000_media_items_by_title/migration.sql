-- The media browser pages items by title (internal-api.md 8, GET /api/media/items).
CREATE INDEX media_items_title_idx ON media_items (lower(title), media_type, media_id);
