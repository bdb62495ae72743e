-- The path a file operation acted on, as the main media server knows it: the file's, or the
-- folder holding all of an operation's files. Webhook templates render it at send time
-- ({path}, events-webhooks.md 3.3); it never leaves catalog otherwise (domain.md 1.12).
ALTER TABLE file_operations ADD COLUMN path TEXT;
