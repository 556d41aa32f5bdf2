import { z } from 'zod'

export type Json = Record<string, unknown>

/**
 * A zod schema as JSON Schema 2020-12 (OpenAPI 3.1). Schemas may state their wire form with `.meta()`
 * (shared/schemas/common.ts: a query integer, a URL's pattern); an integer given as query text keeps no
 * text `pattern`, which would say nothing about an integer.
 */
export function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io, unrepresentable: 'any', target: 'draft-2020-12',
    override: ({ jsonSchema }) => {
      const json = jsonSchema as Json
      if (json['type'] === 'integer') delete json['pattern']
    },
  }) as Json
  return rest
}
