import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { asProblem, type Problem } from '../../api/problem';
import type { EditorState } from './editorReducer';
import { flattenConditions, isJsonObject, nodeToWire, type RuleView } from './model';
import { normalizeErrorName, type RuleError } from './ruleErrors';
import { useRuleServices, type RuleInput } from './services';

/** The editor's state as the API takes it (RuleInput). */
export function ruleBody(state: EditorState): RuleInput {
  const definition = { version: 1, root: nodeToWire(state.root) };
  // Radarr instances act on movie rules only, Sonarr on series rules (domain.md §3.9).
  const movie = state.mediaType === 'movie';
  const action = {
    ...state.action,
    radarr_service_ids: movie ? state.action.radarr_service_ids : [],
    sonarr_service_ids: movie ? [] : state.action.sonarr_service_ids,
  };
  return {
    name: state.name.trim(),
    description: state.description.trim() || null,
    media_type: state.mediaType,
    target_scope: state.scope,
    enabled: state.enabled,
    definition: isJsonObject(definition) ? definition : undefined,
    action: isJsonObject(action) ? action : undefined,
  };
}

/** A failure placed on fields (422 rule_invalid, 409 name_taken) or kept as one problem. */
function placeErrors(
  error: unknown,
  state: EditorState,
): { errors: RuleError[]; problem: Problem | null } {
  const problem = asProblem(error);
  if (problem.status === 409)
    return {
      errors: [{ name: 'name', message: problem.detail || 'Another rule has this name.' }],
      problem: null,
    };
  if (problem.status === 422 && problem.errors?.length)
    return {
      errors: problem.errors.map((e) => ({
        name: normalizeErrorName(e.name, state.root),
        message: e.message,
      })),
      problem: null,
    };
  return { errors: [], problem };
}

/** Save, preview and diff of the draft, with their errors placed for the form. */
export function useRuleRequests(
  state: EditorState,
  rule: RuleView | null,
  onSaved: (rule: RuleView) => void,
) {
  const services = useRuleServices();
  const [failure, setFailure] = useState<{ errors: RuleError[]; problem: Problem | null }>({
    errors: [],
    problem: null,
  });
  const onError = (error: unknown) => setFailure(placeErrors(error, state));
  const clear = () => setFailure({ errors: [], problem: null });

  const save = useMutation({
    mutationFn: () => services.save(ruleBody(state), rule?.id ?? null),
    meta: { inline: true },
    onMutate: clear,
    onSuccess: onSaved,
    onError,
  });
  const preview = useMutation({
    mutationFn: (mode: 'matches' | 'diff') =>
      services.preview({ ...ruleBody(state), rule_id: rule?.id, mode, per_page: 50 }),
    meta: { inline: true },
    onMutate: clear,
    onError,
  });

  const used = [
    ...new Set(
      flattenConditions(state.root)
        .map((c) => c.node.field)
        .filter(Boolean),
    ),
  ].sort();
  const synced = useQuery({
    queryKey: ['rules-check-synced', used, state.mediaType],
    queryFn: () => services.checkSynced(used, state.mediaType),
    enabled: used.length > 0,
    staleTime: 60_000,
  });

  return { save, preview, synced, errors: failure.errors, problem: failure.problem };
}
