import type { InternalApi } from '@mcs/contracts';
import type { ChannelResult } from './channel-sender';

type TestResultWire = InternalApi.components['schemas']['NotificationTestResult'];

/** The test route's answer: `error` is already redacted and holds no secret. */
export function testResultView(result: ChannelResult): TestResultWire {
  return {
    success: result.outcome === 'delivered',
    status_code: result.statusCode,
    error: result.error,
  };
}
