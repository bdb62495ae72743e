-- The operation's path as catalog reaches it (through the path mappings) and, for a move, where
-- it went: {local_path} and {destination_path} of webhook templates (events-webhooks.md 3.3).
-- Like `path`, they never leave catalog otherwise (domain.md 1.12).
ALTER TABLE file_operations ADD COLUMN local_path TEXT;
ALTER TABLE file_operations ADD COLUMN destination_path TEXT;
