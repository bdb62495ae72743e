import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { documentPaths, eventsDocument, externalOpenApiDocument } from './documents';
import type { components } from './generated/events';
import { messageCatalogue, type MessageName } from './generated/messages';

export { messageCatalogue, type MessageName, type MessagePayload } from './generated/messages';

/** The general settings (domain.md 11), owned by the scheduler (docs/decisions/025). */
export type GeneralSettings = components['schemas']['GeneralSettings'];

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

/** One failing value of a schema check: where (a JSON pointer) and what is wrong. */
export interface SchemaError {
  pointer: string;
  message: string;
}

/**
 * Checks a value against a named schema of the messages document, every error listed: for
 * documents that travel as messages and are also edited over HTTP (the general settings), so
 * their one schema gives the owner its 422s as well (and a notification channel tested before
 * it is saved, its 422s in webhooks).
 */
export function schemaErrors(
  schema: 'GeneralSettings' | 'NotificationChannel',
  value: unknown,
): SchemaError[] {
  const validate = compiler().getSchema(`${EVENTS_URI}#/components/schemas/${schema}`);
  if (!validate) throw new Error(`No schema ${schema} in ${documentPaths.events}`);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => ({
    pointer:
      e.keyword === 'additionalProperties'
        ? `${e.instancePath}/${String(e.params.additionalProperty)}`
        : e.keyword === 'required'
          ? `${e.instancePath}/${String(e.params.missingProperty)}`
          : e.instancePath,
    message: e.message ?? 'is invalid',
  }));
}

/** True when the value is a whole, valid general-settings document. */
export function isGeneralSettings(value: unknown): value is GeneralSettings {
  return schemaErrors('GeneralSettings', value).length === 0;
}

let defaults: GeneralSettings | undefined;

/**
 * The documented default of every general setting (domain.md 11), read from the schema's
 * `default`s, so the contract is their one source: the owner starts from them, and each
 * follower acts on them until the owner has answered.
 */
export function generalSettingsDefaults(): GeneralSettings {
  if (!defaults) {
    const schemas = (eventsDocument().components as { schemas: Record<string, Schema> }).schemas;
    const { properties = {} } = schemas.GeneralSettings ?? {};
    const document = Object.fromEntries(
      Object.entries(properties).map(([key, property]) => [key, defaultOf(property, schemas)]),
    );
    if (!isGeneralSettings(document)) {
      throw new Error(
        `GeneralSettings defaults are invalid: ${JSON.stringify(schemaErrors('GeneralSettings', document))}`,
      );
    }
    defaults = document;
  }
  return structuredClone(defaults);
}

interface Schema {
  $ref?: string;
  default?: unknown;
  properties?: Record<string, Schema>;
}

function defaultOf(property: Schema, schemas: Record<string, Schema>): unknown {
  const target = property.$ref ? schemas[property.$ref.split('/').pop() ?? ''] : property;
  return property.default ?? target?.default;
}
