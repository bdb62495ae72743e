import { Contract } from '../../src/http/contract';

/**
 * Validates every response a test receives against the OpenAPI documents (issue 3: "in tests,
 * every response of every route is validated against the document too"). Responses of routes
 * outside the documents (docs pages, assets) are skipped; an undocumented status fails.
 */
let contracts: Promise<[Contract, Contract]> | undefined;

export async function expectMatchesContract(
  method: string,
  url: string,
  status: number,
  body: unknown,
): Promise<void> {
  contracts ??= Promise.all([Contract.external(), Contract.internal()]);
  const [external, internal] = await contracts;
  const path = new URL(url, 'http://x').pathname.replace(/^\/api\/v1\/$/, '/api/v1');
  const contract = path.startsWith('/api/v1') ? external : internal;
  const match = contract.match(method, path);
  if (match.kind !== 'operation') return;
  const responses = (match.operation.responses ?? {}) as Record<
    string,
    { content?: Record<string, unknown> }
  >;
  const documented = responses[String(status)];
  if (!documented) {
    throw new Error(`${method} ${path} answered ${status}, which its operation does not document`);
  }
  if (!documented.content || body === undefined) return;
  const result = contract.backend.validator.validateResponse(body, match.operation, status);
  if (result.errors && result.errors.length > 0) {
    throw new Error(
      `${method} ${path} ${status} does not match the contract: ${JSON.stringify(result.errors.slice(0, 3))}\n${JSON.stringify(body).slice(0, 800)}`,
    );
  }
}
