/**
 * The webhook destination rule (events-webhooks.md §4.10) on top of the kit's one address
 * classification: link-local, metadata and reserved destinations are always refused; private
 * networks only when the administrator turned on "Block private network destinations".
 */
import { type AddressClass, classifyAddress, classifyHost } from '@mcs/kit';

export interface DestinationPolicy {
  /** The `webhook_block_private_destinations` setting (default off). */
  blockPrivate: boolean;
}

export function classAllowed(kind: AddressClass, policy: DestinationPolicy): boolean {
  switch (kind) {
    case 'metadata':
    case 'reserved':
      return false;
    case 'private':
      return !policy.blockPrivate;
    case 'public':
      return true;
  }
}

/** One resolved IP address. */
export function addressAllowed(address: string, policy: DestinationPolicy): boolean {
  return classAllowed(classifyAddress(address), policy);
}

/**
 * A URL host judged without DNS: literal addresses, `localhost` names and metadata host names.
 * Null for any other name, which only its resolved addresses can settle (at send time).
 */
export function hostAllowed(hostname: string, policy: DestinationPolicy): boolean | null {
  const kind = classifyHost(hostname);
  return kind === null ? null : classAllowed(kind, policy);
}
