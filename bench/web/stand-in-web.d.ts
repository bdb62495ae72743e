/** TEMPORARY stand-in for the gateway's serving of the UI (stand-in-web.js). */
export function startStandInWeb(
  distDir: string,
  gatewayUrl: string,
): Promise<{ url: string; close: () => Promise<void> }>;
