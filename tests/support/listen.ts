import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';

/** Serves `fetch` on a free loopback port, as the BFF's server would. */
export function listen(fetch: (request: Request) => Response | Promise<Response>): Promise<{ origin: string; close(): Promise<void> }> {
  return new Promise((resolve) => {
    const server = serve({ fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => {
      resolve({
        origin: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((closed) => {
            server.close(() => closed());
            // Clients keep their connections open; they are idle between requests.
            if ('closeIdleConnections' in server) server.closeIdleConnections();
          }),
      });
    });
  });
}
