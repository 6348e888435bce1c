// Generates custom-elements.json (attributes, properties, events, parts, CSS properties) from the
// element sources' JSDoc (DESIGN.md "Package exports"; STYLE.md §7.12).
export default {
  globs: ['src-element/s72-player.ts', 'src-element/ui/*.ts'],
  outdir: '.',
  litelement: true,
  packagejson: true,
};
