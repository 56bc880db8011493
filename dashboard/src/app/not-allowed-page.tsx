import { NoticePage } from './notice-page.tsx';

/** For a page the signed-in role may not use; the server refuses its data anyway. */
export function NotAllowedPage() {
  return <NoticePage title="Not allowed" description="Your role does not include this page. If your work needs it, ask an admin to change your role." />;
}
