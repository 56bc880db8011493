import { NavLink } from 'react-router-dom';
import { usePermissions } from '../../lib/access.ts';
import { Brand } from './brand.tsx';
import { navItems } from './nav-items.ts';

const linkBase = 'flex items-center gap-2.5 whitespace-nowrap rounded-md px-2.5 py-1.5 text-sm';
const linkIdle = 'text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800/70 dark:hover:text-zinc-100';
const linkActive = 'bg-zinc-200/70 font-medium text-zinc-900 dark:bg-zinc-800 dark:text-zinc-50';

/** Brand and main navigation: a column on wide screens, a scrollable row on narrow ones. Only what the role may use is listed. */
export function Sidebar() {
  const permissions = usePermissions();
  const allowedItems = navItems.filter(({ permission }) => !permission || permissions.includes(permission));
  return (
    <div className="shrink-0 border-b border-zinc-200 bg-zinc-50 md:flex md:w-56 md:flex-col md:border-r md:border-b-0 dark:border-zinc-800 dark:bg-zinc-900/40">
      <div className="flex h-14 shrink-0 items-center border-zinc-200 px-4 md:border-b dark:border-zinc-800">
        <Brand />
      </div>
      <nav aria-label="Main" className="overflow-x-auto px-2 pb-2 md:flex-1 md:overflow-y-auto md:pt-2">
        <ul className="flex gap-0.5 md:flex-col">
          {allowedItems.map(({ to, label, Icon, Count }) => (
            <li key={to}>
              <NavLink to={to} className={({ isActive }) => `${linkBase} ${isActive ? linkActive : linkIdle}`}>
                <Icon />
                {label}
                {Count && <Count />}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
