// The admin dialogs' calls to /api/admin (same origin, JSON). A failure carries the server's
// message, which the toasts prefer over their own words (docs/product.md#toasts).
export class AdminApiError extends Error {}

export async function adminCall<T>(method: 'POST' | 'DELETE', path: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new AdminApiError('The server could not be reached. Check your connection and try again.');
  }
  const data = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) throw new AdminApiError(data.message ?? '');
  return data as T;
}

/** The failure toast: its own title, and the server's words when it sent any. */
export function failureToast(title: string, error: unknown) {
  const message = error instanceof AdminApiError && error.message ? error.message : undefined;
  return { title, description: message, variant: 'destructive' as const };
}

/** Copies to the clipboard; false when the browser refuses (the caller then shows the text). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
