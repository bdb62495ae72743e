import { createContext, useContext, type ReactNode } from 'react';
import { client, type Schemas } from '../../api/client';
import { asProblem } from '../../api/problem';
import type { LookupKind } from './fields';
import type { MediaType, RuleView } from './model';

export interface LookupOption {
  value: string | number;
  label: string;
  detail?: string;
}

export type RuleInput = Schemas['RuleInput'];
export type PreviewRequest = Schemas['RulePreviewRequest'];
export type PreviewResult = Schemas['RulePreview'] | Schemas['RuleDiff'];
export type SyncState = Schemas['RuleDataSynced'];
export type PathCheck = Schemas['PathValidation']['results'][number];

/**
 * What the rule editor asks the API for, behind one seam: the page uses the typed client,
 * component tests hand in their own answers (no network).
 */
export interface RuleEditorServices {
  lookup(kind: LookupKind, search: string, mediaType: MediaType): Promise<LookupOption[]>;
  /** The pattern's error, or null when it compiles under the rules' engine. */
  validateRegex(pattern: string): Promise<string | null>;
  /** Per path prefix: valid or why not, and how much live media sits under it. */
  validatePaths(paths: string[], mediaType: MediaType): Promise<PathCheck[]>;
  /** Radarr (movies) or Sonarr (series) instances a rule may limit its actions to. */
  arrInstances(mediaType: MediaType): Promise<LookupOption[]>;
  save(body: RuleInput, ruleId: number | null): Promise<RuleView>;
  preview(body: PreviewRequest): Promise<PreviewResult>;
  checkSynced(fields: string[], mediaType: MediaType): Promise<SyncState>;
}

/** The answer's data, or its problem thrown as an Error carrying the problem's fields. */
export function unwrap<T>(result: { data?: T; error?: unknown }): T {
  if (result.data !== undefined) return result.data;
  const problem = asProblem(result.error);
  throw Object.assign(new Error(problem.detail), problem);
}

const count = (n: number) => `${n.toLocaleString()} items`;

async function lookup(
  kind: LookupKind,
  search: string,
  mediaType: MediaType,
): Promise<LookupOption[]> {
  const query = { search: search || undefined };
  const typed = { ...query, media_type: mediaType };
  switch (kind) {
    case 'genres': {
      const data = unwrap(await client.GET('/api/rules/genres', { params: { query: typed } }));
      return data.items.map((g) => ({ value: g.name, label: g.name, detail: count(g.count) }));
    }
    case 'languages':
    case 'countries': {
      const path =
        kind === 'languages' ? '/api/rules/original-languages' : '/api/rules/origin-countries';
      const data = unwrap(
        await client.GET(path, { params: { query: { ...typed, per_page: 100 } } }),
      );
      return data.items.map((c) => ({
        value: c.code,
        label: `${c.name} (${c.code})`,
        detail: count(c.count),
      }));
    }
    case 'movie_collections': {
      const data = unwrap(
        await client.GET('/api/rules/movie-collections', {
          params: { query: { ...query, per_page: 100 } },
        }),
      );
      return data.items.map((c) => ({
        value: c.tmdb_collection_id,
        label: c.name,
        detail: count(c.movie_count),
      }));
    }
    case 'server_collections': {
      const data = unwrap(
        await client.GET('/api/rules/media-server-collections', { params: { query: typed } }),
      );
      return data.items.map((c) => ({ value: c.name, label: c.name, detail: count(c.item_count) }));
    }
    case 'seerr_users': {
      const data = unwrap(
        await client.GET('/api/rules/seerr-users', {
          params: { query: { ...query, per_page: 100 } },
        }),
      );
      return data.items.map((u) => ({
        value: u.key,
        label: u.display_name ?? u.username ?? u.email ?? u.key,
        detail: `${u.request_count.toLocaleString()} requests`,
      }));
    }
    case 'playback_users': {
      const data = unwrap(await client.GET('/api/rules/playback-users', { params: { query } }));
      return data.items.map((u) => ({
        value: u.key,
        label: u.username ?? u.external_user_id,
        detail: u.server_name,
      }));
    }
    case 'libraries': {
      const data = unwrap(await client.GET('/api/settings/services'));
      const needle = search.toLowerCase();
      return data.items
        .flatMap((s) => s.libraries)
        .filter((l) => l.media_type === mediaType && l.name.toLowerCase().includes(needle))
        .map((l) => ({
          value: l.id,
          label: l.name,
          detail: l.item_count === null ? undefined : count(l.item_count),
        }));
    }
    case 'paths': {
      const data = unwrap(
        await client.GET('/api/rules/path-tree', {
          params: { query: { media_type: mediaType, prefix: search || undefined, depth: 1 } },
        }),
      );
      return data.children.map((c) => ({
        value: c.path,
        label: c.path,
        detail: count(c.item_count),
      }));
    }
  }
}

export const apiServices: RuleEditorServices = {
  lookup,
  async validateRegex(pattern) {
    const data = unwrap(
      await client.POST('/api/rules/validate-regex', { body: { patterns: [pattern] } }),
    );
    return data.results[0]?.error ?? null;
  },
  async validatePaths(paths, mediaType) {
    const body = { paths, media_type: mediaType };
    return unwrap(await client.POST('/api/rules/validate-paths', { body })).results;
  },
  async arrInstances(mediaType) {
    const type = mediaType === 'movie' ? 'radarr' : 'sonarr';
    const data = unwrap(await client.GET('/api/settings/services'));
    return data.items
      .filter((s) => s.service_type === type && s.enabled)
      .map((s) => ({ value: s.id, label: s.name }));
  },
  async save(body, ruleId) {
    return ruleId === null
      ? unwrap(await client.POST('/api/rules', { body }))
      : unwrap(
          await client.POST('/api/rules/{rule_id}', {
            params: { path: { rule_id: ruleId } },
            body,
          }),
        );
  },
  async preview(body) {
    return unwrap(await client.POST('/api/rules/preview', { body }));
  },
  async checkSynced(fields, mediaType) {
    const query = { fields: fields.join(',') || undefined, media_type: mediaType };
    return unwrap(await client.GET('/api/rules/check-synced', { params: { query } }));
  },
};

const ServicesContext = createContext<RuleEditorServices>(apiServices);

export function RuleServicesProvider({
  value,
  children,
}: {
  value: RuleEditorServices;
  children: ReactNode;
}) {
  return <ServicesContext.Provider value={value}>{children}</ServicesContext.Provider>;
}

export function useRuleServices(): RuleEditorServices {
  return useContext(ServicesContext);
}
