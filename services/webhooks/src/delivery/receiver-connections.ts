import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

/**
 * Kept-alive connections to receivers, so that an endpoint's next attempt does not pay a TCP
 * (and TLS) handshake on both sides: in a backlog that was the largest cost of an attempt after
 * the round trips to PostgreSQL and Redis (bench/webhooks).
 *
 * An agent is kept per origin **and per set of addresses the destination guard judged** for
 * the attempt (§4.10): its sockets connect only through a lookup pinned to that set, so a
 * connection is reused only by an attempt whose own guard check arrived at the same addresses.
 * A name that now resolves elsewhere, or a policy that now refuses the address, never reaches
 * an old connection: the guard runs on every attempt before an agent is chosen.
 */
export class ReceiverConnections {
  private readonly agents = new Map<string, http.Agent>();

  agentFor(url: URL, addresses: LookupAddress[]): http.Agent {
    const key = `${url.protocol}//${url.host}|${addresses.map((a) => a.address).join(',')}`;
    const found = this.agents.get(key);
    if (found) {
      // Most recently used last: the first entry is the one to evict.
      this.agents.delete(key);
      this.agents.set(key, found);
      return found;
    }
    const agent = newAgent(url.protocol === 'https:', pinned(addresses));
    this.agents.set(key, agent);
    this.evict();
    return agent;
  }

  /** Closes every kept connection (the service stops). */
  close(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }

  private evict(): void {
    for (const [key, agent] of this.agents) {
      if (this.agents.size <= MAX_AGENTS) return;
      this.agents.delete(key);
      // Sockets in use finish their request; destroy() ends the idle ones now.
      agent.destroy();
    }
  }
}

/** Endpoints are few (an installation has a handful); a bound keeps a churn of names cheap. */
const MAX_AGENTS = 256;

/**
 * How long an idle connection is kept. Node's server closes idle ones after 5 s by default, and
 * the agent shortens this to a receiver's `Keep-Alive: timeout=…` hint less one second; a
 * connection the receiver closes just as it is reused is retried once on a new one (sender).
 */
const IDLE_MS = 4_000;

function newAgent(tls: boolean, lookup: LookupFunction): http.Agent {
  const options = { keepAlive: true, timeout: IDLE_MS, scheduling: 'lifo' as const, lookup };
  return tls ? new https.Agent(options) : new http.Agent(options);
}

/** Hands the socket exactly the addresses that were judged; DNS is not asked again. */
export function pinned(addresses: LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    callback(null, first?.address ?? '', first?.family ?? 4);
  };
}
