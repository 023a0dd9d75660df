/** A file part of a multipart body built for app.inject. */
export interface FilePart {
  name: string;
  data: Buffer;
  type?: string;
}

/**
 * Serialises a multipart/form-data body the way a browser does, using Node's own FormData and
 * Response (undici) — no hand-written boundaries. Parts keep the order given.
 */
export async function multipartBody(
  parts: Array<[field: string, value: string | FilePart]>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [field, value] of parts) {
    if (typeof value === 'string') form.append(field, value);
    else {
      const blob = new Blob([value.data], { type: value.type ?? 'application/octet-stream' });
      form.append(field, blob, value.name);
    }
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}
