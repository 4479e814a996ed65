import { h } from "./dom.js";

/**
 * The game log, newest last, in an aria-live region. Entries are events, not actions: the
 * list is not numbered by position (which counted events while the replay counts actions,
 * "Step 23 of 28" beside a log at 33). An entry that carries `action` (the number of player
 * actions up to it, the replay's count) shows that number, so the log and the replay agree.
 * The panel is created once;
 * `updateLog` only removes entries that left, prepends earlier pages and appends
 * new ones, so a screen reader announces just what happened (a rebuilt region says nothing).
 * @param {string} [title]
 * @returns {{panel: HTMLElement, list: HTMLOListElement, head: HTMLElement}}
 */
export function logPanel(title = "Log") {
  const list = h("ol", {
    class: "bw-log-list",
    "aria-live": "polite",
    "aria-relevant": "additions",
    "data-testid": "log",
    // a list that scrolls (a game caps its height) is reached by keyboard too
    tabindex: "0",
    "aria-label": `${title} entries`,
  });
  const head = h("h3", {}, title);
  const panel = h("section", { class: "bw-log", "aria-label": title }, head, list);
  return { panel, list, head };
}

const keyOf = (e) => `${e.i}\u0000${e.type}\u0000${e.action ?? ""}\u0000${e.text}`;

function item(e) {
  const n = typeof e.action === "number" && e.action > 0 ? e.action : null;
  return h(
    "li",
    { class: `bw-log-${e.type}`, "data-i": String(e.i), "data-key": keyOf(e), "data-action": n === null ? null : String(n) },
    n === null ? null : h("span", { class: "bw-log-n", title: `after action ${n}`, "aria-hidden": "true" }, `${n}.`),
    e.text,
  );
}

/** The keys of each log list's entries, in order, as `updateLog` left them (reading every
 * entry's `data-key` back from the DOM on each update took most of its time). */
const KEYS = new WeakMap();

/**
 * Bring the list in line with `entries` ({i, type, text}), touching as little as possible.
 * @param {HTMLOListElement} list
 * @param {{i: number, type: string, text: string}[]} entries
 * @returns {number} how many entries were appended
 */
export function updateLog(list, entries) {
  const want = entries.map(keyOf);
  const wanted = new Set(want);
  let have = KEYS.get(list);
  if (!have || have.length !== list.children.length) have = [...list.children].map((li) => li.dataset.key);
  // entries that scrolled out of the synced window leave from the front
  let drop = 0;
  while (drop < have.length && !wanted.has(have[drop])) drop++;
  for (let k = 0; k < drop; k++) list.firstElementChild.remove();
  if (drop) have = have.slice(drop);
  const start = have.length ? want.indexOf(have[0]) : 0;
  const fits = start >= 0 && start + have.length <= want.length && have.every((k, n) => k === want[start + n]);
  KEYS.set(list, want); // what the list holds below, either way
  if (!fits) {
    // a different history (replay step, reveal toggled): rebuild
    list.replaceChildren(...entries.map(item));
    return entries.length;
  }
  if (start > 0) list.prepend(...entries.slice(0, start).map(item)); // earlier entries, paged in
  const fresh = entries.slice(start + have.length);
  for (const e of fresh) list.appendChild(item(e));
  return fresh.length;
}
