import fc from 'fast-check'

/**
 * Hostile building blocks for the HTTP fuzzer (test/http/fuzz-*.test.ts): strings, numbers, keys and raw
 * JSON texts that break naive servers. Everything here is data; fuzz-cases.ts assembles requests from it.
 */

/** Fragments aimed at SQL, HTML/JS, shells, paths, format strings and parsers. */
export const INJECTIONS = [
  "' OR '1'='1", "'; DROP TABLE transactions; --", '" OR ""="', '1; SELECT * FROM api_keys', "') UNION SELECT key_hash FROM api_keys --",
  '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', 'javascript:alert(1)', '{{7*7}}', '${7*7}', '%s%s%s%n',
  '../../../../etc/passwd', '..\\..\\windows\\win.ini', '$(rm -rf /)', '`id`', '\u0000', 'a\u0000b', '\r\nX-Injected: 1',
  '\uD800', '\uDFFF', '\uFEFF', '\u202E', '😀'.repeat(50), 'null', 'undefined', 'NaN', 'Infinity', '-0', '1e400', '0x10',
  '__proto__', 'constructor', 'prototype', 'sk_test_', 'Bearer ', 'whsec_', '', ' ', '\t', 'a'.repeat(10_000),
  // Secrets written encoded (the request log redacts what they decode to): percent-encoded, twice, JSON-escaped, cut.
  'sk%5Ftest%5FfuzzKey0000000000000001', 'sk%255Ftest%255FfuzzKey0000000000000001', '\\u0073k_test_fuzzKey0000000000000001',
  'whsec_Zm9v%2BYmFy%2FYmF6%3D%3D', 'pdc%5F%', 'sk_test_%', '\\u00', '%5C%75%30%30%37%33k_live_fuzzKey0000000000000001',
]

/** Keys that change prototypes or shadow Object.prototype members, plus odd spellings. */
export const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '', ' ', 'a'.repeat(300), '$where', 'a.b', '0']

/** Numbers at and past the edges JSON and JavaScript disagree on, as JSON text (so 1e400 and 2^53 + 1 survive). */
export const NUMBER_TEXTS = [
  '0', '-0', '1', '-1', '0.5', '1.0', '100.00001', '1e2', '1E+3', '2e-1', '9007199254740991', '9007199254740992', '9007199254740993',
  '-9007199254740993', '18446744073709551616', '1e308', '1e309', '1e400', '-1e400', '5e-324', '1e-400', '123456789012345678901234567890',
  '25000000', '25000100', '15000001', '100000001', '10000000001', '999', '1000', '1100', '2147483648', '-2147483649',
]

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...INJECTIONS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 80 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom('0712345678', '+254712345678', '254700000003', 'KE', 'ke', 'INSTANTBANK', 'till', 'paybill', 'approve', '2026-01-31', '2026-02-30', 'http://127.0.0.1:9/hook', 'ftp://x', 'test', 'live') },
)

/** A JSON value written as text: lets numbers beyond doubles and lone surrogates reach the server verbatim. */
export type JsonText = string

const nested = (depth: number, open: string, close: string, inner = '1') => `${open.repeat(depth)}${inner}${close.repeat(depth)}`

/** Values as JSON text: hostile scalars, containers, and pathological nesting (10,000 levels). */
export const hostileValueText: fc.Arbitrary<JsonText> = fc.oneof(
  { weight: 4, arbitrary: hostileString.map((s) => JSON.stringify(s)) },
  { weight: 3, arbitrary: fc.constantFrom(...NUMBER_TEXTS) },
  { weight: 1, arbitrary: fc.constantFrom('true', 'false', 'null', '[]', '{}', '[null]', '{"":""}') },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.constantFrom(nested(10_000, '[', ']'), nested(10_000, '{"a":', '}'), nested(10_000, '{"__proto__":', '}', '{}')) },
  { weight: 1, arbitrary: fc.constantFrom('{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}', '{"__proto__":null}') },
)

export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_KEYS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
)

/** Whole bodies that are not JSON objects, or not JSON, or not UTF-8. */
export const RAW_BODIES: readonly (string | Buffer)[] = [
  '', ' ', '{', '}', '{"a":}', '{"a":1,}', "{'a':1}", '[1,2', 'null', 'true', '"text"', '42', '[]', '[{}]', 'NaN', 'Infinity', '-Infinity',
  '{"amount": NaN}', '{"amount": Infinity}', '{"amount": 0x10}', '{"amount": 01}', '{"amount": .5}', '{"a":1}{"b":2}', '\uFEFF{}',
  '{"narration":"\\u0073k\\u005ftest_fuzzKey0000000000000001"}', '{"a":"\\u005c\\u0075"}', 'key=sk%5Ftest%5FfuzzKey0000000000000001&x=%',
  '{"a":1,"a":2}', '{"a": "\\ud800"}', '{"a": "\\u0000"}', '{"a": "\\x41"}', '<xml/>', 'a=1&b=2', '--boundary\r\n',
  nested(10_000, '[', ']'), nested(10_000, '{"a":', '}'), nested(100_000, '[', ']'), `{"metadata":${nested(10_000, '{"a":', '}')}}`,
  `{"x":"${'a'.repeat(900_000)}"}`,
  Buffer.from([0xff, 0xfe, 0xfd]), Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]), // {"a":"\xC3("}
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]), // an encoded surrogate (invalid UTF-8)
  Buffer.from([0x7b, 0x7d, 0x00]), Buffer.from('{"a":"\u00e9"}', 'latin1'),
]

/** Writes an object from key/value-text pairs, so duplicate keys and own `__proto__` keys reach the wire. */
export function objectText(entries: readonly (readonly [string, JsonText])[]): JsonText {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`
}

/** Query values and keys as they appear in a URL: sometimes encoded, sometimes raw garbage. */
export const queryPiece: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: hostileString.map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, ''))) },
  { weight: 2, arbitrary: fc.constantFrom('%', '%Z', '%ZZ', '%E0%A4%A', '%FF', '%00', '%C3%28', '%ED%A0%80', '+', '%2B', '%26', '%3D', '[]', 'a[b]', '..', '%2e%2e', '') },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(4_000), 'x'.repeat(20_000)) },
)
