import { h } from "./dom.js";

/**
 * One seat of the seat bar: whose turn it is, alive or out, plus game details
 * (cards, revealed character) from `extra(seat)`.
 * @param {{names: string[], shown: number, toAct: number[], alive: boolean[],
 *          extra?: (seat: number) => any}} opts
 * @param {number} seat
 */
export function seatItem({ names, shown, toAct, alive, extra }, seat) {
  const name = names[seat];
  const turn = toAct.includes(seat);
  const isAlive = alive[seat] !== false;
  const status = [turn ? "to act" : null, isAlive ? null : "out", seat === shown ? "you" : null]
    .filter(Boolean)
    .join(", ");
  return h(
    "li",
    {
      class: `bw-seat${turn ? " bw-turn" : ""}${isAlive ? "" : " bw-out"}${seat === shown ? " bw-me" : ""}`,
      "data-testid": `seat-${seat}`,
      "data-turn": String(turn),
      "data-alive": String(isAlive),
      "aria-current": turn ? "true" : null,
      "aria-label": status ? `${name} (${status})` : name,
    },
    h(
      "div",
      { class: "bw-seat-head" },
      h("span", { class: "bw-seat-marker", "aria-hidden": "true" }, turn ? "▶" : isAlive ? "●" : "✕"),
      h("strong", {}, name),
      seat === shown ? h("span", { class: "bw-tag" }, "you") : null,
      isAlive ? null : h("span", { class: "bw-tag bw-tag-out" }, "out"),
    ),
    extra ? extra(seat) : null,
  );
}

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
