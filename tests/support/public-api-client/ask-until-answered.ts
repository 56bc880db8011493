/** What openapi-fetch answers, as far as asking again needs it: the console's one error shape. */
interface Answer {
  response: Response;
  error?: { error: { code: string } };
}

/**
 * Sends a request the way a careful backend does (docs/public-api.md, "Idempotency"): when its answer is
 * lost (a network error) or the first request with its Idempotency-Key is still being processed (409
 * `request_in_flight`), it sends the same request again, with the same key, a moment later, until it is
 * answered otherwise. Answers that answer, and how many answers were lost and how many were in flight.
 */
export async function askUntilAnswered<A extends Answer>(send: () => Promise<A>, { pauseMs = 100, withinMs = 30_000 } = {}): Promise<{ answer: A; lost: number; inFlight: number }> {
  const deadline = Date.now() + withinMs;
  let lost = 0;
  let inFlight = 0;
  for (;;) {
    try {
      const answer = await send();
      if (answer.response.status !== 409 || answer.error?.error.code !== 'request_in_flight') return { answer, lost, inFlight };
      inFlight += 1;
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      lost += 1;
    }
    if (Date.now() > deadline) throw new Error(`no answer within ${withinMs} ms (${lost} lost, ${inFlight} in flight)`);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}
