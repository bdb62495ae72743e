import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { api } from '../../api/client';
import type { RuleView } from './model';
import type { RuleChange } from './RuleChangeDialog';
import { ruleUpdateBody } from './ruleRequests';

/**
 * Enable, disable and delete from the list. Enabling removes nothing and happens at once;
 * disabling and deleting drop the rule's protections and candidates, so they wait for the
 * confirmation (`change` is what the dialog asks about).
 */
export function useRuleListActions() {
  const queryClient = useQueryClient();
  const [change, setChange] = useState<RuleChange | null>(null);
  const done = () => {
    setChange(null);
    void queryClient.invalidateQueries({ queryKey: ['get', '/api/rules'] });
  };
  const remove = api.useMutation('delete', '/api/rules/{rule_id}', {
    onSuccess: (data) => {
      toast.success(
        `Rule deleted: ${data.removed_protections} protections and ${data.removed_candidates} candidates removed`,
      );
      done();
    },
  });
  const update = api.useMutation('post', '/api/rules/{rule_id}', {
    onSuccess: (rule) => {
      toast.success(`Rule “${rule.name}” ${rule.enabled ? 'enabled' : 'disabled'}`);
      done();
    },
  });
  const setEnabled = (rule: RuleView, enabled: boolean) =>
    update.mutate({
      params: { path: { rule_id: rule.id } },
      body: ruleUpdateBody(rule, { enabled }),
    });

  return {
    change,
    setChange,
    pending: remove.isPending || update.isPending,
    toggle: (rule: RuleView) =>
      rule.enabled ? setChange({ kind: 'disable', rule }) : setEnabled(rule, true),
    confirm: ({ kind, rule }: RuleChange) =>
      kind === 'delete'
        ? remove.mutate({ params: { path: { rule_id: rule.id } } })
        : setEnabled(rule, false),
  };
}
