import { Readable } from 'node:stream';

/*
 * Multipart bodies for tests, as a browser or the web app sends them. Nested values become
 * bracketed names (`{ schedule: [{ day: '0' }] }` -> `schedule[0][day]=0`), `repeated([...])` sends
 * one name several times, and `[name, value]` pairs say exactly what goes over the wire.
 */

export interface FilePart {
  filename: string;
  content: Buffer | string;
  type?: string;
}

/** One name sent once per value (`tags=1`, `tags=2`), where a plain array is indexed (`tags[0]`). */
export class Repeated {
  constructor(readonly values: readonly (string | FilePart)[]) {}
}

export const repeated = (values: readonly (string | FilePart)[]) => new Repeated(values);

export type FormValue =
  | string
  | number
  | boolean
  | FilePart
  | Repeated
  | readonly FormValue[]
  | { readonly [key: string]: FormValue | undefined };
export type FormEntry = [name: string, value: string | FilePart];

export function isFilePart(value: unknown): value is FilePart {
  return typeof value === 'object' && value !== null && 'filename' in value && 'content' in value;
}

/** The name-value pairs of a form, in order; `undefined` values are left out. */
export function formEntries(fields: Record<string, FormValue | undefined>): FormEntry[] {
  const entries: FormEntry[] = [];
  const add = (name: string, value: FormValue | undefined) => {
    if (value === undefined) return;
    if (typeof value !== 'object') entries.push([name, String(value)]);
    else if (isFilePart(value)) entries.push([name, value]);
    else if (value instanceof Repeated) for (const item of value.values) entries.push([name, item]);
    else if (Array.isArray(value)) value.forEach((item: FormValue, i) => add(`${name}[${i}]`, item));
    else for (const [key, item] of Object.entries(value)) add(`${name}[${key}]`, item);
  };
  for (const [name, value] of Object.entries(fields)) add(name, value);
  return entries;
}

/** A multipart/form-data body for `app.inject({ payload, headers })`, from fields or exact pairs. */
export async function multipartForm(fields: Record<string, FormValue | undefined> | readonly FormEntry[]) {
  const form = new FormData();
  for (const [name, value] of Array.isArray(fields)
    ? (fields as readonly FormEntry[])
    : formEntries(fields as Record<string, FormValue | undefined>)) {
    if (typeof value === 'string') {
      form.append(name, value);
      continue;
    }
    const bytes = typeof value.content === 'string' ? value.content : new Uint8Array(value.content);
    form.append(name, new Blob([bytes], { type: value.type ?? 'application/octet-stream' }), value.filename);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

/** A file made while it is sent: `head`, then zero bytes up to `size`. Never whole in memory. */
export interface GeneratedFile {
  filename: string;
  type?: string;
  head: Buffer;
  size: number;
}

const ZEROS = Buffer.alloc(64 * 1024);

/**
 * A multipart body as a stream, for files too big to build in memory (a 100 MB video): pass
 * `body` to `app.inject({ payload })`, `fetch` (with `duplex: 'half'`) or `http.request`.
 */
export function multipartStream(entries: readonly [name: string, value: string | FilePart | GeneratedFile][]) {
  const boundary = `----evcms-test-${Math.random().toString(36).slice(2)}`;
  const pieces: (Buffer | GeneratedFile)[] = [];
  for (const [name, value] of entries) {
    const file = typeof value === 'string' ? undefined : value;
    const disposition = `form-data; name="${name}"${file ? `; filename="${file.filename}"` : ''}`;
    const type = file ? `\r\nContent-Type: ${file.type ?? 'application/octet-stream'}` : '';
    pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    if (!file) pieces.push(Buffer.from(value as string));
    else if ('head' in file) pieces.push(file);
    else pieces.push(Buffer.from(file.content));
    pieces.push(Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  const length = pieces.reduce((sum, piece) => sum + (Buffer.isBuffer(piece) ? piece.length : piece.size), 0);
  async function* generate() {
    for (const piece of pieces) {
      if (Buffer.isBuffer(piece)) {
        yield piece;
        continue;
      }
      yield piece.head;
      for (let left = piece.size - piece.head.length; left > 0; left -= ZEROS.length)
        yield left >= ZEROS.length ? ZEROS : ZEROS.subarray(0, left);
    }
  }
  return {
    body: Readable.from(generate(), { objectMode: false }),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) },
    length,
  };
}
