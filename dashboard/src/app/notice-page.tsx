import { Link } from 'react-router-dom';
import { PageHeader } from '../components/page-header.tsx';

/** A page that only says why there is nothing to show here, with the way back to the overview. */
export function NoticePage({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <Link to="/" className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
        Go to the overview
      </Link>
    </>
  );
}
