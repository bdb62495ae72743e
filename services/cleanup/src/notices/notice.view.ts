import { iso, isoOrNull } from '@mcs/kit';
import type { NoticeRecord } from './notice.repository';

/** A notice as internal-api.md 5 shows it. */
export function noticeView(record: NoticeRecord) {
  return {
    id: record.id,
    level: record.level,
    title: record.title,
    message: record.message,
    link: record.link,
    created_at: iso(record.createdAt),
    read_at: isoOrNull(record.readAt),
  };
}
