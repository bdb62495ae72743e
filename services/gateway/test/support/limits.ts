/** The rate-limit windows are fixed minutes, on the same clock as the gateway's. */
const minute = () => Math.floor(Date.now() / 60_000);

/**
 * Runs `attempt` until one run stays inside one fixed window, so counts never straddle a reset.
 * Each attempt must use fresh keys (a new address, user or token).
 */
export async function inOneWindow<T>(attempt: () => Promise<T>): Promise<T> {
  for (;;) {
    const window = minute();
    const result = await attempt();
    if (minute() === window) return result;
  }
}

let lastAddress = 0;
/** A fresh client address, sent as X-Forwarded-For through a trusted loopback proxy. */
export const nextAddress = () =>
  `10.77.${Math.floor(lastAddress / 250)}.${(lastAddress++ % 250) + 1}`;
