import { Spinner } from '../components/spinner.tsx';

/** Shown in the layout's content area while a page's code is still loading. */
export function RoutePending() {
  return <Spinner label="Loading page" />;
}
