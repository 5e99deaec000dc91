// Reading a request's JSON body and writing JSON answers, refusals included.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type ApiError, invalidRequest } from './errors';

/** The largest body read: every request of this API is a few hundred bytes. */
const BODY_LIMIT_BYTES = 64 * 1024;

const COMMON_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

async function readBytes(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Read to the end regardless, so the refusal reaches a client still sending.
    if (size <= BODY_LIMIT_BYTES) chunks.push(chunk);
  }
  if (size > BODY_LIMIT_BYTES) throw invalidRequest('The request body is too large.');
  return Buffer.concat(chunks);
}

/** The body as a JSON object; an empty body is `{}` (a capture of the whole amount has none). */
export async function readJsonObject(request: IncomingMessage): Promise<Record<string, unknown>> {
  const text = (await readBytes(request)).toString('utf8');
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalidRequest('The request body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalidRequest('The request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    ...COMMON_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  response.end(text);
}

export function sendRefusal(response: ServerResponse, error: ApiError): void {
  sendJson(response, error.status, { error: { code: error.code, message: error.message } });
}

export function sendHtml(
  response: ServerResponse,
  status: number,
  html: string,
  headers: Record<string, string>,
): void {
  response.writeHead(status, {
    ...COMMON_HEADERS,
    ...headers,
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
  });
  response.end(html);
}

/** The `Authorization: Bearer …` token, if any. */
export function bearerToken(request: IncomingMessage): string | undefined {
  return /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
}
