import { Link } from 'react-router-dom';
import { PageHeader } from '../components/page-header.tsx';

export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" description="There is no page at this address. It may have moved, or the link may be mistyped." />
      <Link to="/" className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
        Go to the overview
      </Link>
    </>
  );
}
