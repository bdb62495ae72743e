import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { api } from '../../api/client';
import { EmptyState } from '../../ui/EmptyState';
import { QueryState } from '../../ui/QueryState';
import type { RuleField, RuleView } from './model';
import { RuleEditor } from './RuleEditor';

function EditorWithFields({ rule }: { rule: RuleView | null }) {
  const fields = api.useQuery('get', '/api/rules/fields', {});
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const onSaved = (saved: RuleView) => {
    toast.success(`Rule “${saved.name}” saved`);
    void queryClient.invalidateQueries({ queryKey: ['get', '/api/rules'] });
    void queryClient.invalidateQueries({ queryKey: ['get', '/api/rules/{rule_id}'] });
    void navigate(`/rules/${saved.id}`, { replace: !rule });
  };
  return (
    <QueryState query={fields} rows={8}>
      {(data) => (
        <RuleEditor
          key={rule?.id ?? 'new'}
          fields={data.items satisfies RuleField[]}
          rule={rule}
          onSaved={onSaved}
        />
      )}
    </QueryState>
  );
}

function ExistingRule({ ruleId }: { ruleId: number }) {
  const rule = api.useQuery('get', '/api/rules/{rule_id}', {
    params: { path: { rule_id: ruleId } },
  });
  return (
    <QueryState query={rule} rows={8}>
      {(data) => <EditorWithFields key={data.revision} rule={data} />}
    </QueryState>
  );
}

/** /rules/:ruleId — "new" creates a rule, a number edits that one. */
export function RuleEditorPage() {
  const { ruleId = 'new' } = useParams();
  if (ruleId === 'new') return <EditorWithFields rule={null} />;
  const id = Number(ruleId);
  if (!Number.isInteger(id) || id < 1)
    return (
      <EmptyState title="No such rule">
        <Link to="/rules">Back to the rules</Link>
      </EmptyState>
    );
  return <ExistingRule ruleId={id} />;
}
