import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import OpenAPIBackend, { type Operation, type Request as OpenApiRequest } from 'openapi-backend';
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

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export class Contract {
  private constructor(readonly backend: OpenAPIBackend) {}

  static async load(document: Record<string, unknown>): Promise<Contract> {
    const backend = new OpenAPIBackend({
      definition: document as unknown as Document,
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
    const request = (m: string): OpenApiRequest => ({ method: m, path, headers: {} });
    const operation = this.backend.router.matchOperation(request(method));
    if (operation) {
      return { kind: 'operation', operation };
    }
    const allow = METHODS.filter((m) => this.backend.router.matchOperation(request(m))).map((m) =>
      m.toUpperCase(),
    );
    return allow.length > 0 ? { kind: 'method_not_allowed', allow } : { kind: 'not_found' };
  }

  operations(): ContractOperation[] {
    return this.backend.router.getOperations();
  }
}
