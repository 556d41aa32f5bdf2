import fc from 'fast-check'

/**
 * fast-check arbitraries for the values a JSON Schema (2020-12, as the OpenAPI document writes it) allows.
 * Every value generated satisfies every keyword of its schema; a keyword the generator does not know makes it
 * throw rather than generate values the schema might refuse (a new constraint in the document must be taught
 * here first). Lengths count code points, as JSON Schema does.
 */
export type Schema = Record<string, unknown>

const KNOWN = new Set([
  '$ref', 'type', 'enum', 'const', 'examples', 'description', 'deprecated', 'default', 'pattern', 'format', 'minLength', 'maxLength',
  'minimum', 'maximum', 'multipleOf', 'properties', 'required', 'additionalProperties', 'propertyNames', 'maxProperties', 'items',
  'minItems', 'maxItems', 'anyOf', 'if', 'then',
])

/** What the document's `$ref`s point into. */
export interface SchemaRoot {
  resolve(ref: string): Schema
}

export function rootOf(document: unknown): SchemaRoot {
  return {
    resolve(ref) {
      if (!ref.startsWith('#/')) throw new Error(`unsupported $ref ${ref}`)
      let node: unknown = document
      for (const part of ref.slice(2).split('/')) node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')]
      if (node === undefined) throw new Error(`unresolved $ref ${ref}`)
      return node as Schema
    },
  }
}

const codePoints = (value: string) => [...value].length
const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** Any instant with a four-digit year (0100-9999), as a date or as a date-time in any zone, with or without ms. */
function formatArbitrary(format: string): fc.Arbitrary<string> {
  const instant = fc.date({ min: new Date('0100-01-02T00:00:00Z'), max: new Date('9999-12-30T23:59:59Z'), noInvalidDate: true })
  if (format === 'date') return instant.map((date) => date.toISOString().slice(0, 10))
  if (format === 'uuid') return fc.uuid()
  if (format !== 'date-time') throw new Error(`no generator for format ${format} without a pattern`)
  const zone = fc.oneof(fc.constant(0), fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 }))
  return fc.tuple(instant, zone, fc.boolean()).map(([date, offset, ms]) => {
    const local = new Date(date.getTime() + offset * 60_000)
    const iso = local.toISOString()
    const sign = offset < 0 ? '-' : '+'
    const zoneText = offset === 0 ? 'Z' : `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`
    return `${iso.slice(0, ms ? 23 : 19)}${zoneText}`
  })
}

function stringArbitrary(schema: Schema, formats: readonly string[]): fc.Arbitrary<string> {
  const min = (schema['minLength'] as number | undefined) ?? 0
  const max = (schema['maxLength'] as number | undefined) ?? Number.POSITIVE_INFINITY
  const pattern = schema['pattern'] === undefined ? undefined : new RegExp(schema['pattern'] as string, 'u')
  let base: fc.Arbitrary<string>
  // A pattern is more precise than uri or email; dates and uuids are generated from their format, then checked.
  const generated = formats.filter((format) => format !== 'uri' && format !== 'email')
  if (generated.length > 0) base = fc.oneof(...generated.map(formatArbitrary))
  else if (pattern) base = fc.stringMatching(pattern)
  else base = fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 80) })
  return base.filter((value) => codePoints(value) >= min && codePoints(value) <= max && (!pattern || pattern.test(value)))
}

function integerArbitrary(schema: Schema): fc.Arbitrary<number> {
  const step = (schema['multipleOf'] as number | undefined) ?? 1
  const min = Math.ceil(((schema['minimum'] as number | undefined) ?? -(2 ** 31)) / step)
  const max = Math.floor(((schema['maximum'] as number | undefined) ?? 2 ** 31) / step)
  return fc.integer({ min, max }).map((k) => k * step)
}

function numberArbitrary(schema: Schema): fc.Arbitrary<number> {
  if (schema['multipleOf'] !== undefined) return integerArbitrary(schema)
  const min = (schema['minimum'] as number | undefined) ?? -1e12
  const max = (schema['maximum'] as number | undefined) ?? 1e12
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((value) => (Object.is(value, -0) ? 0 : value))
}

/** The formats a string must have: its own, or one of an anyOf of bare formats (date or date-time). */
function formatsOf(schema: Schema): string[] {
  if (typeof schema['format'] === 'string') return [schema['format']]
  const anyOf = schema['anyOf'] as Schema[] | undefined
  return anyOf?.every((branch) => Object.keys(branch).join() === 'format') ? anyOf.map((branch) => branch['format'] as string) : []
}

function typed(type: string, schema: Schema, root: SchemaRoot): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string': return stringArbitrary(schema, formatsOf(schema))
    case 'integer': return integerArbitrary(schema)
    case 'number': return numberArbitrary(schema)
    case 'boolean': return fc.boolean()
    case 'null': return fc.constant(null)
    case 'object': return objectArbitrary(schema, root)
    case 'array': return fc.array(arbitraryOf(schema['items'] as Schema, root), { minLength: (schema['minItems'] as number | undefined) ?? 0, maxLength: Math.min((schema['maxItems'] as number | undefined) ?? 4, 4) })
    default: throw new Error(`unsupported type ${type}`)
  }
}

/** Whether `value` meets an `if` of the shapes the document uses: required keys and constant properties. */
function meets(condition: Schema, value: Record<string, unknown>): boolean {
  const unknown = Object.keys(condition).filter((key) => key !== 'properties' && key !== 'required')
  if (unknown.length > 0) throw new Error(`unsupported if keywords ${unknown.join(', ')}`)
  if (!((condition['required'] as string[] | undefined) ?? []).every((key) => key in value)) return false
  return Object.entries((condition['properties'] as Record<string, Schema> | undefined) ?? {}).every(([key, property]) => {
    if (Object.keys(property).join() !== 'const') throw new Error(`unsupported if property ${JSON.stringify(property)}`)
    return !(key in value) || value[key] === property['const']
  })
}

function objectArbitrary(schema: Schema, root: SchemaRoot): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema['properties'] as Record<string, Schema> | undefined) ?? {}
  const required = new Set((schema['required'] as string[] | undefined) ?? [])
  const then = schema['then'] as Schema | undefined
  const thenRequired = (then?.['required'] as string[] | undefined) ?? []
  const fields = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, arbitraryOf(property, root)]))
  const known = fc.record(fields, { requiredKeys: [...required] })
  const extraSchema = schema['additionalProperties']
  const maxProperties = (schema['maxProperties'] as number | undefined) ?? Number.POSITIVE_INFINITY
  const extra = extraSchema === false || extraSchema === undefined
    ? fc.constant({})
    : fc.dictionary(stringArbitrary((schema['propertyNames'] as Schema | undefined) ?? { type: 'string' }, []), arbitraryOf(extraSchema as Schema, root), { maxKeys: 4 })
  const ifThen = fc.record(Object.fromEntries(thenRequired.map((key) => [key, fields[key]!])))
  return fc.tuple(known, extra, ifThen).map(([own, more, conditional]) => {
    const value: Record<string, unknown> = { ...own }
    for (const [key, item] of Object.entries(more)) if (!(key in properties) && Object.keys(value).length < maxProperties) value[key] = item
    if (then && meets(schema['if'] as Schema, value)) for (const key of thenRequired) value[key] ??= conditional[key]
    return value
  })
}

/** Values `schema` allows; its `examples` (the document's own known-good values) come up often. */
export function arbitraryOf(schema: Schema, root: SchemaRoot): fc.Arbitrary<unknown> {
  if (typeof schema['$ref'] === 'string') return arbitraryOf(root.resolve(schema['$ref']), root)
  const unknown = Object.keys(schema).filter((key) => !KNOWN.has(key) && !key.startsWith('x-'))
  if (unknown.length > 0) throw new Error(`unsupported keywords ${unknown.join(', ')} in ${JSON.stringify(schema).slice(0, 200)}`)
  if ('const' in schema) return fc.constant(schema['const'])
  if (Array.isArray(schema['enum'])) return fc.constantFrom(...(schema['enum'] as unknown[]))
  const anyOf = schema['anyOf'] as Schema[] | undefined
  let generated: fc.Arbitrary<unknown>
  if (anyOf && formatsOf(schema).length === 0) generated = fc.oneof(...anyOf.map((branch) => arbitraryOf(branch, root)))
  else if (Array.isArray(schema['type'])) generated = fc.oneof(...(schema['type'] as string[]).map((type) => typed(type, schema, root)))
  else if (typeof schema['type'] === 'string') generated = typed(schema['type'], schema, root)
  else if (schema['properties']) generated = objectArbitrary(schema, root)
  else generated = fc.jsonValue()
  const examples = schema['examples'] as unknown[] | undefined
  return examples?.length ? fc.oneof({ arbitrary: fc.constantFrom(...examples), weight: 1 }, { arbitrary: generated, weight: 2 }) : generated
}
