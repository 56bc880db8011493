import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromScaled, MAX_SCALED_AMOUNT, toScaled } from '../../common/amount.ts';
import { amountProblem, MAX_AMOUNT } from '../../common/payable-amount.ts';

/** How JavaScript writes a number of this many stroops (JSON.stringify writes the same): an exponent below 10⁻⁶. */
const numberTextOf = (scaled: bigint) => (scaled < 10n ? `${scaled}e-7` : fromScaled(scaled));

const STROOPS = 10n ** 7n;
/** Decimal amounts as scaled integers: small ones, any the chain can hold and a little over, and the range where a double's step passes a stroop (2^29 to 2^30). */
const amounts = fc.oneof(
  fc.bigInt({ min: 1n, max: 100_000n * STROOPS }),
  fc.bigInt({ min: 1n, max: MAX_SCALED_AMOUNT + STROOPS }),
  fc.bigInt({ min: 2n ** 29n * STROOPS - STROOPS, max: 2n ** 30n * STROOPS }),
);

describe('amountProblem: what the console can pay exactly', () => {
  it('accepts an amount exactly when the chain can hold it and its double gives it back, as its JSON text and to 7 places', () => {
    fc.assert(
      fc.property(amounts, (scaled) => {
        const amount = fromScaled(scaled);
        const double = Number(amount);
        const survives = scaled <= MAX_SCALED_AMOUNT && toScaled(double.toFixed(7)) === scaled && JSON.stringify(double) === numberTextOf(scaled);
        expect(amountProblem(amount) === null, amount).toBe(survives);
      }),
      { numRuns: 5_000 },
    );
  });

  it('says why, in words, for the issue’s reproductions and their neighbours', () => {
    expect(amountProblem('600000000.0000003')).toBe('600000000.0000003 cannot be sent exactly: the platform would receive 600000000.0000004');
    expect(amountProblem('922337203685.4775808')).toBe('922337203685.4775808 is more than the chain can hold (at most 922337203685.4775807)');
    // A shorter text that the same double also reads as goes on the wire.
    expect(amountProblem('600000000.0000041')).toBe('600000000.0000041 cannot be sent exactly: the platform would receive 600000000.000004');
    // The wire text is right, but the double is nearer another stroop: the console would read the platform's payment otherwise.
    expect(amountProblem('8589934592.000002')).toBe('8589934592.000002 cannot be sent exactly: as a JSON number it reads back as 8589934592.0000019');
    expect(amountProblem('0')).toBe('0 is not a decimal amount greater than 0 with at most 7 decimal places');
    expect(amountProblem('1.12345678')).toMatch(/is not a decimal amount/);
    expect(MAX_AMOUNT).toBe('922337203685.4775807');
  });

  it('accepts the amounts people pay, the smallest stroop, trailing zeros and a large amount a double carries', () => {
    for (const amount of ['1.25', '0.0000001', '1.2500000', '100', '600000000.0000004', '536870911.9999999']) expect(amountProblem(amount), amount).toBeNull();
  });
});
