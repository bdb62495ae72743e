import type { InternalApi } from '@mcs/contracts';
import { isoOrNull } from '@mcs/kit';
import type { AttemptResult } from '../domain/attempt-result';
import { maskHeaders } from '../domain/endpoint-headers';
import type { EndpointRecord } from './endpoint-record';

type Schemas = InternalApi.components['schemas'];
export type EndpointWire = Schemas['WebhookEndpoint'];
type CreatedWire = Schemas['WebhookEndpointCreated'];
type TestResultWire = Schemas['WebhookTestResult'];
type RotatedWire = Schemas['WebhookSecretRotated'];

/** The read form (§3.1): header values masked, never the password or a secret. */
export function endpointView(record: EndpointRecord): EndpointWire {
  return {
    id: Number(record.id),
    name: record.name,
    enabled: record.enabled,
    url: record.url,
    method: record.method,
    event_types: record.eventTypes,
    media_types: record.mediaTypes,
    timeout_seconds: record.timeoutSeconds,
    headers: maskHeaders(record.headers),
    auth_username: record.authUsername,
    auth_password_is_set: record.authPassword !== null,
    secrets_readable: record.secretsReadable,
    url_template: record.urlTemplate,
    body_template: record.bodyTemplate,
    path_mode: record.pathMode,
    signing_secret_created_at: record.signingSecretCreatedAt.toISOString(),
    previous_secret_expires_at: isoOrNull(record.secrets.previousExpiresAt),
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
  };
}

/** The create response: the only read that shows the signing secret (§3.4). */
export function createdView(record: EndpointRecord): CreatedWire {
  return { ...endpointView(record), signing_secret: record.secrets.current };
}

export function rotatedView(record: EndpointRecord): RotatedWire {
  return {
    signing_secret: record.secrets.current,
    signing_secret_created_at: record.signingSecretCreatedAt.toISOString(),
    previous_secret_expires_at: isoOrNull(record.secrets.previousExpiresAt),
  };
}

/** `error` is already redacted (§4.5). */
export function testResultView(result: AttemptResult, error: string | null): TestResultWire {
  const status = result.statusCode;
  return {
    success: status !== null && status >= 200 && status < 300,
    status_code: status,
    error,
    duration_ms: result.durationMs,
  };
}
