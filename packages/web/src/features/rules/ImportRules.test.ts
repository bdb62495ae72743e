import { describe, expect, it } from 'vitest';
import { parseRulesFile } from './ImportRules';

describe('parseRulesFile', () => {
  it('takes an mcs-rules export as the import request', () => {
    const body = parseRulesFile(
      JSON.stringify({ format: 'mcs-rules', version: 1, rules: [{ name: 'A' }] }),
    );
    expect(body).toEqual({ format: 'mcs-rules', version: 1, rules: [{ name: 'A' }] });
  });

  it('says why another file cannot be imported', () => {
    expect(parseRulesFile('{')).toBe('The file is not JSON.');
    expect(parseRulesFile('[]')).toBe('The file is not an mcs-rules export.');
    expect(parseRulesFile('{"format":"other","version":1,"rules":[]}')).toBe(
      'The file is not an mcs-rules export.',
    );
  });
});
