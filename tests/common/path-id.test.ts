import { describe, expect, it } from 'vitest';
import { pathIdProblem } from '../../common/path-id.ts';

describe('pathIdProblem', () => {
  it.each(['pay_123', 'a-b.c~d', 'ABCdef0123456789abcdef012345', 'x'.repeat(64), 'a.b', '.a'])('takes %j', (id) => {
    expect(pathIdProblem(id)).toBeNull();
  });

  it.each([
    ['', 'empty'],
    ['x'.repeat(65), 'too_long'],
    ['a/b', 'slash'],
    ['../x', 'slash'],
    ['a..b', 'dot_dot'],
    ['..', 'dot_dot'],
    ['a%2Fb', 'percent'],
    ['abc!def', 'characters'],
    ['a+b', 'characters'],
    ['two words', 'characters'],
    ['a?b=c', 'characters'],
    ['été', 'characters'],
    ['a\u0000b', 'characters'],
    ['.', 'only_dots'],
    ['incomplete_server_payments', 'reserved'],
  ])('refuses %j as %s', (id, problem) => {
    expect(pathIdProblem(id)).toBe(problem);
  });
});
