import type { Schemas } from '../../../api/client';

export type Channel = Schemas['NotificationChannel'];
export type Kind = Channel['kind'];
export type NotificationEvent = Schemas['NotificationEvent'];

export interface SettingSpec {
  key: string;
  label: string;
  type: 'text' | 'number' | 'secret' | 'checkbox' | 'list';
  min?: number;
  max?: number;
  hint?: string;
}

interface KindSpec {
  label: string;
  urlLabel: string;
  urlHint: string;
  settings: SettingSpec[];
}

/** Each channel kind and its settings (NotificationChannel.settings in the contract). */
export const KINDS: Record<Kind, KindSpec> = {
  discord: {
    label: 'Discord',
    urlLabel: 'Webhook URL',
    urlHint: 'Channel settings → Integrations → Webhooks.',
    settings: [{ key: 'username', label: 'Bot name', type: 'text' }],
  },
  slack: {
    label: 'Slack',
    urlLabel: 'Webhook URL',
    urlHint: 'An incoming webhook URL.',
    settings: [{ key: 'username', label: 'Bot name', type: 'text' }],
  },
  ntfy: {
    label: 'ntfy',
    urlLabel: 'Server URL',
    urlHint: 'e.g. https://ntfy.sh',
    settings: [
      { key: 'topic', label: 'Topic', type: 'text' },
      {
        key: 'priority',
        label: 'Priority',
        type: 'number',
        min: 1,
        max: 5,
        hint: '1 (min) to 5 (urgent).',
      },
      { key: 'token', label: 'Access token', type: 'secret' },
    ],
  },
  gotify: {
    label: 'Gotify',
    urlLabel: 'Server URL',
    urlHint: 'e.g. https://gotify.example.org',
    settings: [
      { key: 'token', label: 'App token', type: 'secret' },
      { key: 'priority', label: 'Priority', type: 'number', min: 0, max: 10, hint: '0 to 10.' },
    ],
  },
  smtp: {
    label: 'E-mail (SMTP)',
    urlLabel: 'SMTP host',
    urlHint: 'e.g. smtp.example.org',
    settings: [
      { key: 'port', label: 'Port', type: 'number', min: 1, max: 65535 },
      { key: 'secure', label: 'Use TLS from the start (port 465)', type: 'checkbox' },
      { key: 'from', label: 'From', type: 'text' },
      { key: 'to', label: 'To', type: 'list', hint: '1 to 20 addresses, separated by commas.' },
      { key: 'username', label: 'SMTP username', type: 'text' },
      { key: 'password', label: 'SMTP password', type: 'secret' },
    ],
  },
  json_webhook: {
    label: 'JSON webhook',
    urlLabel: 'Webhook URL',
    urlHint: 'Receives each notification as a JSON POST.',
    settings: [],
  },
};

export const KIND_IDS = Object.keys(KINDS) as Kind[];

const EVENTS: Record<NotificationEvent, string> = {
  task_failure: 'A task failed',
  alert: 'An alert was raised',
  new_cleanup_candidates: 'New cleanup candidates',
  new_protection_request: 'New protection request',
  new_delete_request: 'New delete request',
  delete_failed: 'A delete failed',
};

export const EVENT_IDS = Object.keys(EVENTS) as NotificationEvent[];

export function eventLabel(event: NotificationEvent): string {
  return EVENTS[event];
}
