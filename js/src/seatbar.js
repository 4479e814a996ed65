import { h, setAttr, setChildren, setClass, setText } from "./dom.js";

/**
 * One seat of the seat bar: whose turn it is, alive or out, plus game details
 * (cards, revealed character) from `extra(seat)`.
 * @param {{names: string[], shown: number, toAct: number[], alive: boolean[],
 *          extra?: (seat: number) => any}} opts
 * @param {number} seat
 */
export function seatItem(opts, seat) {
  const li = h("li", { "data-testid": `seat-${seat}` }, h("div", { class: "bw-seat-head" }));
  patchSeatItem(li, opts, seat, opts.extra ? opts.extra(seat) : null);
  return li;
}

/**
 * Bring a seat item (made by `seatItem`) in line with `opts`, in place: the same DOM as
 * a new `seatItem(opts, seat)` whose extra is `extra`. A redraw used to replace the
 * item of every seat whose turn or marks changed (most seats, most clicks), and
 * taking a laid-out item off the page costs more than patching its few attributes.
 * @param {HTMLElement} li
 * @param {{names: string[], shown: number, toAct: number[], alive: boolean[]}} opts
 * @param {number} seat
 * @param {Node|null} extra
 */
export function patchSeatItem(li, { names, shown, toAct, alive }, seat, extra) {
  const name = names[seat];
  const turn = toAct.includes(seat);
  const isAlive = alive[seat] !== false;
  const me = seat === shown;
  const status = [turn ? "to act" : null, isAlive ? null : "out", me ? "you" : null].filter(Boolean).join(", ");
  setClass(li, `bw-seat${turn ? " bw-turn" : ""}${isAlive ? "" : " bw-out"}${me ? " bw-me" : ""}`);
  setAttr(li, "data-turn", String(turn));
  setAttr(li, "data-alive", String(isAlive));
  setAttr(li, "aria-current", turn ? "true" : null);
  setAttr(li, "aria-label", status ? `${name} (${status})` : name);
  const head = li.firstChild;
  let parts = PARTS.get(head);
  if (!parts) {
    parts = {
      marker: h("span", { class: "bw-seat-marker", "aria-hidden": "true" }),
      name: h("strong", {}),
      you: h("span", { class: "bw-tag" }, "you"),
      out: h("span", { class: "bw-tag bw-tag-out" }, "out"),
    };
    PARTS.set(head, parts);
  }
  setText(parts.marker, turn ? "▶" : isAlive ? "●" : "✕");
  setText(parts.name, name);
  setChildren(head, [parts.marker, parts.name, me ? parts.you : null, isAlive ? null : parts.out]);
  setChildren(li, [head, extra]);
  return li;
}

/** The parts of each seat head, by head element (patched in place). */
const PARTS = new WeakMap();

/** The seat bar's list element (empty: fill it with `seatItem`s). */
export function seatList() {
  return h("ol", { class: "bw-seats", "aria-label": "Players", "data-testid": "seats" });
}

/**
 * The whole seat bar, one `seatItem` per seat.
 * @param {{names: string[], shown: number, toAct: number[], alive: boolean[],
 *          extra?: (seat: number) => any}} opts
 */
export function seatBar(opts) {
  const ol = seatList();
  for (let seat = 0; seat < opts.names.length; seat++) ol.appendChild(seatItem(opts, seat));
  return ol;
}
