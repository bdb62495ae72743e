import { deriveArrTag } from '../../../src/domain/rules';
import { isValidArrTag } from '../../../src/domain/rules/arr-tag';

describe('the derived Arr tag (domain.md 3.7)', () => {
  test('is mcs- and a lower-case slug of the rule name', () => {
    expect(deriveArrTag('Old Unwatched Movies!')).toBe('mcs-old-unwatched-movies');
  });

  test('drops accents and collapses every other run of characters into one dash', () => {
    expect(deriveArrTag('  Séries — déjà vues (4K)  ')).toBe('mcs-series-deja-vues-4k');
  });

  test('is at most 50 characters and never ends with a dash', () => {
    const tag = deriveArrTag(`${'abcd '.repeat(20)}`);
    expect(tag.length).toBeLessThanOrEqual(50);
    expect(tag).toMatch(/^mcs-[a-z0-9-]*[a-z0-9]$/);
    expect(isValidArrTag(tag)).toBe(true);
  });

  test('a name with nothing sluggable gives mcs-rule', () => {
    expect(deriveArrTag('映画 🎬')).toBe('mcs-rule');
  });

  test('valid tags start with mcs- and use a-z, 0-9 and dashes only', () => {
    expect(isValidArrTag('mcs-keep-4k')).toBe(true);
    expect(isValidArrTag('mcs-')).toBe(false);
    expect(isValidArrTag('MCS-old')).toBe(false);
    expect(isValidArrTag('cleanup-old')).toBe(false);
    expect(isValidArrTag(`mcs-${'a'.repeat(47)}`)).toBe(false);
  });
});
