// A JSON POST sent from a loopback address of the caller's choosing (127.0.0.2, 127.0.0.3…: on
// Linux the whole 127.0.0.0/8 is the loopback), so a test can be several clients of the local
// stack at once, each with an address of its own as the functions' front end sees it
// (decision 5401). `fetch` cannot choose the address it sends from; node:http can.
import http from 'node:http';

export interface Answer {
  status: number;
  body: unknown;
  headers: http.IncomingHttpHeaders;
}

/**
 * How long an answer may take: a request the stack never answers fails here, naming itself,
 * rather than holding its test until the test's own time limit says nothing about where.
 */
export const ANSWER_WITHIN_MS = 30_000;

export function postFrom(
  from: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': String(payload.length),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text) as unknown;
          } catch {
            // not JSON: the text as it came
          }
          resolve({ status: response.statusCode ?? 0, body: parsed, headers: response.headers });
        });
        response.on('error', reject);
      },
    );
    request.setTimeout(ANSWER_WITHIN_MS, () => {
      request.destroy(new Error(`POST ${url} from ${from}: no answer in ${ANSWER_WITHIN_MS} ms`));
    });
    request.on('error', reject);
    request.end(payload);
  });
}
