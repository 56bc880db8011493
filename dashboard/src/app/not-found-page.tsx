import { NoticePage } from './notice-page.tsx';

export function NotFoundPage() {
  return <NoticePage title="Page not found" description="There is no page at this address. It may have moved, or the link may be mistyped." />;
}
