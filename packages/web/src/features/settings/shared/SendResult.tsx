/** What a test send answered: the contract's `{success, status_code, error}` in words. */
export function SendResult({
  result,
}: {
  result: { success: boolean; status_code: number | null; error: string | null } | null;
}) {
  return (
    <p className="send-result" role="status" aria-live="polite">
      {result &&
        (result.success
          ? `Test sent${result.status_code ? ` (HTTP ${result.status_code})` : ''}.`
          : `Test failed${result.status_code ? ` (HTTP ${result.status_code})` : ''}: ${result.error ?? 'no answer'}`)}
    </p>
  );
}
