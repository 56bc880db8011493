/**
 * A fetch that loses chosen answers, as a dropped connection or a time-out does: the request reaches the
 * console and is answered, but the answer is read and thrown away and the client sees the network error
 * fetch raises (a TypeError). Each chosen request loses its answer once, the first time it is sent.
 */
export function answerLosingFetch(base: (request: Request) => Promise<Response> = (request) => fetch(request)) {
  const toLose: Array<(request: Request) => boolean> = [];
  /** The requests whose answer was lost ("POST /v1/rewards 201"), in order. */
  const lost: string[] = [];
  return {
    lost,
    /** The next request that `matches` loses its answer. */
    loseNextAnswer(matches: (request: Request) => boolean): void {
      toLose.push(matches);
    },
    fetch: async (request: Request): Promise<Response> => {
      const chosen = toLose.findIndex((matches) => matches(request));
      const response = await base(request);
      if (chosen === -1) return response;
      toLose.splice(chosen, 1);
      await response.arrayBuffer();
      lost.push(`${request.method} ${new URL(request.url).pathname} ${response.status}`);
      throw new TypeError('fetch failed', { cause: new Error('the answer was lost on purpose') });
    },
  };
}
