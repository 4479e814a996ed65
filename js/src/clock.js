// The view's clock, for real-time games (the `clock` trait; a turn-based game's
// says {realtime: false} and nothing here runs). The kernel owns game time and
// settles every race; the view only measures its offset once, stamps what the
// person does, and shows a countdown.
//
// The offset is measured when the view starts: it sends {type: "clock", id} and
// takes the answer that carries its id, `now` being the kernel's game time when it
// sent the answer. offset = now - performance.now() at arrival, so a stamp
// `performance.now() + offset` is game time as this screen saw it: a slow link
// delays what the person sees and what they send alike, and the kernel judges the
// stamp (within its `lag`), not the arrival.
import { h, setText, setAttr } from "./dom.js";
import { MSG } from "./messages.js";

/** How often the countdown is redrawn (ms). */
export const TICK_MS = 100;

const perfNow = () => (globalThis.performance ? globalThis.performance.now() : Date.now());

/**
 * The clock of one view. `update(clock)` on every redraw; `stamp(t)` maps a
 * performance.now()-based time (an event's timeStamp) to game ms, or null before
 * the offset is known; `stop()` in the view's cleanup.
 * @param {{send: (msg: object) => void, setInterval?: Function, clearInterval?: Function, now?: () => number}} opts
 */
export function viewClock({ send, now = perfNow, setInterval: every = globalThis.setInterval, clearInterval: stopEvery = globalThis.clearInterval }) {
  const id = `v${Math.random().toString(36).slice(2, 12)}`;
  const node = h("p", { class: "bw-clock", "data-testid": "clock", role: "timer", "aria-live": "off", hidden: true });
  let offset = null;
  let asked = false;
  let clock = {};
  let timer = null;

  const left = () => {
    if (offset === null || clock.deadline === null || clock.deadline === undefined) return null;
    return Math.max(0, clock.deadline - (now() + offset));
  };
  const tick = () => {
    const ms = left();
    const show = Boolean(clock.realtime && clock.running && ms !== null);
    // only a change is written: setting `hidden` to its own value is still a DOM mutation
    // (ten a second per widget, seen by every MutationObserver on the page)
    if (node.hidden !== !show) node.hidden = !show;
    if (!show) return;
    setText(node, `${(ms / 1000).toFixed(1)} s`);
    setAttr(node, "data-left", String(Math.round(ms)));
    setAttr(node, "aria-label", `${(ms / 1000).toFixed(1)} seconds left`);
  };
  const api = {
    node,
    id,
    get offset() {
      return offset;
    },
    /** @param {any} c the clock trait */
    update(c) {
      clock = c || {};
      if (!clock.realtime) return;
      if (!asked) {
        asked = true;
        send({ type: MSG.CLOCK, id });
      }
      if (offset === null && clock.sync === id && typeof clock.now === "number") offset = clock.now - now();
      if (timer === null && every) timer = every(tick, TICK_MS);
      tick();
    },
    /** Game ms of a performance.now()-based time (default: now); null before the offset is known. */
    stamp(t) {
      const n = now();
      // an event time on another time base (or none): the time now
      if (typeof t !== "number" || !Number.isFinite(t) || Math.abs(t - n) > 60000) t = n;
      return offset === null ? null : Math.round((t + offset) * 1000) / 1000;
    },
    stop() {
      if (timer !== null && stopEvery) stopEvery(timer);
      timer = null;
    },
  };
  return api;
}
