import type { MessagePayload } from '@mcs/contracts';
import type { Clock, Logger, SecretBox } from '@mcs/kit';
import type { Tx } from '../db';
import { planLegacyEndpoint } from '../domain/legacy-endpoint';
import { generateSigningSecret } from '../domain/signing';
import { destinationPolicy, type WebhookSettings } from '../settings/webhook-settings';
import { sealSecrets, sealSettings } from './endpoint-record';
import { endpointRepository } from './endpoint.repository';

type ImportCommand = MessagePayload<'webhooks.legacy_endpoints.import'>;

/** What an import did; the names an administrator needs to look at (never URLs or secrets). */
export interface LegacyImport {
  created: number;
  skipped: string[];
  disabled: string[];
}

/**
 * The legacy post-action webhooks become endpoints (events-webhooks.md §5): all of them in the
 * consumer's one transaction, once per command (inbox), so either every entry is migrated or
 * none is. Each gets a new signing secret, not shown: an administrator rotates it to see one.
 */
export class LegacyImportService {
  constructor(
    private readonly deps: { box: SecretBox; clock: Clock; log: Logger; settings: WebhookSettings },
  ) {}

  async import(tx: Tx, command: ImportCommand): Promise<LegacyImport> {
    const { box, clock, log } = this.deps;
    const policy = await destinationPolicy(this.deps.settings);
    const taken = new Set((await endpointRepository.liveNames(tx)).map((n) => n.toLowerCase()));
    const now = clock();
    const outcome: LegacyImport = { created: 0, skipped: [], disabled: [] };
    for (const entry of command.entries) {
      const plan = planLegacyEndpoint(entry, {
        password: this.open(entry.auth_password_sealed),
        headers: this.open(entry.headers_sealed),
        policy,
        taken,
      });
      if (plan.kind === 'skipped') {
        outcome.skipped.push(plan.name);
        continue;
      }
      const secrets = { current: generateSigningSecret(), previous: null, previousExpiresAt: null };
      const columns = { ...sealSettings(box, plan.settings), ...sealSecrets(box, secrets) };
      await endpointRepository.insert(tx, { ...columns, signingSecretCreatedAt: now }, now);
      outcome.created += 1;
      if (!plan.valid) outcome.disabled.push(plan.settings.name);
    }
    // The administrator notice of §5.3 (names only): notices are cleanup's, per user, and
    // nothing yet reaches every administrator from here, so the log says it.
    if (outcome.skipped.length + outcome.disabled.length > 0)
      log.warn(
        { skipped: outcome.skipped, disabled: outcome.disabled },
        'legacy post-action webhooks: some entries were skipped or migrated disabled',
      );
    log.info({ created: outcome.created }, 'legacy post-action webhooks migrated');
    return outcome;
  }

  /** A sealed legacy secret: null when absent, undefined when no key opens it. */
  private open(sealed: string | null | undefined): string | null | undefined {
    if (sealed === null || sealed === undefined || sealed === '') return null;
    try {
      return this.deps.box.open(sealed);
    } catch {
      return undefined;
    }
  }
}
