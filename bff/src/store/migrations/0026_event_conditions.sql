-- What the console last found of a condition it watches (a stuck payment, an incomplete payment the
-- platform lists, an API key about to expire, a broken audit chain, the wallet below its low-balance
-- threshold), so that its event fires once per occurrence and not at every check. A key is written in
-- the transaction of the event it allows; `state` is what was found ('found', or 'holds'/'ended' for a
-- condition that can end and come back).
CREATE TABLE event_conditions (
  key   text PRIMARY KEY,
  state text NOT NULL,
  at    timestamptz NOT NULL
);
