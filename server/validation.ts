/**
 * How every HTTP route's JSON schemas are compiled (fastify's default compiler is replaced in app.ts):
 *
 * - **Bodies are never coerced.** A JSON body carries its own types: `"true"`, `0`, `""` or `null` where the
 *   schema asks for a boolean, a number or a string is a 400, not a value turned into another one (fastify's
 *   default ajv coerces, so `dueDate: ""` matched `{ type: 'null' }` and cleared a due date).
 * - **Query strings, path parameters and headers are text** and are coerced as before (`?limit=20` → 20), but a
 *   number that is not finite (`Infinity`, `-Infinity`, `1e309`) is refused: ajv's coercion lets those through
 *   `integer` and skips `minimum`/`maximum` for them.
 *
 * Unknown fields stay refused (removeAdditional off) everywhere.
 */
import Ajv from 'ajv';
import type { ErrorObject, Options, SchemaObject, ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';

type Validator = ReturnType<FastifySchemaCompiler<unknown>>;

/** fastify's defaults (@fastify/ajv-compiler), with unknown fields refused instead of dropped. */
const SHARED_OPTIONS: Options = { useDefaults: true, removeAdditional: false, addUsedSchema: false, allErrors: false, allowUnionTypes: true };

/** The path (`/a/0/b`) of the first number in `value` that is not finite, or null. */
export function nonFiniteNumberAt(value: unknown, at = ''): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : at;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = nonFiniteNumberAt(inner, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    if (found !== null) return found;
  }
  return null;
}

/** A coercing validator that also refuses what coercion turned into a non-finite number. */
function refusingNonFinite(validate: ValidateFunction): Validator {
  const checked: Validator = (data: unknown) => {
    if (!validate(data)) {
      checked.errors = validate.errors as FastifySchemaValidationError[];
      return false;
    }
    const at = nonFiniteNumberAt(data);
    if (at === null) {
      checked.errors = null;
      return true;
    }
    const error: ErrorObject = { keyword: 'type', instancePath: at, schemaPath: '#', params: { type: 'finite number' }, message: 'must be a finite number' };
    checked.errors = [error as FastifySchemaValidationError];
    return false;
  };
  return checked;
}

/** Installs the body / non-body compilers on `app` (before any route is registered). */
export function installRequestValidation(app: FastifyInstance): void {
  const bodies = new Ajv({ ...SHARED_OPTIONS, coerceTypes: false });
  const text = new Ajv({ ...SHARED_OPTIONS, coerceTypes: 'array' });
  app.setValidatorCompiler<unknown>(({ schema, httpPart }) => {
    if (httpPart === 'body') return bodies.compile(schema as object);
    return refusingNonFinite(text.compile(schema as object));
  });
}

// ---------------------------------------------------------------------------------------------------------
// Socket request payloads: one strict schema per request name, never coerced, unknown fields refused.

/** A payload checked against its request's schema: the typed value, or the words of the first failure. */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** A closed object schema: only these fields, by default all of them required. */
export function strictObject(properties: Record<string, unknown>, required: string[] = Object.keys(properties)): SchemaObject {
  return { type: 'object', additionalProperties: false, required, properties };
}

const payloads = new Ajv({ allErrors: false, strict: true, allowUnionTypes: true, coerceTypes: false, useDefaults: false, removeAdditional: false });

/** The first error of a payload check, in the words a client shows (`Invalid request: payload.name must be string.`). */
function describePayloadError(errors: ErrorObject[] | null | undefined): string {
  const error = errors?.[0];
  if (!error) return 'Invalid request.';
  const where = error.instancePath === '' ? 'payload' : `payload${error.instancePath.replace(/\//g, '.')}`;
  const extra = error.keyword === 'additionalProperties' ? ` (${String((error.params as { additionalProperty?: unknown }).additionalProperty)})` : '';
  return `Invalid request: ${where} ${error.message ?? 'is invalid'}${extra}.`;
}

/**
 * A checker of socket request payloads, one schema per request name, compiled once: a request without a schema is
 * `Unknown request <name>.`, a payload that fails its schema is refused with the first error's words.
 */
export function payloadChecker(schemas: Record<string, SchemaObject>): (event: string, payload: unknown) => Checked<unknown> {
  const validators = new Map(Object.entries(schemas).map(([event, schema]) => [event, payloads.compile(schema)]));
  return (event, payload) => {
    const validate = validators.get(event);
    if (!validate) return { ok: false, message: `Unknown request ${event}.` };
    if (!validate(payload)) return { ok: false, message: describePayloadError(validate.errors) };
    return { ok: true, value: payload };
  };
}
