// The client build's manifest (scripts/build-client.mjs): content-hashed file names and the
// static import graph of every chunk.
import manifest from '../generated/manifest.json';

export interface AssetManifest {
  entry: string;
  /** The hydrate runtime (React), imported by the entry when an island's moment comes. */
  hydrate: string;
  css: string;
  /** Each island's own file, named on its marker (data-chunk) for the client entry to import(). */
  islands: Record<string, string>;
  /** Per chunk, the chunks it imports statically (the browser fetches them with it). */
  imports: Record<string, string[]>;
}

export const ASSETS: AssetManifest = manifest;

/** The files the browser fetches to run `roots`: each root and, transitively, its static imports. */
export function staticClosure(roots: readonly string[], graph: AssetManifest['imports'] = ASSETS.imports): string[] {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of graph[file] ?? []) visit(imported);
  };
  roots.forEach(visit);
  return [...seen];
}
