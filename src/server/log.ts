// Structured logs: one JSON object per line (Workers Logs indexes their fields), each carrying
// the id of the request it belongs to. The request id lives in AsyncLocalStorage so code far from
// the Hono context (the mail port, a waitUntil task) logs it too.
//
// Never log request bodies, query strings, cookies, tokens, hashes or email texts: the fields
// below are all a log line may hold besides what the caller passes, and callers pass ids,
// statuses and messages only (test/operations.test.ts checks a whole account's life).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';

type Level = 'info' | 'warn' | 'error';
export type LogFields = Record<string, string | number | boolean | null | undefined>;

const requestIds = new AsyncLocalStorage<string>();

export function currentRequestId(): string | undefined {
  return requestIds.getStore();
}

/**
 * JSON.stringify escapes C0 controls but writes DEL, the C1 controls (NEL among them) and U+2028 /
 * U+2029 as they are, and some log readers end a line there: a logged path or message could forge
 * a line. Escaped, the line reads back as the same JSON.
 */
const RAW_IN_JSON = /[\u007f-\u009f\u2028\u2029]/g;
const escapeJson = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

export function log(level: Level, message: string, fields: LogFields = {}): void {
  const line = JSON.stringify({ level, message, requestId: currentRequestId(), ...fields }).replace(RAW_IN_JSON, escapeJson);
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}

/**
 * The parts of an error worth a log line: its kind, message and where it was thrown. drizzle's
 * query errors put the statement's parameters (password hashes, token hashes) in their message,
 * so those give the driver's own message and the SQL text only.
 */
export function errorFields(error: unknown): LogFields {
  if (!(error instanceof Error)) return { error: typeof error, cause: String(error) };
  const stack = error.stack?.split('\n').filter((line) => line.startsWith('    at ')).join('\n');
  if (error.message.startsWith('Failed query:')) {
    const query = 'query' in error && typeof error.query === 'string' ? error.query.slice(0, 500) : undefined;
    const cause = error.cause instanceof Error ? error.cause.message : 'the database refused the query';
    return { error: error.name, cause, query, stack };
  }
  return { error: error.name, cause: error.message, stack };
}

/** Cloudflare's ray id when there is one (it ties our line to Cloudflare's), else a fresh id. */
function requestIdOf(request: Request): string {
  const ray = request.headers.get('cf-ray');
  return ray && /^[\w-]{1,64}$/.test(ray) ? ray : crypto.randomUUID();
}

/** Gives every request an id (echoed as X-Request-Id) and logs one line when it is answered. */
export function requestLog(): MiddlewareHandler {
  return async (c, next) => {
    const requestId = requestIdOf(c.req.raw);
    const started = Date.now();
    await requestIds.run(requestId, async () => {
      await next();
      c.header('X-Request-Id', requestId);
      // The path only: query strings carry reset and verification tokens.
      log(c.res.status >= 500 ? 'error' : 'info', 'request', {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Date.now() - started,
      });
    });
  };
}
