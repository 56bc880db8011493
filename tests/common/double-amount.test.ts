import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toScaled } from '../../common/amount.ts';
import { scaledFromDouble, scaledFromNumberText } from '../../common/double-amount.ts';

describe('scaledFromDouble', () => {
  it('agrees with toFixed(7), which the language defines as the nearest 7-place decimal of the exact value', () => {
    const doubles = fc.oneof(fc.double({ min: 0, max: 1e15, noNaN: true }), fc.double({ min: 0, max: 1e-5, noNaN: true }), fc.integer({ min: 0, max: 2 ** 31 }).map((n) => n / 2 ** 23));
    fc.assert(
      fc.property(doubles, (value) => {
        expect(scaledFromDouble(value)).toBe(toScaled(value.toFixed(7)));
      }),
      { numRuns: 5_000 },
    );
  });

  it('reads the doubles the issue met exactly', () => {
    expect(scaledFromDouble(600000000.0000003)).toBe(6_000_000_000_000_004n);
    expect(scaledFromDouble(0.1)).toBe(1_000_000n);
    expect(scaledFromDouble(Number.MIN_VALUE)).toBe(0n);
    expect(scaledFromDouble(-0)).toBe(0n);
  });

  it('refuses what is not an amount', () => {
    for (const value of [-1, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => scaledFromDouble(value)).toThrow(RangeError);
  });
});

describe('scaledFromNumberText', () => {
  it('reads a number as JavaScript writes it, exponent included; null past 7 decimal places', () => {
    expect(scaledFromNumberText('1.25')).toBe(12_500_000n);
    expect(scaledFromNumberText('1e-7')).toBe(1n);
    expect(scaledFromNumberText('1.5e-6')).toBe(15n);
    expect(scaledFromNumberText('1e+21')).toBe(10n ** 28n);
    expect(scaledFromNumberText('1e-8')).toBeNull();
    expect(scaledFromNumberText('0.30000000000000004')).toBeNull();
  });
});
