/**
 * In-app notices (internal-api.md 5): what a requester is told when an administrator decides
 * their request (domain.md 8.1, 8.2). Pure: the words and who gets them.
 */
export type NoticeLevel = 'info' | 'success' | 'warning';

export interface NoticeDraft {
  userId: number;
  level: NoticeLevel;
  title: string;
  message: string;
  link: string | null;
}

export interface DecidedRequest {
  kind: 'protection' | 'delete';
  id: number;
  requestedByUserId: number;
  title: string | null;
  year: number | null;
}

export type Decision = 'approved' | 'denied' | 'canceled';

const ASKED = { protection: 'keep', delete: 'remove' } as const;
const OUTCOME = {
  approved: { level: 'success', word: 'approved' },
  denied: { level: 'warning', word: 'denied' },
  canceled: { level: 'info', word: 'withdrawn by an administrator' },
} as const;

/**
 * The requester's notice of a decision, or null when they made it themselves (an
 * administrator's own request, a requester withdrawing theirs).
 */
export function decisionNotice(
  request: DecidedRequest,
  decision: Decision,
  decidedByUserId: number,
  adminNote: string | null,
): NoticeDraft | null {
  if (decidedByUserId === request.requestedByUserId) return null;
  const { level, word } = OUTCOME[decision];
  const media = request.title
    ? `“${request.title}${request.year ? ` (${request.year})` : ''}”`
    : 'a removed item';
  const kind = request.kind === 'protection' ? 'Protection' : 'Deletion';
  const note = adminNote ? ` Note: ${adminNote}` : '';
  return {
    userId: request.requestedByUserId,
    level,
    title: `${kind} request ${word}`,
    message: `Your request to ${ASKED[request.kind]} ${media} was ${word}.${note}`,
    link: null,
  };
}
