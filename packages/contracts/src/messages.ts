import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { documentPaths, eventsDocument, externalOpenApiDocument } from './documents';
import { messageCatalogue, type MessageName } from './generated/messages';

export { messageCatalogue, type MessageName, type MessagePayload } from './generated/messages';

export type ExchangeKind = 'events' | 'commands';

export function isMessageName(name: string): name is MessageName {
  return Object.prototype.hasOwnProperty.call(messageCatalogue, name);
}

export function exchangeOf(name: MessageName): ExchangeKind {
  return messageCatalogue[name].exchange;
}

export type ValidationResult = { ok: true } | { ok: false; errors: string };

// Base URIs under which the two documents are registered, so the AsyncAPI document's relative
// refs into the OpenAPI document (../openapi/external-v1.yaml#/...) resolve as on disk.
const EVENTS_URI = 'https://contracts.mcs.invalid/asyncapi/events.yaml';
const EXTERNAL_URI = 'https://contracts.mcs.invalid/openapi/external-v1.yaml';

let ajv: Ajv2020 | undefined;
const validators = new Map<MessageName, ValidateFunction>();

function compiler(): Ajv2020 {
  if (!ajv) {
    // strict: false because the documents carry OpenAPI/AsyncAPI keywords beside JSON Schema.
    ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    ajv.addSchema(externalOpenApiDocument(), EXTERNAL_URI);
    ajv.addSchema(eventsDocument(), EVENTS_URI);
  }
  return ajv;
}

function validatorFor(name: MessageName): ValidateFunction {
  let validate = validators.get(name);
  if (!validate) {
    const schema = compiler().getSchema(`${EVENTS_URI}#${messageCatalogue[name].payloadPointer}`);
    if (!schema)
      throw new Error(`No payload schema for message ${name} in ${documentPaths.events}`);
    validate = schema;
    validators.set(name, validate);
  }
  return validate;
}

/** Validates a message payload against its AsyncAPI schema (on publish and on consume). */
export function validateMessage(name: MessageName, payload: unknown): ValidationResult {
  const validate = validatorFor(name);
  if (validate(payload)) return { ok: true };
  const errors = (validate.errors ?? [])
    .map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`)
    .join('; ');
  return { ok: false, errors };
}
