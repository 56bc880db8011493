import { Link } from 'react-router-dom';
import { PageHeader } from '../components/page-header.tsx';

/** For a page the signed-in role may not use; the server refuses its data anyway. */
export function NotAllowedPage() {
  return (
    <>
      <PageHeader title="Not allowed" description="Your role does not include this page. If your work needs it, ask an admin to change your role." />
      <Link to="/" className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
        Go to the overview
      </Link>
    </>
  );
}
