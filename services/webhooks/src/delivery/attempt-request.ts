import type { SecretBox } from '@mcs/kit';
import { openHeaders, openOptional } from '../domain/endpoint-secrets';
import type { EndpointRequestSettings, RequestPlan } from '../domain/outgoing-request';
import type { KnownValues } from '../domain/redaction';
import type { PathMode, PathValues } from '../domain/template-context';
import type { ClaimedDelivery } from './claim.repository';

export interface AttemptRequest {
  plan: RequestPlan;
  /** What the stored error must never show (§4.5). */
  known: KnownValues;
}

/**
 * What an attempt sends (events-webhooks.md §4.3 step 3): the stored payload, the endpoint's
 * settings with its secrets opened for this request only, the event ID as `webhook-id`, and
 * the path values catalog gave for the event's file operation (null: none asked or none
 * known). Secrets and paths are also what the stored error must never show.
 */
export function attemptRequest(
  delivery: ClaimedDelivery,
  deps: { box: SecretBox; now: Date; version: string; paths: PathValues | null },
): AttemptRequest {
  const { endpoint } = delivery;
  const { box } = deps;
  const headers = openHeaders(box, endpoint.headersEncrypted);
  const authPassword = openOptional(box, endpoint.authPasswordEncrypted);
  const secrets = {
    current: box.open(endpoint.signingSecretEncrypted),
    previous: openOptional(box, endpoint.previousSecretEncrypted),
    previousExpiresAt: endpoint.previousSecretExpiresAt,
  };
  const settings: EndpointRequestSettings = {
    // Both columns are CHECK-constrained to these values.
    method: endpoint.method === 'GET' ? 'GET' : 'POST',
    url: endpoint.url,
    urlTemplate: endpoint.urlTemplate,
    bodyTemplate: endpoint.bodyTemplate,
    pathMode: pathMode(endpoint.pathMode),
    headers,
    authUsername: endpoint.authUsername,
    authPassword,
    timeoutSeconds: endpoint.timeoutSeconds,
  };
  return {
    plan: {
      endpoint: settings,
      event: delivery.event,
      paths: deps.paths,
      webhookId: delivery.eventId,
      secrets,
      now: deps.now,
      version: deps.version,
    },
    known: {
      secrets: [
        ...headers.map(({ value }) => value),
        ...(authPassword === null ? [] : [authPassword]),
        secrets.current,
        ...(secrets.previous === null ? [] : [secrets.previous]),
      ],
      paths: deps.paths
        ? [deps.paths.path, deps.paths.localPath, deps.paths.destinationPath].filter(
            (path): path is string => path !== null,
          )
        : [],
    },
  };
}

function pathMode(value: string): PathMode {
  return value === 'local' || value === 'destination' ? value : 'original';
}
