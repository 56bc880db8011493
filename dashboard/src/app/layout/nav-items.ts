import type { ComponentType } from 'react';
import type { Permission } from '../../lib/access.ts';
import { AwaitingApprovalBadge } from '../../features/approvals/components/awaiting-approval-badge.tsx';
import { AdsIcon, AuditIcon, IncompleteIcon, KeyIcon, WebhookIcon, OverviewIcon, PaymentsIcon, ReconciliationIcon, ReferenceIcon, RewardsIcon, SettingsIcon, StaffIcon, WalletIcon } from '../../components/icons.tsx';

export interface NavItem {
  to: string;
  label: string;
  Icon: ComponentType;
  /** Listed only for roles with this permission; without one, for every signed-in staff member. */
  permission?: Permission;
  /** A live count beside the label, e.g. what waits for the staff member there; it renders nothing when there is none. */
  Count?: ComponentType;
}

export const navItems: readonly NavItem[] = [
  { to: '/', label: 'Overview', Icon: OverviewIcon },
  { to: '/payments', label: 'Payments', Icon: PaymentsIcon, permission: 'payments:read' },
  { to: '/rewards', label: 'Rewards', Icon: RewardsIcon, permission: 'rewards:read', Count: AwaitingApprovalBadge },
  { to: '/wallet', label: 'Wallet', Icon: WalletIcon, permission: 'wallet:read' },
  { to: '/reconciliation', label: 'Reconciliation', Icon: ReconciliationIcon, permission: 'reconciliation:read' },
  { to: '/incomplete', label: 'Incomplete payments', Icon: IncompleteIcon, permission: 'incomplete:read' },
  { to: '/ads', label: 'Rewarded ads', Icon: AdsIcon, permission: 'ads:read' },
  { to: '/audit', label: 'Audit log', Icon: AuditIcon, permission: 'audit:read' },
  { to: '/reference', label: 'API reference', Icon: ReferenceIcon },
  { to: '/staff', label: 'Staff', Icon: StaffIcon, permission: 'staff:manage' },
  { to: '/api-keys', label: 'API keys', Icon: KeyIcon, permission: 'api-keys:manage' },
  { to: '/webhooks', label: 'Webhooks', Icon: WebhookIcon, permission: 'webhooks:manage' },
  { to: '/settings', label: 'Settings', Icon: SettingsIcon, permission: 'settings:manage' },
];
