import { Webhook } from 'standardwebhooks';
import type { Received } from '../delivery/receiver';

/**
 * What a receiver does with a delivery: verifies it with the stock Standard Webhooks library
 * (throws on a bad signature) and returns the parsed body.
 */
export function verifyDelivery(secret: string, received: Received): unknown {
  const headers = Object.fromEntries(
    Object.entries(received.headers).map(([name, value]) => [name, String(value)]),
  );
  return new Webhook(secret).verify(received.body, headers);
}
