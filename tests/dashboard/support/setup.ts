import { configure } from '@testing-library/react';

// Testing Library waits 1 s by default for findBy/waitFor; with two test workers on two cores a
// render can take longer than that without anything being wrong.
configure({ asyncUtilTimeout: 15_000 });
