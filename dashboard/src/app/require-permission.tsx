import { Outlet } from 'react-router-dom';
import { useCan, type Permission } from '../lib/access.ts';
import { NotAllowedPage } from './not-allowed-page.tsx';

/** A layout route around the pages that need `permission`. */
export function RequirePermission({ permission }: { permission: Permission }) {
  return useCan(permission) ? <Outlet /> : <NotAllowedPage />;
}
