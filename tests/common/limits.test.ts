import { describe, expect, it } from 'vitest';
import { MAX_BATCH_AD_IDS, MAX_IMPORT_IDS } from '../../common/limits.ts';

describe('limits', () => {
  it('lets one import carry 10,000 payment ids and one batch check 1,000 ad ids', () => {
    expect(MAX_IMPORT_IDS).toBe(10_000);
    expect(MAX_BATCH_AD_IDS).toBe(1_000);
  });
});
