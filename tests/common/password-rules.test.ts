import { describe, expect, it } from 'vitest';
import { passwordLengthProblem } from '../../common/password-rules.ts';

describe('passwordLengthProblem', () => {
  it.each([
    ['x'.repeat(11), 'too_short'],
    ['x'.repeat(12), null],
    ['correct horse battery staple', null],
    ['x'.repeat(128), null],
    ['x'.repeat(129), 'too_long'],
  ])('judges a password of %j', (password, problem) => {
    expect(passwordLengthProblem(password)).toBe(problem);
  });
});
