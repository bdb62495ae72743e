import { NavLink, Route, Routes } from 'react-router';
import { NotFound } from '../../app/NotFound';
import { PageHeader } from '../../ui/PageHeader';
import { GeneralTab } from './general/GeneralTab';
import { NotificationsTab } from './notifications/NotificationsTab';
import { OidcTab } from './oidc/OidcTab';
import { ServicesTab } from './services/ServicesTab';
import { TokensTab } from './tokens/TokensTab';
import { UsersTab } from './users/UsersTab';
import { WebhooksTab } from './webhooks/WebhooksTab';
import './settings.css';

const TABS = [
  { to: '/settings', label: 'General', end: true },
  { to: '/settings/services', label: 'Services' },
  { to: '/settings/notifications', label: 'Notifications' },
  { to: '/settings/oidc', label: 'Sign-in/OIDC' },
  { to: '/settings/tokens', label: 'API tokens' },
  { to: '/settings/webhooks', label: 'Webhooks' },
  { to: '/settings/users', label: 'Users' },
];

/** Settings (admin): one tab per internal-api §6 group, each its own URL under /settings. */
export function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" />
      <nav className="settings-tabs" aria-label="Settings sections">
        {TABS.map((tab) => (
          <NavLink key={tab.to} to={tab.to} end={tab.end}>
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Routes>
        <Route index element={<GeneralTab />} />
        <Route path="services" element={<ServicesTab />} />
        <Route path="notifications" element={<NotificationsTab />} />
        <Route path="oidc" element={<OidcTab />} />
        <Route path="tokens" element={<TokensTab />} />
        <Route path="webhooks" element={<WebhooksTab />} />
        <Route path="users" element={<UsersTab />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </>
  );
}
