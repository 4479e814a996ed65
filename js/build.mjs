// Bundle the views: every brady_widgets/<game>/view.js (with the CSS it imports)
// into brady_widgets/static/<game>.js and <game>.css, plus the generic view
// (js/src/generic.js: a game with no view of its own) into static/generic.js/.css,
// and the rooms pages' model shim (js/src/rooms.js) into static/rooms/rooms.js, which the
// rooms server serves as /assets/rooms.js (a folder of its own: static/*.js are the views).
// The shared frame is imported as "@bw/..." (js/src). Output is deterministic:
// CI rebuilds and diffs it against the committed bundles.
//   node build.mjs            build once
//   node build.mjs --watch    rebuild on change (games added later need a restart)
import * as esbuild from "esbuild";
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const JS = dirname(fileURLToPath(import.meta.url));
const PKG = join(JS, "..", "brady_widgets");
const OUT = join(PKG, "static");

/** {bundle name: entry file}, games sorted by folder name, then the generic view. */
function entries() {
  const games = readdirSync(PKG, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(PKG, d.name, "view.js")))
    .map((d) => d.name)
    .sort();
  if (games.includes("generic")) throw new Error("a game folder may not be called 'generic' (the generic view's bundle)");
  const out = {};
  for (const game of games) out[game] = join(PKG, game, "view.js");
  out.generic = join(JS, "src", "generic.js");
  return out;
}

const common = {
  absWorkingDir: JS, // the bundles' path comments are relative to js/, wherever this runs from
  bundle: true,
  format: "esm",
  target: "es2020",
  alias: { "@bw": "./src" },
  logLevel: "warning",
};
const builds = [
  { ...common, entryPoints: entries(), outdir: OUT },
  { ...common, entryPoints: { rooms: join(JS, "src", "rooms.js") }, outdir: join(OUT, "rooms") },
];

if (process.argv.includes("--watch")) {
  for (const options of builds) {
    const ctx = await esbuild.context({ ...options, logLevel: "info" });
    await ctx.watch();
  }
} else {
  const outputs = [];
  for (const options of builds) {
    const result = await esbuild.build({ ...options, metafile: true });
    outputs.push(...Object.keys(result.metafile.outputs).map((p) => p.replace(/^.*brady_widgets\/static\//, "")));
  }
  console.log(`built ${outputs.sort().join(", ")}`);
}
