// A refused request body must not harm the next request (docs/product.md#hostile-input). Only a real
// server shows this: workerd could not reuse a connection whose chunked body the Worker had started
// reading and then dropped, so the next POST, from any client, got 503 "Your worker restarted
// mid-request" from the runtime's proxy. The vitest pool has no connections, hence this file.
import http from 'node:http';
import { expect, test } from '@playwright/test';

interface Answer {
  status: number;
  text: string;
}

/** One POST on a connection of its own; `chunked` sends the body in pieces with no Content-Length. */
function post(url: string, body: string, headers: Record<string, string>, chunked: boolean): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const bytes = Buffer.from(body);
    const request = http.request(url, {
      method: 'POST',
      agent: new http.Agent({ keepAlive: false }),
      headers: chunked ? headers : { ...headers, 'content-length': String(bytes.byteLength) },
    });
    request.on('response', (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(parts).toString() }));
    });
    // The server may answer before it has read everything; what matters is the answer.
    request.on('error', (error) => reject(error));
    if (chunked) {
      for (let at = 0; at < bytes.byteLength; at += 16 * 1024) request.write(bytes.subarray(at, at + 16 * 1024));
      request.end();
    } else {
      request.end(bytes);
    }
  });
}

test('an oversized chunked body is refused with 413 and the next POST still works', async () => {
  const base = test.info().project.use.baseURL!;
  const origin = new URL(base).origin;
  const big = 'x'.repeat(400 * 1024);
  const login = () =>
    post(
      `${base}/api/auth/login`,
      JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
      { 'content-type': 'application/json', origin },
      false,
    );

  const refused: { path: string; headers: Record<string, string>; message: string }[] = [
    {
      path: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      message: 'The event is too large',
    },
    {
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json', origin },
      message: 'The request is too large: send at most 64 KB',
    },
    { path: '/login', headers: { 'content-type': 'application/x-www-form-urlencoded', origin }, message: 'The request is too large' },
  ];
  for (const { path, headers, message } of refused) {
    const answer = await post(`${base}${path}`, big, headers, true);
    expect(answer.status, path).toBe(413);
    expect(answer.text, path).toContain(message);
    for (let i = 0; i < 3; i++) {
      const next = await login();
      expect(next.status, `POST ${i + 1} after the refused ${path}: ${next.text.slice(0, 120)}`).toBe(401);
    }
  }
});
