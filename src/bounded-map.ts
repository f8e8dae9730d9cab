// A Map that holds at most `limit` entries and drops the oldest first. The per-isolate caches
// (verified session tokens, shared island HTML, webinar labels, per-zone date formatters) use it so that no amount of
// traffic makes them grow without end.
export class BoundedMap<K, V> extends Map<K, V> {
  readonly #limit: number;

  constructor(limit: number) {
    super();
    this.#limit = limit;
  }

  override set(key: K, value: V): this {
    if (this.size >= this.#limit && !this.has(key)) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
