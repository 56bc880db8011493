import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, api, readJson } from '../../../lib/api-client.ts';
import type { AdCheckView } from '../ad-check-words.ts';
import { adCheckKeys } from './ad-check-keys.ts';

/** Asks the platform about one ad now; the server stores the check in the history. */
export async function checkAd(adId: string): Promise<AdCheckView> {
  // The typed client puts params into the path as they are; the id is checked, but still encoded.
  const { check } = await readJson(api.ads[':adId'].$get({ param: { adId: encodeURIComponent(adId) } }));
  return check;
}

/** The server's answer for an ad the platform does not know. */
export function isAdNotFound(error: Error): boolean {
  return error instanceof ApiRequestError && error.status === 404 && error.code === 'ad_not_found';
}

/** A mutation although it is a GET: each check asks the platform anew and adds a row to the history. */
export function useCheckAd() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: checkAd,
    onSettled: () => client.invalidateQueries({ queryKey: adCheckKeys.lists() }),
  });
}
