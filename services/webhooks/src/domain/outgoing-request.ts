/**
 * Everything an attempt sends, built before any connection (events-webhooks.md §3.3, §4.3
 * step 3, §4.11, §4.12): the rendered URL and body, the signature over the exact body bytes,
 * and exactly the headers of §4.12. The rendered request is never stored.
 */
import type { Header } from './endpoint-headers';
import type { Method } from './endpoint-input';
import { hasDotSegment } from './dot-segments';
import { parseTemplate, render } from './template';
import {
  type PathMode,
  type PathValues,
  type TemplateEvent,
  templateContext,
} from './template-context';
import { sameOrigin } from '@mcs/kit';
import { refused, type AttemptResult } from './attempt-result';
import { type SigningSecrets, webhookHeaders } from './signing';

export const MAX_BODY_BYTES = 256 * 1024;

export interface OutgoingRequest {
  method: Method;
  url: string;
  headers: Record<string, string>;
  body: Buffer | null;
  timeoutMs: number;
}

/** The endpoint settings an attempt uses (stored values, secrets already opened). */
export interface EndpointRequestSettings {
  method: Method;
  url: string;
  urlTemplate: string | null;
  bodyTemplate: string | null;
  pathMode: PathMode;
  headers: readonly Header[];
  authUsername: string | null;
  authPassword: string | null;
  timeoutSeconds: number;
}

export interface RequestPlan {
  endpoint: EndpointRequestSettings;
  event: TemplateEvent;
  /** File-operation events only, resolved at send time; never stored. */
  paths: PathValues | null;
  /** The event ID, or a fresh UUID for tests. */
  webhookId: string;
  /** Null for an unsaved endpoint's test, which is sent unsigned. */
  secrets: SigningSecrets | null;
  now: Date;
  /** The service version for `User-Agent`. */
  version: string;
}

/** The request, or the permanent failure that stops it before sending. */
export function buildRequest(plan: RequestPlan): OutgoingRequest | AttemptResult {
  const { endpoint } = plan;
  const context = templateContext(plan.event, plan.paths, endpoint.pathMode);
  let url = endpoint.url;
  if (endpoint.urlTemplate !== null) {
    url = render(parseTemplate(endpoint.urlTemplate), context, 'url');
    // A value cannot reach the authority (save-time rule), but check what is actually sent.
    if (!sameOrigin(url, endpoint.url)) return refused('origin_changed');
    if (hasDotSegment(url)) return refused('dot_segments');
  }
  let body: Buffer | null = null;
  if (endpoint.method === 'POST') {
    body = Buffer.from(
      endpoint.bodyTemplate === null
        ? JSON.stringify(plan.event.payload)
        : render(parseTemplate(endpoint.bodyTemplate), context, 'body'),
      'utf8',
    );
    if (body.length > MAX_BODY_BYTES) return refused('body_too_large');
  }
  const signed = { id: plan.webhookId, timestamp: plan.now, body: body ?? '' };
  return {
    method: endpoint.method,
    url,
    headers: {
      ...baseHeaders(endpoint, plan.version),
      ...webhookHeaders(signed, plan.secrets),
      ...customHeaders(endpoint.headers),
    },
    body,
    timeoutMs: endpoint.timeoutSeconds * 1000,
  };
}

export function isRequest(value: OutgoingRequest | AttemptResult): value is OutgoingRequest {
  return 'method' in value;
}

function baseHeaders(endpoint: EndpointRequestSettings, version: string): Record<string, string> {
  const headers: Record<string, string> = { 'User-Agent': `MediaCleanupService/${version}` };
  // A configured Content-Type (allowed only with body_template) replaces the default.
  const customType = endpoint.headers.some(({ name }) => name.toLowerCase() === 'content-type');
  if (endpoint.method === 'POST' && !customType) headers['Content-Type'] = 'application/json';
  if (endpoint.authUsername !== null) {
    const credentials = `${endpoint.authUsername}:${endpoint.authPassword ?? ''}`;
    headers.Authorization = `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}`;
  }
  return headers;
}

function customHeaders(headers: readonly Header[]): Record<string, string> {
  return Object.fromEntries(headers.map(({ name, value }) => [name, value]));
}
