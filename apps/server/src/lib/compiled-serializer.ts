import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson, { type Schema } from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * zod writes `T | null` as anyOf [T, {type: null}]; fast-json-stringify picks an anyOf branch by running a validator
 * on every value, so a plain nullable type becomes `type: [T, 'null']`, which it checks with one typeof.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (!schema || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema as JsonSchema)) out[key] = simplify(value);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const nullIndex = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex >= 0 && other && typeof other.type === 'string' && !('properties' in other) && !('items' in other)) {
      delete out.anyOf;
      return { ...out, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

function zodSchemaOf(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties instanceof z.ZodType) return properties;
  throw new Error(`a response schema is not a zod schema: ${JSON.stringify(schema)}`);
}

/** The JSON schema fast-json-stringify compiles for a zod response schema: its output shape, undeclared keys closed. */
export function responseJsonSchema(schema: z.ZodType): Schema {
  return simplify(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' })) as Schema;
}

/**
 * A serializer compiled from a route's zod response schemas with fast-json-stringify: it writes only declared
 * properties (the guarantee the app's zod serializer gives) without validating each cell. Used where a small answer is
 * asked on every page (`GET /me`), where the zod parse was a measured share of the request (bench/RESULTS.md); the app
 * keeps the zod serializer elsewhere, which also refuses a wrongly shaped answer.
 */
export const compiledSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) =>
  fastJson(responseJsonSchema(zodSchemaOf(schema)));
