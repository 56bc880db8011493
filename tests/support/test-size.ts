/**
 * `npm test` runs the few size-bound tests at a size that keeps the suite within its time; `npm run
 * test:long` (the vitest project `long`, which sets PLAT_TEST_FULL_SIZE) runs the same files at full size.
 */
export const FULL_SIZE = process.env.PLAT_TEST_FULL_SIZE === '1';

export function sized(quick: number, full: number): number {
  return FULL_SIZE ? full : quick;
}
