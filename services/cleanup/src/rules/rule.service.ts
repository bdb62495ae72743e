import type { CleanupSettingsReader } from '../settings/cleanup-settings';
import { Conflict, NotFound, type Clock } from '@mcs/kit';
import type { Db, Tx } from '../db';
import type { Actor } from '../domain/actor';
import { validateRule, type RuleError, type RuleValidationContext } from '../domain/rules';
import { findCandidates } from '../candidates/candidate-query.repository';
import { findProtection, renameRuleProtections } from '../protections/protection.repository';
import {
  deleteRule,
  dropRuleFromCandidates,
  findRule,
  insertRule,
  listRules,
  lockRule,
  ruleCounts,
  ruleProtectionIds,
  updateRule,
  type RuleFilters,
  type RuleRow,
  type StoredRuleInput,
} from './rule.repository';
import { ruleView } from './rule.view';
import type { CandidateContinuity } from '../candidates/candidate-continuity.service';
import type { ProtectionWriter } from '../protections/protection-writer';
import { ruleValidationContext } from './rule-context';
import { ruleInvalid } from './rule-errors';

/**
 * Rule storage and the immediate effects of a rule change (internal-api.md 10): deleting or
 * disabling a rule removes what it manages in the same transaction; other edits wait for the
 * next scan.
 */
export class RuleService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      writer: ProtectionWriter;
      continuity: CandidateContinuity;
      settings: CleanupSettingsReader;
    },
  ) {}

  async list(filters: RuleFilters) {
    const rows = await listRules(this.deps.db, filters);
    return { items: await this.views(rows) };
  }

  async get(id: number) {
    const row = await findRule(this.deps.db, id);
    if (!row) throw notFound(id);
    const [view] = await this.views([row]);
    return view;
  }

  async create(body: unknown) {
    const rule = await this.validate(body);
    const { db, clock } = this.deps;
    const row = await db
      .$transaction((tx) => insertRule(tx, rule, clock()))
      .catch(nameRace(rule.name));
    return this.get(Number(row.id));
  }

  /** Full replacement; a rule switched off lets go of what it manages (internal-api.md 10). */
  async update(id: number, body: unknown, actor: Actor) {
    if (!(await findRule(this.deps.db, id))) throw notFound(id);
    const rule = await this.validate(body, id);
    const { db, clock } = this.deps;
    await db
      .$transaction(async (tx) => {
        const before = await lockRule(tx, id);
        if (!before) throw notFound(id);
        const now = clock();
        await updateRule(tx, id, rule, now);
        if (before.name !== rule.name) await renameRuleProtections(tx, id, rule.name);
        if (before.enabled && !rule.enabled) await this.release(tx, id, actor, now);
      })
      .catch(nameRace(rule.name));
    return this.get(id);
  }

  async delete(id: number, actor: Actor) {
    const { db, clock } = this.deps;
    const removed = await db.$transaction(async (tx) => {
      if (!(await lockRule(tx, id))) throw notFound(id);
      const now = clock();
      const released = await this.release(tx, id, actor, now);
      await deleteRule(tx, id);
      return released;
    });
    return {
      deleted: true as const,
      id,
      removed_protections: removed.protections,
      removed_candidates: removed.candidates,
    };
  }

  /** The Candidates page's rule filter: candidate rules, enabled or not (seed rule 2). */
  async candidateRules() {
    const { items } = await this.list({ outcome: 'candidate' });
    return {
      items: items.map(({ id, name, media_type, target_scope, enabled, candidate_count }) => ({
        id,
        name,
        media_type,
        target_scope,
        enabled,
        candidate_count,
      })),
    };
  }

  /** Portable rules: instance ids mean nothing on another installation, so they are dropped. */
  async export(ids?: number[]) {
    const rows = await listRules(this.deps.db);
    const chosen = ids ? rows.filter((row) => ids.includes(Number(row.id))) : rows;
    return {
      format: EXPORT_FORMAT,
      version: 1 as const,
      rules: chosen.map((row) => {
        const { definition, action, name, description, media_type, enabled, target_scope } =
          ruleView(row, { candidates: 0, protections: 0 });
        return {
          name,
          description,
          media_type,
          enabled,
          target_scope,
          definition,
          action: { ...action, radarr_service_ids: [], sonarr_service_ids: [] },
        };
      }),
    };
  }

  /**
   * Each rule is validated on its own and stored disabled (internal-api.md 10); a taken name
   * is skipped or renamed `Name (2)`, `Name (3)`, … Returns what was stored and what was not.
   */
  async import(rules: unknown[], onConflict: 'skip' | 'rename') {
    const { db, clock } = this.deps;
    const base = await this.context();
    const taken = [...(base.takenNames ?? [])];
    const imported: { id: number; name: string }[] = [];
    const skipped: { name: string | null; errors: RuleError[] }[] = [];
    for (const input of rules) {
      const disabled = isRecord(input) ? { ...input, enabled: false } : input;
      const result = validateRule(disabled, { ...base, takenNames: undefined });
      if (!result.ok) {
        skipped.push({ name: nameOf(input), errors: result.errors });
        continue;
      }
      const name = freeName(result.rule.name ?? '', taken, onConflict);
      if (name === null) {
        skipped.push({
          name: result.rule.name,
          errors: [{ name: 'name', code: 'name_taken', message: 'Another rule has this name.' }],
        });
        continue;
      }
      const row = await db.$transaction((tx) => insertRule(tx, { ...result.rule, name }, clock()));
      taken.push(name);
      imported.push({ id: Number(row.id), name });
    }
    return { imported, skipped };
  }

  /**
   * Removes the rule's protections (`protection.removed` each) and its id from candidates;
   * candidates left with no enabled matched rule go too (domain.md 4.3, internal-api.md 10).
   */
  private async release(tx: Tx, id: number, actor: Actor, now: Date) {
    const protectionIds = await ruleProtectionIds(tx, id);
    for (const protectionId of protectionIds) {
      const record = await findProtection(tx, protectionId, true);
      if (record) await this.deps.writer.remove(tx, record, actor, now);
    }
    const orphans = await findCandidates(tx, await dropRuleFromCandidates(tx, id), now);
    await this.deps.continuity.remove(tx, orphans, now);
    return { protections: protectionIds.length, candidates: orphans.length };
  }

  private async validate(body: unknown, id?: number): Promise<StoredRuleInput> {
    const result = validateRule(body, await this.context(id));
    if (!result.ok) throw ruleInvalid(result.errors);
    const { rule } = result;
    // validateRule requires a name unless it validates a preview.
    if (rule.name === null) throw new Error('A saved rule has no name.');
    return { ...rule, name: rule.name };
  }

  private context(exceptId?: number): Promise<RuleValidationContext> {
    return ruleValidationContext(this.deps.db, this.deps.settings, { purpose: 'save', exceptId });
  }

  private async views(rows: RuleRow[]) {
    const counts = await ruleCounts(
      this.deps.db,
      rows.map((row) => Number(row.id)),
    );
    return rows.map((row) =>
      ruleView(row, counts.get(Number(row.id)) ?? { candidates: 0, protections: 0 }),
    );
  }
}

const notFound = (id: number) => new NotFound(`Rule ${id} was not found.`);

/**
 * Two saves of one name at once both pass the check before their transactions; the unique
 * index (lower(name)) stops the second, which then answers like the check would have.
 */
const nameRace = (name: string) => (error: unknown) => {
  if (isUniqueViolation(error))
    throw new Conflict('name_taken', `Another rule is named "${name}" (names ignore case).`);
  throw error;
};

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === 'P2002';

const EXPORT_FORMAT = 'mcs-rules';
const MAX_NAME = 100;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nameOf = (input: unknown): string | null =>
  isRecord(input) && typeof input.name === 'string' ? input.name : null;

/** `name`, or the first `name (n)` not taken (case-insensitive); null when skipping. */
function freeName(name: string, taken: string[], onConflict: 'skip' | 'rename'): string | null {
  const folded = new Set(taken.map((existing) => existing.toLowerCase()));
  if (!folded.has(name.toLowerCase())) return name;
  if (onConflict === 'skip') return null;
  for (let n = 2; ; n += 1) {
    const suffix = ` (${n})`;
    const candidate = `${name.slice(0, MAX_NAME - suffix.length)}${suffix}`;
    if (!folded.has(candidate.toLowerCase())) return candidate;
  }
}
