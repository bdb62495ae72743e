import { CheckCircle2, Info, AlertTriangle } from 'lucide-react';
import { Link } from 'react-router';
import type { Schemas } from '../../api/client';
import { DateTime } from '../../ui/DateTime';
import { internalPath } from './notice-link';

type Notice = Schemas['Notice'];

const LEVEL_ICON = { info: Info, success: CheckCircle2, warning: AlertTriangle };

function NoticeLink({ link }: { link: string }) {
  const path = internalPath(link);
  if (path) return <Link to={path}>Open</Link>;
  return (
    <a href={link} target="_blank" rel="noopener noreferrer">
      Open (new tab)
    </a>
  );
}

/** The caller's notices, newest first; unread ones stand out and can be marked read. */
export function NoticeList({
  notices,
  busy,
  onMarkRead,
}: {
  notices: Notice[];
  busy: boolean;
  onMarkRead: (notice: Notice) => void;
}) {
  return (
    <ul className="notice-list">
      {notices.map((notice) => {
        const Icon = LEVEL_ICON[notice.level];
        const unread = notice.read_at === null;
        return (
          <li key={notice.id} className={unread ? 'card notice unread' : 'card notice'}>
            <Icon aria-hidden size={20} className={`notice-icon level-${notice.level}`} />
            <div className="notice-body">
              <p className="notice-title">
                <span className={`badge level-badge-${notice.level}`}>{notice.level}</span>{' '}
                {notice.title}
                {unread && <span className="badge unread-badge">unread</span>}
              </p>
              <p className="notice-message">{notice.message}</p>
              <p className="muted small notice-meta">
                <DateTime value={notice.created_at} relative />
                {notice.link && <NoticeLink link={notice.link} />}
              </p>
            </div>
            <div className="notice-actions">
              {unread && (
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  aria-label={`Mark as read: ${notice.title}`}
                  onClick={() => onMarkRead(notice)}
                >
                  Mark as read
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
