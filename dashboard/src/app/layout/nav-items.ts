import type { ComponentType } from 'react';
import { AdsIcon, AuditIcon, IncompleteIcon, OverviewIcon, PaymentsIcon, RewardsIcon, StaffIcon } from '../../components/icons.tsx';

export interface NavItem {
  to: string;
  label: string;
  Icon: ComponentType;
}

export const navItems: readonly NavItem[] = [
  { to: '/', label: 'Overview', Icon: OverviewIcon },
  { to: '/payments', label: 'Payments', Icon: PaymentsIcon },
  { to: '/rewards', label: 'Rewards', Icon: RewardsIcon },
  { to: '/incomplete', label: 'Incomplete', Icon: IncompleteIcon },
  { to: '/ads', label: 'Ads', Icon: AdsIcon },
  { to: '/audit', label: 'Audit', Icon: AuditIcon },
  { to: '/staff', label: 'Staff', Icon: StaffIcon },
];
