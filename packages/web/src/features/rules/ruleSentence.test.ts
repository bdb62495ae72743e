import { describe, expect, it } from 'vitest';
import type { GroupNode } from './model';
import { ruleSentence } from './ruleSentence';
import { FIELDS } from './testFixtures';

const cond = (id: number, field: string, operator: string, value: unknown = null, enabled = true) =>
  ({ type: 'condition', id, field, operator, value, enabled }) as const;

describe('ruleSentence', () => {
  it('reads the tree as a sentence with nested groups in parentheses', () => {
    const root: GroupNode = {
      type: 'group',
      id: 1,
      op: 'and',
      enabled: true,
      children: [
        cond(2, 'watch.days_since_last_watched', 'greater_than', 90),
        {
          type: 'group',
          id: 3,
          op: 'or',
          enabled: true,
          children: [
            cond(4, 'watch.never_watched', 'is_true'),
            cond(5, 'media.size_bytes', 'greater_than', 5 * 1024 ** 3),
          ],
        },
        cond(6, 'tmdb.genres', 'contains_all', ['Drama', 'Horror']),
      ],
    };
    expect(ruleSentence({ root }, FIELDS, 'movie_version')).toBe(
      'Movie files whose days since last watched is more than 90 days AND (never watched is yes OR size is more than 5.0 GiB) AND genres includes all of "Drama" and "Horror".',
    );
  });

  it('leaves out disabled nodes and says what is still to choose', () => {
    const root: GroupNode = {
      type: 'group',
      id: 1,
      op: 'or',
      enabled: true,
      children: [
        cond(2, 'media.title', 'equals', 'x', false),
        cond(3, '', ''),
        cond(4, 'media.title', 'matches_regex', ''),
      ],
    };
    expect(ruleSentence({ root }, FIELDS, 'series')).toBe(
      'Series whose (a condition still to choose) OR title matches the pattern ….',
    );
    expect(ruleSentence({ root: { ...root, children: [] } }, FIELDS)).toBe(
      'Items: no condition yet.',
    );
  });
});
