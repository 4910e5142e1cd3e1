export interface FilePart {
  filename: string;
  content: Buffer | string;
  type?: string;
}

/** A multipart/form-data body as a browser sends it, for `app.inject({ payload, headers })`. */
export async function multipartForm(fields: Record<string, string | FilePart>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') {
      form.append(name, value);
      continue;
    }
    const bytes = typeof value.content === 'string' ? value.content : new Uint8Array(value.content);
    form.append(name, new Blob([bytes], { type: value.type ?? 'application/octet-stream' }), value.filename);
  }
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type') ?? '' } };
}
