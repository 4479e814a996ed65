import { h, button } from "./dom.js";
import { MSG } from "./messages.js";

/**
 * The replay control (after the game): step back/forward and a slider; null when
 * no replay is open. It counts players' actions ("Action k of n", as the banner's "after
 * action k of n"); the log lists events (a roll is one action and one event, a kill may be
 * several events), so the log does not number its entries by position (log.js).
 * @param {{step: number, length: number, active: boolean}} replay
 * @param {(msg: object) => void} send
 */
export function replayControl(replay, send) {
  if (!replay || !replay.active) return null;
  const { step, length } = replay;
  const go = (n) => send({ type: MSG.REPLAY, step: n });
  return h(
    "div",
    { class: "bw-replay", role: "group", "aria-label": "Replay", "data-testid": "replay" },
    button({
      testid: "replay-back",
      label: "Replay: back one action",
      text: "◀ Back",
      disabled: step <= 0,
      onclick: () => go(step - 1),
    }),
    h("input", {
      type: "range",
      min: "0",
      max: String(length),
      step: "1",
      value: String(step),
      "data-testid": "replay-slider",
      "aria-label": "Replay: after action",
      "aria-valuetext": `action ${step} of ${length}`,
      onchange: (ev) => go(Number(ev.target.value)),
    }),
    button({
      testid: "replay-forward",
      label: "Replay: forward one action",
      text: "Forward ▶",
      disabled: step >= length,
      onclick: () => go(step + 1),
    }),
    h("span", { class: "bw-replay-step", "data-testid": "replay-step" }, `Action ${step} of ${length}`),
  );
}

/**
 * The teacher's reveal toggle (drawn only for a teacher's widget: `settings.teacher`).
 * @param {boolean} reveal
 * @param {(msg: object) => void} send
 */
export function revealToggle(reveal, send) {
  return button({
    testid: "reveal-toggle",
    label: "Teacher: reveal all",
    text: reveal ? "Teacher: hide secrets" : "Teacher: reveal all",
    pressed: reveal,
    cls: "bw-reveal",
    onclick: () => send({ type: MSG.REVEAL, on: !reveal }),
  });
}

/**
 * The status banner above the board: the winners when the shown position is over,
 * "Replay: after action k of n" while a past step is shown, else nothing.
 * Returns `[key, build]` for a keyed part: the key is JSON, `build()` the node or null.
 * @param {{over?: boolean, winners?: number[]}} view
 * @param {{step: number, length: number, active: boolean}} replay
 * @param {(seat: number) => string} nameOf
 * @returns {[string, () => (HTMLElement | null)]}
 */
export function statusBanner(view, replay, nameOf) {
  let id = null;
  let text = "";
  if (view.over) {
    const winners = (view.winners || []).map(nameOf);
    id = "winner";
    // view.end: the game's sentence, who won and why (Python's Presenter.end_banner)
    text = typeof view.end === "string" && view.end
      ? `🏆 ${view.end}`
      : `🏆 ${winners.join(" and ") || "Nobody"} ${winners.length === 1 ? "wins" : "win"}!`;
  } else if (replay && replay.active && replay.step < replay.length) {
    id = "replay-banner";
    text = `Replay: after action ${replay.step} of ${replay.length}`;
  }
  const build = () =>
    id === null
      ? null
      : h("div", { class: id === "winner" ? "bw-winner" : "bw-winner bw-replaying", role: "status", "data-testid": id }, text);
  return [JSON.stringify(id === null ? null : [id, text]), build];
}
