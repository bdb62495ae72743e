import type { Schemas } from '../../api/client';
import { formatConditionValue, operatorLabel, RESULT_LABELS, takesNoValue } from './reasons-format';

type Condition = Schemas['CandidateCondition'];

const RESULT_CLASS = {
  match: 'state-protected',
  no_match: 'state-canceled',
  unknown: 'state-postponed',
};

/**
 * Why a candidate is one (pure): per matched rule its name and every condition the scan
 * evaluated — field, operator, expected value, the actual value and the result.
 */
export function CandidateReasons({
  ruleIds,
  criteria,
  ruleNames,
  reason,
}: {
  ruleIds: readonly number[];
  criteria: Readonly<Record<string, readonly Condition[]>>;
  ruleNames: ReadonlyMap<number, string>;
  reason: string;
}) {
  const ids = [...new Set([...ruleIds, ...Object.keys(criteria).map(Number)])];
  if (ids.length === 0) return <p className="muted">{reason || 'No rule details recorded.'}</p>;
  return (
    <div className="reasons">
      {ids.map((id) => {
        const name = ruleNames.get(id) ?? `Rule #${id}`;
        const conditions = criteria[String(id)] ?? [];
        return (
          <section key={id} className="reason-rule" aria-label={`Rule ${name}`}>
            <h4>{name}</h4>
            {conditions.length === 0 ? (
              <p className="muted small">No conditions recorded. {reason}</p>
            ) : (
              <div className="table-scroll">
                <table className="list reason-table">
                  <thead>
                    <tr>
                      <th scope="col">Field</th>
                      <th scope="col">Operator</th>
                      <th scope="col">Expected</th>
                      <th scope="col">Actual</th>
                      <th scope="col">Result</th>
                    </tr>
                  </thead>
                  <tbody>
                    {conditions.map((c, i) => (
                      <tr key={c.path ?? i}>
                        <td>
                          <code>{c.field}</code>
                        </td>
                        <td>{operatorLabel(c.operator)}</td>
                        <td>
                          {takesNoValue(c.operator) ? '—' : formatConditionValue(c.field, c.value)}
                        </td>
                        <td>{formatConditionValue(c.field, c.actual)}</td>
                        <td>
                          <span className={`badge ${RESULT_CLASS[c.result]}`}>
                            {RESULT_LABELS[c.result]}
                          </span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        );
      })}
    </div>
  );
}
