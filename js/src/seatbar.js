import { h } from "./dom.js";

/**
 * The seat bar: one entry per seat, whose turn it is, alive or out, plus game
 * details per seat (cards, revealed character) from `extra(seat)`.
 * @param {{names: string[], shown: number, toAct: number[], alive: boolean[],
 *          extra?: (seat: number) => any}} opts
 */
export function seatBar({ names, shown, toAct, alive, extra }) {
  return h(
    "ol",
    { class: "bw-seats", "aria-label": "Players", "data-testid": "seats" },
    names.map((name, seat) => {
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
    }),
  );
}
