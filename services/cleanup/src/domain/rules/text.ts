/**
 * Text comparisons are case-insensitive after Unicode NFC normalisation (domain.md 3.3).
 * Lower-casing can decompose a character (İ → i + U+0307), so the result is normalised again.
 */
export function foldText(text: string): string {
  return text.normalize('NFC').toLowerCase().normalize('NFC');
}

/**
 * Length bounds in code points, so an emoji counts as one character. A string longer than
 * twice the maximum in UTF-16 units is too long whatever it holds, and is not walked.
 */
export function lengthWithin(text: string, min: number, max: number): boolean {
  if (text.length > max * 2) return false;
  let count = 0;
  for (const _ of text) count += 1;
  return count >= min && count <= max;
}
