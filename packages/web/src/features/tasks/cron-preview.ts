import { CronExpressionParser } from 'cron-parser';
import cronstrue from 'cronstrue';
import { FIVE_FIELDS_ERROR, hasFiveFields } from './schedule';

// Only the schedule editor needs cron-parser (and its date library): it loads with the dialog.

export type CronPreview =
  { ok: true; sentence: string; next: Date[] } | { ok: false; error: string };

/**
 * The human sentence and the next runs of a 5-field cron expression, computed in the
 * browser's time zone (the server runs it in its own; they match when both zones agree).
 */
export function previewCron(expression: string, now: Date = new Date(), count = 5): CronPreview {
  const trimmed = expression.trim();
  // cron-parser accepts 6 fields (seconds) and pads short ones; the server wants exactly 5.
  if (!hasFiveFields(trimmed)) return { ok: false, error: FIVE_FIELDS_ERROR };
  try {
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const parsed = CronExpressionParser.parse(trimmed, { currentDate: now, tz });
    const next = parsed.take(count).map((date) => date.toDate());
    return { ok: true, sentence: cronstrue.toString(trimmed, { verbose: true }), next };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, error: `Not a valid cron expression: ${reason}` };
  }
}
