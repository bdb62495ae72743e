import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import OpenAPIBackend, { type Operation } from 'openapi-backend';
import type { Document } from 'openapi-backend';
import { externalOpenApiDocument, internalOpenApiDocument } from '@mcs/contracts';

/**
 * The two OpenAPI documents as routers and validators. The documents are the contract: the
 * gateway matches every request to one of their operations and validates it against them, and
 * reads each operation's owner and required scope or role from them.
 */
export type ContractOperation = Operation & {
  'x-required-scope'?: string | null;
  'x-service'?: string;
  'x-access'?: 'anyone' | 'anyone-before-setup' | 'user' | 'admin';
};

export type Match =
  | { kind: 'operation'; operation: ContractOperation }
  | { kind: 'method_not_allowed'; allow: string[] }
  | { kind: 'not_found' };

interface Route {
  pattern: RegExp;
  names: string[];
  templated: number;
  operation: ContractOperation;
}

export class Contract {
  /** Compiled once: openapi-backend's own matcher rebuilds every operation on each call. */
  private readonly routes: Route[];

  private constructor(readonly backend: OpenAPIBackend) {
    const operations = backend.router.getOperations() as ContractOperation[];
    this.routes = operations
      .map((operation) => {
        const parts = operation.path.split(/(\{[^{}]+\})/);
        const names = parts.filter((part) => part.startsWith('{')).map((part) => part.slice(1, -1));
        const source = parts
          .map((part) =>
            part.startsWith('{') ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
          )
          .join('');
        return { operation, names, templated: names.length, pattern: new RegExp(`^${source}$`) };
      })
      // Literal paths win over templated ones (/tasks/{id} vs a literal sibling).
      .sort((a, b) => a.templated - b.templated);
  }

  static async load(document: Record<string, unknown>): Promise<Contract> {
    if (!isOpenApiDocument(document)) throw new Error('The contract is not an OpenAPI 3 document.');
    const backend = new OpenAPIBackend({
      definition: document,
      strict: true,
      // Compile each operation's validators on first use: starting a replica stays fast.
      quick: true,
      validate: true,
      coerceTypes: true,
      ignoreTrailingSlashes: false,
      // OpenAPI 3.1 schemas are JSON Schema 2020-12: validate them with Ajv's 2020 dialect.
      customizeAjv: (_original, options) => {
        const ajv = new Ajv2020({ ...options, strict: false, allErrors: true, verbose: true });
        addFormats(ajv);
        return ajv;
      },
    });
    // openapi-backend's own definition check only knows OpenAPI 3.0; the documents are
    // validated as 3.1 by Spectral in CI.
    backend.validateDefinition = () => backend.document;
    await backend.init();
    return new Contract(backend);
  }

  static external(): Promise<Contract> {
    return Contract.load(externalOpenApiDocument());
  }

  static internal(): Promise<Contract> {
    return Contract.load(internalOpenApiDocument());
  }

  /** Route match; 405 with the allowed methods when only the method is wrong. */
  match(method: string, path: string): Match {
    const onPath = this.routes.filter((route) => route.pattern.test(path));
    const wanted = method.toLowerCase();
    const found = onPath.find((route) => route.operation.method === wanted);
    if (found) return { kind: 'operation', operation: found.operation };
    if (onPath.length === 0) return { kind: 'not_found' };
    return {
      kind: 'method_not_allowed',
      allow: [...new Set(onPath.map((r) => r.operation.method.toUpperCase()))],
    };
  }

  /** Raw (still percent-encoded) path parameter values of a matched operation. */
  rawPathParams(operation: ContractOperation, path: string): Record<string, string> {
    const route = this.routes.find((r) => r.operation === operation);
    const values = route?.pattern.exec(path)?.slice(1) ?? [];
    return Object.fromEntries((route?.names ?? []).map((name, i) => [name, values[i] ?? '']));
  }

  operations(): ContractOperation[] {
    return this.backend.router.getOperations();
  }
}

/** What openapi-backend reads first; Spectral validates the whole document (3.1) in CI. */
function isOpenApiDocument(value: object): value is Document {
  return (
    'openapi' in value &&
    typeof value.openapi === 'string' &&
    value.openapi.startsWith('3.') &&
    'info' in value &&
    typeof value.info === 'object' &&
    value.info !== null &&
    'paths' in value &&
    typeof value.paths === 'object' &&
    value.paths !== null
  );
}
