// Structured logs: one JSON object per line (Workers Logs indexes their fields), each carrying
// the id of the request it belongs to. hono's requestId middleware puts the id on the context and
// its contextStorage keeps the context in AsyncLocalStorage, so a line logged away from the Hono
// context (a helper without `c`, a waitUntil task) carries it too. What runs outside a request
// (the Cron Triggers' jobs, the mail queue's consumer) has no request and logs no id.
//
// Never log request bodies, query strings, cookies, tokens, hashes or email texts, nor a path as
// it came (`pathForLog` blanks the calendar feed's secret): the fields below are all a log line may
// hold besides what the caller passes, and callers pass ids, statuses and messages only
// (test/operations.test.ts checks a whole account's life and every secret-carrying address).
import type { Context, MiddlewareHandler } from 'hono';
import { contextStorage, tryGetContext } from 'hono/context-storage';
import { type RequestIdVariables, requestId } from 'hono/request-id';
import { pathForLog } from '../paths';

type Level = 'info' | 'warn' | 'error';
export type LogFields = Record<string, string | number | boolean | null | undefined>;

/** The id of the request this code runs for, wherever it runs; undefined outside a request. */
export function currentRequestId(): string | undefined {
  return tryGetContext<{ Variables: RequestIdVariables }>()?.var.requestId;
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
  const stack = error.stack
    ?.split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');
  if (error.message.startsWith('Failed query:')) {
    const query = 'query' in error && typeof error.query === 'string' ? error.query.slice(0, 500) : undefined;
    const cause = error.cause instanceof Error ? error.cause.message : 'the database refused the query';
    return { error: error.name, cause, query, stack };
  }
  return { error: error.name, cause: error.message, stack };
}

/** Cloudflare's ray id when there is one (it ties our line to Cloudflare's), else a fresh id. */
function requestIdOf(c: Context): string {
  const ray = c.req.header('cf-ray');
  return ray && /^[\w-]{1,64}$/.test(ray) ? ray : crypto.randomUUID();
}

/**
 * Gives every request an id (echoed as X-Request-Id) and logs one line when it is answered: three
 * middleware, in this order, for `app.use('*', ...requestLog())`.
 */
export function requestLog(): MiddlewareHandler[] {
  return [
    contextStorage(),
    // No header name: hono's middleware would take the id from the request's own X-Request-Id,
    // and a caller could then give its lines another request's id. The answer's header is set
    // below, on whatever answer comes back (an error page included).
    requestId({ headerName: '', generator: requestIdOf }),
    async (c, next) => {
      const started = Date.now();
      await next();
      c.header('X-Request-Id', currentRequestId());
      // The path only (query strings carry signed links and tokens), its calendar secret blanked.
      log(c.res.status >= 500 ? 'error' : 'info', 'request', {
        method: c.req.method,
        path: pathForLog(c.req.path),
        status: c.res.status,
        ms: Date.now() - started,
      });
    },
  ];
}
