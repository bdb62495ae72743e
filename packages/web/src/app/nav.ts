import {
  Bell,
  Film,
  Inbox,
  LayoutDashboard,
  ListFilter,
  Settings,
  Shield,
  Timer,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import type { Schemas } from '../api/client';

type Indicators = Schemas['SidebarIndicators'];

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  admin?: boolean;
  candidatesPage?: boolean;
  badge?: (indicators: Indicators) => number | null;
}

/** The sidebar (a bottom bar on phones), with the sidebar indicators as badges. */
export const NAV: NavItem[] = [
  { to: '/', label: 'Dashboard', icon: LayoutDashboard },
  {
    to: '/candidates',
    label: 'Candidates',
    icon: Trash2,
    candidatesPage: true,
    badge: (i) => i.candidates,
  },
  { to: '/library', label: 'Library', icon: Film },
  { to: '/protections', label: 'Protections', icon: Shield },
  {
    to: '/requests',
    label: 'Requests',
    icon: Inbox,
    badge: (i) => (i.pending_protection_requests ?? 0) + (i.pending_delete_requests ?? 0),
  },
  { to: '/rules', label: 'Rules', icon: ListFilter, admin: true },
  { to: '/tasks', label: 'Tasks', icon: Timer, admin: true },
  { to: '/settings', label: 'Settings', icon: Settings, admin: true },
  { to: '/notices', label: 'Notices', icon: Bell, badge: (i) => i.unread_notices },
];
