import { serve, type ServerType } from '@hono/node-server';
import type { ConsoleMetrics } from './console-metrics.ts';

export interface MetricsListener {
  /** Where Prometheus scrapes: http://host:port/metrics. */
  url: string;
  close(): Promise<void>;
}

/**
 * The metrics on a listener of their own (PLAT_METRICS_PORT, on PLAT_METRICS_HOST or loopback), never
 * on the console's port: what it tells (volumes, balances, failures) stays off a public address unless
 * an operator puts it on one. It answers GET /metrics and nothing else.
 */
export function listenMetrics(metrics: ConsoleMetrics, { host, port }: { host: string; port: number }): Promise<MetricsListener> {
  const fetch = async (request: Request): Promise<Response> => {
    if (new URL(request.url).pathname !== '/metrics') return new Response('Not found: metrics are at /metrics\n', { status: 404 });
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response('Method not allowed\n', { status: 405, headers: { allow: 'GET, HEAD' } });
    const { contentType, text } = await metrics.scrape();
    return new Response(text, { headers: { 'content-type': contentType, 'cache-control': 'no-store' } });
  };
  return new Promise((resolve, reject) => {
    const server: ServerType = serve({ fetch, hostname: host, port }, (info) => {
      const shownHost = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      resolve({
        url: `http://${shownHost}:${info.port}/metrics`,
        close: () =>
          new Promise<void>((closed) => {
            server.close(() => closed());
            if ('closeIdleConnections' in server) server.closeIdleConnections();
          }),
      });
    });
    server.once('error', reject);
  });
}
