import { h } from "./dom.js";

/**
 * The game log, newest last, announced politely to screen readers.
 * @param {{i: number, type: string, text: string, seat?: number}[]} entries
 * @param {string} [title]
 */
export function logPanel(entries, title = "Log") {
  const list = h(
    "ol",
    { class: "bw-log-list", "aria-live": "polite", "aria-relevant": "additions", "data-testid": "log" },
    entries.map((e) =>
      h("li", { class: `bw-log-${e.type}`, "data-i": String(e.i), value: String(e.i + 1) }, e.text),
    ),
  );
  return h("section", { class: "bw-log", "aria-label": title }, h("h3", {}, title), list);
}
