// The client build's manifest (scripts/build-client.mjs): content-hashed file names.
import manifest from '../generated/manifest.json';

export interface AssetManifest {
  entry: string;
  css: string;
  /** Per island: its chunk and the chunks it imports, for modulepreload. */
  islands: Record<string, string[]>;
}

export const ASSETS: AssetManifest = manifest;
