/**
 * An endpoint row with its secrets opened, and settings sealed for storing (events-webhooks.md
 * §3.1: headers, the basic-auth password and the signing secrets are encrypted at rest). Only
 * this file and the repository know the column layout.
 */
import type { SecretBox } from '@mcs/kit';
import type { Header } from '../domain/endpoint-headers';
import type { EndpointSettings, Method } from '../domain/endpoint-input';
import { openHeaders, openOptional, sealHeaders, sealOptional } from '../domain/endpoint-secrets';
import { EVENT_TYPES, MEDIA_TYPES } from '../domain/event-types';
import type { SigningSecrets } from '../domain/signing';
import type { PathMode } from '../domain/template-context';
import type { Endpoint as EndpointRow } from '../generated/prisma/client';

export type { EndpointRow };

export interface EndpointRecord extends EndpointSettings {
  id: bigint;
  secrets: SigningSecrets;
  /**
   * False when a sealed value opens with none of ENCRYPTION_KEYS (they were changed):
   * the unreadable values then read as absent, so the endpoint can still be listed, fixed by
   * entering them again, rotated or deleted, but never tested or delivered to.
   */
  secretsReadable: boolean;
  signingSecretCreatedAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

/** The row's columns for `settings` (everything but the signing secrets and timestamps). */
export function sealSettings(box: SecretBox, settings: EndpointSettings) {
  return {
    name: settings.name,
    enabled: settings.enabled,
    url: settings.url,
    method: settings.method,
    eventTypes: settings.eventTypes,
    mediaTypes: settings.mediaTypes,
    timeoutSeconds: settings.timeoutSeconds,
    headersEncrypted: sealHeaders(box, settings.headers),
    authUsername: settings.authUsername,
    authPasswordEncrypted: sealOptional(box, settings.authPassword),
    urlTemplate: settings.urlTemplate,
    bodyTemplate: settings.bodyTemplate,
    pathMode: settings.pathMode,
  };
}

export function sealSecrets(box: SecretBox, secrets: SigningSecrets) {
  return {
    signingSecretEncrypted: box.seal(secrets.current),
    previousSecretEncrypted: sealOptional(box, secrets.previous),
    previousSecretExpiresAt: secrets.previousExpiresAt,
  };
}

export function openRecord(box: SecretBox, row: EndpointRow): EndpointRecord {
  let readable = true;
  const attempt = <T>(open: () => T, absent: T): T => {
    try {
      return open();
    } catch {
      readable = false;
      return absent;
    }
  };
  const record = {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    url: row.url,
    method: row.method as Method,
    // The table's CHECKs admit only known values; filtering keeps §1.1 order on read.
    eventTypes: EVENT_TYPES.filter((type) => row.eventTypes.includes(type)),
    mediaTypes: MEDIA_TYPES.filter((type) => row.mediaTypes.includes(type)),
    timeoutSeconds: row.timeoutSeconds,
    headers: attempt(() => openHeaders(box, row.headersEncrypted), []),
    authUsername: row.authUsername,
    authPassword: attempt(() => openOptional(box, row.authPasswordEncrypted), null),
    urlTemplate: row.urlTemplate,
    bodyTemplate: row.bodyTemplate,
    pathMode: row.pathMode as PathMode,
    secrets: {
      current: attempt(() => box.open(row.signingSecretEncrypted), ''),
      previous: attempt(() => openOptional(box, row.previousSecretEncrypted), null),
      previousExpiresAt: row.previousSecretExpiresAt,
    },
    signingSecretCreatedAt: row.signingSecretCreatedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
  return { ...record, secretsReadable: readable };
}

/** Every value that must never appear in a stored or shown error excerpt (§4.5). */
export function knownSecrets(
  settings: Pick<EndpointSettings, 'headers' | 'authPassword'>,
  secrets: SigningSecrets | null,
): string[] {
  const values = [
    settings.authPassword,
    ...settings.headers.map((header: Header) => header.value),
    secrets?.current ?? null,
    secrets?.previous ?? null,
  ];
  return values.filter((value): value is string => value !== null && value !== '');
}
