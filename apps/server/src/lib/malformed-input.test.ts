import { describe, expect, it } from 'vitest';
import { aMerchant } from '../test/builders/merchants.ts';
import { useSignedInApp } from '../test/test-app.ts';

/*
 * A small fuzzer: every operation of the OpenAPI document, signed in, with what a hostile or
 * broken client sends: bodies that are not objects, every body field and query parameter with
 * wrong types, NUL characters and surrogates alone, over-long and deeply nested values, malformed
 * path ids. Whatever it sends, the answer is never a 5xx, and an error is the product's body:
 * field -> messages, or `detail` as one string, never Fastify's own (`FST_ERR_...`).
 */
const ctx = useSignedInApp();

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
interface Operation {
  method: Method;
  path: string;
  query: string[];
  fields: string[];
  /** The body's fields but files. */
  textFields: string[];
  /** Whether the operation takes a body, and whether that body is a list. */
  body: boolean;
  arrayBody: boolean;
}

interface OpenApi {
  paths: Record<string, Partial<Record<Lowercase<Method>, OperationObject>>>;
}
interface OperationObject {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema?: { type?: string; properties?: Record<string, FieldSchema> } }> };
}
interface FieldSchema {
  format?: string;
  items?: FieldSchema;
  anyOf?: FieldSchema[];
}

/** A file part (multipart only): a JSON body never carries one, the route drops it. */
const isFile = (schema: FieldSchema | undefined): boolean =>
  schema !== undefined && (schema.format === 'binary' || isFile(schema.items) || (schema.anyOf ?? []).some(isFile));

function operations(doc: OpenApi): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => {
      const schema = Object.values(op?.requestBody?.content ?? {})[0]?.schema;
      const properties = schema?.properties ?? {};
      return {
        method: method.toUpperCase() as Method,
        path,
        query: (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        fields: Object.keys(properties),
        textFields: Object.entries(properties).flatMap(([name, schema]) => (isFile(schema) ? [] : [name])),
        body: op?.requestBody !== undefined,
        arrayBody: schema?.type === 'array',
      };
    }),
  );
}

const LONG = 'x'.repeat(100_000);
const deep = (levels: number): unknown => (levels === 0 ? 'x' : [deep(levels - 1)]);
const BAD_VALUES: unknown[] = [
  'a\u0000b',
  'a\ud800b',
  ['\udfff'],
  LONG,
  123,
  -1,
  1.5,
  true,
  null,
  {},
  [],
  ['x'],
  { nested: { a: 1 } },
  deep(500),
  '',
  ' ',
];
const NON_OBJECT_BODIES = ['null', '[]', '"x"', '1', 'true', '{"a":'];
const BAD_QUERY = [
  '%00',
  'a%00b',
  encodeURIComponent(LONG.slice(0, 5000)),
  '-1',
  '0',
  'abc',
  '1e3',
  '99999999999999999999',
];
const BAD_IDS = ['abc', '0', '-1', '1.5', '99999999999', '%00', '1%00', '%', '%zz'];

/** The product's error body: every value a list of strings, except `detail`, one string. */
function isProductError(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  return Object.entries(body).every(([key, value]) =>
    key === 'detail'
      ? typeof value === 'string'
      : Array.isArray(value) && value.every((item) => typeof item === 'string'),
  );
}

describe('malformed input on every route', () => {
  it('never answers 5xx, and answers errors in the product format', async () => {
    const merchant = await aMerchant(ctx.app, ctx.auth);
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApi>();
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(20);

    const failures: string[] = [];
    let sent = 0;
    const send = async (method: Method, url: string, payload?: string, contentType = 'application/json') => {
      sent += 1;
      const response = await ctx.app.inject({
        method,
        url,
        headers: {
          ...ctx.auth,
          'accept-language': 'en',
          ...(payload !== undefined && { 'content-type': contentType }),
        },
        ...(payload !== undefined && { payload }),
      });
      // A successful export is a file (xlsx, csv), not JSON; every error is JSON.
      const json = String(response.headers['content-type'] ?? '').startsWith('application/json');
      const text = response.statusCode < 400 && !json ? '' : response.body;
      const body = text ? (JSON.parse(text) as unknown) : undefined;
      if (
        response.statusCode >= 500 ||
        text.includes('FST_ERR') ||
        (response.statusCode >= 400 && !isProductError(body))
      ) {
        failures.push(
          `${method} ${url} ${payload?.slice(0, 60) ?? ''} -> ${response.statusCode} ${text.slice(0, 120)}`,
        );
      }
    };

    for (const op of ops) {
      // Path ids: a real merchant id where one fits (so the body reaches validation and the database), and malformed ones.
      const url = (id: string) => `/api${op.path.replace(/\{[^}]+\}/g, id)}`.replace('/api/api/', '/api/');
      const base = url(String(merchant.id));
      if (op.path.includes('{')) for (const id of BAD_IDS) await send(op.method, url(id));
      for (const name of op.query) for (const value of BAD_QUERY) await send(op.method, `${base}?${name}=${value}`);
      if (op.method === 'GET' || op.method === 'DELETE') continue;
      for (const body of NON_OBJECT_BODIES) await send(op.method, base, body);
      await send(op.method, base, 'plain text', 'text/plain');
      for (const field of op.fields) {
        for (const value of BAD_VALUES) await send(op.method, base, JSON.stringify({ [field]: value }));
      }
    }
    console.log(`malformed input: ${sent} requests over ${ops.length} operations, ${failures.length} failed`);
    expect(failures).toEqual([]);
  }, 300_000);

  it('refuses a body that is not an object, alike on every route that takes one', async () => {
    const merchant = await aMerchant(ctx.app, ctx.auth);
    const ops = operations((await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApi>()).filter(
      (op) => op.body,
    );
    expect(ops.length).toBeGreaterThan(20);
    const bodies: [string, string][] = [
      ...['null', '[]', '[1,2]', '"x"', '1', 'true', 'false'].map((body): [string, string] => [
        body,
        'application/json',
      ]),
      ['plain text', 'text/plain'],
    ];
    const failures: string[] = [];
    for (const op of ops) {
      const url = `/api${op.path.replace(/\{[^}]+\}/g, String(merchant.id))}`.replace('/api/api/', '/api/');
      for (const [payload, contentType] of bodies) {
        const response = await ctx.app.inject({
          method: op.method,
          url,
          payload,
          headers: { ...ctx.auth, 'accept-language': 'en', 'content-type': contentType },
        });
        // A list where one is the body (the rates' bulk change) is refused item by item.
        const named = op.arrayBody && payload.startsWith('[');
        if (
          response.statusCode !== 400 ||
          (!named && response.body !== JSON.stringify({ detail: 'The request body is malformed.' }))
        ) {
          failures.push(
            `${op.method} ${op.path} ${payload} (${contentType}) -> ${response.statusCode} ${response.body.slice(0, 100)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('names every bad field of a body, a NUL character among the fields missing or wrong', async () => {
    const merchant = await aMerchant(ctx.app, ctx.auth);
    const ops = operations((await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApi>()).filter(
      (op) => op.textFields.length,
    );
    const failures: string[] = [];
    let sent = 0;
    for (const op of ops) {
      const url = `/api${op.path.replace(/\{[^}]+\}/g, String(merchant.id))}`.replace('/api/api/', '/api/');
      for (const field of op.textFields) {
        sent += 1;
        const response = await ctx.app.inject({
          method: op.method,
          url,
          payload: { [field]: 'a\u0000b' },
          headers: { ...ctx.auth, 'accept-language': 'en' },
        });
        const body = response.json<Record<string, unknown>>();
        if (response.statusCode !== 400 || !(field in body))
          failures.push(
            `${op.method} ${op.path} {${field}: NUL} -> ${response.statusCode} ${response.body.slice(0, 160)}`,
          );
      }
    }
    console.log(`NUL among missing fields: ${sent} requests, ${failures.length} failed`);
    expect(failures).toEqual([]);
  }, 300_000);
});
