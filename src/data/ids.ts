/** Random ids for new rows. */
export function newId(): string {
  return crypto.randomUUID();
}
