import { h, button } from "./dom.js";
import { MSG } from "./messages.js";

/**
 * Replay control (after the game): step back/forward, a slider, and the
 * teacher's reveal toggle.
 * @param {{step: number, length: number, active: boolean}} replay
 * @param {boolean} reveal
 * @param {(msg: object) => void} send
 */
export function replayControl(replay, reveal, send) {
  const parts = [];
  if (replay && replay.active) {
    const { step, length } = replay;
    const go = (n) => send({ type: MSG.REPLAY, step: n });
    parts.push(
      h(
        "div",
        { class: "bw-replay", role: "group", "aria-label": "Replay", "data-testid": "replay" },
        button({
          testid: "replay-back",
          label: "Replay: step back",
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
          "aria-label": "Replay step",
          "aria-valuetext": `step ${step} of ${length}`,
          onchange: (ev) => go(Number(ev.target.value)),
        }),
        button({
          testid: "replay-forward",
          label: "Replay: step forward",
          text: "Forward ▶",
          disabled: step >= length,
          onclick: () => go(step + 1),
        }),
        h("span", { class: "bw-replay-step", "data-testid": "replay-step" }, `Step ${step} of ${length}`),
      ),
    );
  }
  if ((replay && replay.active) || reveal) {
    parts.push(
      button({
        testid: "reveal-toggle",
        label: "Teacher: reveal all",
        text: reveal ? "Teacher: hide secrets" : "Teacher: reveal all",
        pressed: reveal,
        cls: "bw-reveal",
        onclick: () => send({ type: MSG.REVEAL, on: !reveal }),
      }),
    );
  }
  return parts.length ? h("div", { class: "bw-replay-bar" }, parts) : null;
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
    text = `🏆 ${winners.join(" and ") || "Nobody"} ${winners.length === 1 ? "wins" : "win"}!`;
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
