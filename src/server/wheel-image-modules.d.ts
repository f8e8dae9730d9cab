// Module types for the non-JavaScript imports of src/server/wheel-image.ts, as wrangler (and
// @cloudflare/vitest-plugin, from the same wrangler.toml) bundles them.
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}

declare module '*.ttf' {
  const data: ArrayBuffer;
  export default data;
}
