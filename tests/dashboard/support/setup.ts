import { configure } from '@testing-library/react';
import { vi } from 'vitest';

// Testing Library waits 1 s by default for findBy/waitFor; with two test workers on two cores a
// render can take longer than that without anything being wrong.
configure({ asyncUtilTimeout: 15_000 });

// The files share a worker's modules (isolate: false in vitest.config.ts), so that React, the router and
// Testing Library load once per worker. The SPA's own modules load afresh for each file: their state
// (the toasts showing, the time zone chosen, the clock of relative times) starts clean, as in a new tab.
vi.resetModules();
