// Child-process entry: the bare pass-through (bare-proxy.ts) on its own event loop, forwarding to the
// upstream in PLAT_BENCH_UPSTREAM_ORIGIN with the key in PLAT_BENCH_UPSTREAM_KEY.
import { bareProxy } from './bare-proxy.ts';
import { listen } from '../../tests/support/listen.ts';

const proxy = bareProxy({ origin: process.env.PLAT_BENCH_UPSTREAM_ORIGIN ?? '', key: process.env.PLAT_BENCH_UPSTREAM_KEY ?? '' });
const server = await listen(proxy.app.fetch);
process.send?.({ origin: server.origin });
process.once('SIGTERM', () => {
  void server.close().then(() => proxy.close()).then(() => process.exit(0));
});
