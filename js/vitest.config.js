import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // the game views (brady_widgets/<game>/view.js) import the shared frame as "@bw/..." (as in build.mjs)
    alias: { "@bw": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  test: {
    environment: "jsdom",
    include: ["test/**/*.test.js"],
  },
});
