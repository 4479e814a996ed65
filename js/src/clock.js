// The view's clock, for real-time games (the `clock` trait; a turn-based game's
// says {realtime: false} and nothing here runs). The kernel owns game time and
// settles every race; the view only measures its offset once, stamps what the
// person does, and shows a countdown.
//
// The clock runs only once the person pressed Start (the frame's Start panel sends
// {type: "start"}; a room's table waits for its teacher or its ready players), and a
// notebook widget pauses when it leaves the screen (watchVisibility below reports it).
// The offset is measured when the view starts: it sends {type: "clock", id} and
// takes the answer that carries its id, `now` being the kernel's game time when it
// sent the answer; only a running clock's answer counts (game time stands still before
// Start and while paused), and after a pause the view asks again with a new id.
// offset = now - performance.now() at arrival, so a stamp
// `performance.now() + offset` is game time as this screen saw it: a slow link
// delays what the person sees and what they send alike, and the kernel judges the
// stamp (within its `lag`), not the arrival.
import { h, setText, setAttr } from "./dom.js";
import { MSG } from "./messages.js";

/** How often the countdown is redrawn (ms). */
export const TICK_MS = 100;

/** How much of the widget must show for it to count as on screen (a ratio of its height). */
export const ON_SCREEN_RATIO = 0.25;
/** ... or this many pixels of it (a widget taller than the window). */
export const ON_SCREEN_PX = 240;

const perfNow = () => (globalThis.performance ? globalThis.performance.now() : Date.now());
const newId = () => `v${Math.random().toString(36).slice(2, 12)}`;

/** Time left as the header shows it: "4:58" from a minute up, else "0.7 s". */
export function formatLeft(ms) {
  if (ms >= 60000) {
    const s = Math.ceil(ms / 1000);
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  }
  return `${(ms / 1000).toFixed(1)} s`;
}

/** The words a screen reader says for it. */
function spokenLeft(ms) {
  if (ms >= 60000) {
    const s = Math.ceil(ms / 1000);
    const m = Math.floor(s / 60);
    return `${m} minute${m === 1 ? "" : "s"} ${s % 60} seconds left`;
  }
  return `${(ms / 1000).toFixed(1)} seconds left`;
}

/**
 * The clock of one view. `update(clock)` on every redraw; `stamp(t)` maps a
 * performance.now()-based time (an event's timeStamp) to game ms, or null before
 * the offset is known; `stop()` in the view's cleanup. Two countdowns: `node` the
 * game's (its `end`, e.g. a 5-minute limit; a game without one shows its next
 * deadline there, labelled when that deadline is a window the game names) and `windowNode` the current window's, labelled by the
 * game ("Hunt: 0.7 s").
 * @param {{send: (msg: object) => void, setInterval?: Function, clearInterval?: Function, now?: () => number}} opts
 */
export function viewClock({ send, now = perfNow, setInterval: every = globalThis.setInterval, clearInterval: stopEvery = globalThis.clearInterval }) {
  const viewId = newId();
  let id = viewId;
  const node = h("p", { class: "bw-clock", "data-testid": "clock", role: "timer", "aria-live": "off", hidden: true });
  const windowNode = h("p", { class: "bw-clock bw-clock-window", "data-testid": "clock-window", role: "timer", "aria-live": "off", hidden: true });
  let offset = null;
  let asked = false;
  let askAgain = false; // the clock stopped: ask again (a new id) when it runs
  let wasRunning = false;
  let clock = {};
  let timer = null;

  const leftTo = (at) => {
    if (offset === null || at === null || at === undefined) return null;
    return Math.max(0, at - (now() + offset));
  };
  const show = (el, ms, label) => {
    const on = ms !== null;
    // only a change is written: setting `hidden` to its own value is still a DOM mutation
    // (ten a second per widget, seen by every MutationObserver on the page)
    if (el.hidden !== !on) el.hidden = !on;
    if (!on) return;
    setText(el, label ? `${label}: ${formatLeft(ms)}` : formatLeft(ms));
    setAttr(el, "data-left", String(Math.round(ms)));
    setAttr(el, "aria-label", label ? `${label}: ${spokenLeft(ms)}` : spokenLeft(ms));
  };
  const tick = () => {
    const running = Boolean(clock.realtime && clock.running);
    const hasEnd = clock.end !== null && clock.end !== undefined;
    const main = running ? leftTo(hasEnd ? clock.end : clock.deadline) : null;
    const win = running && hasEnd && clock.window !== null && clock.window !== undefined ? leftTo(clock.window) : null;
    // a game without a time limit of its own counts down its window in the one clock, named
    // when the game names it ("Gossip: 7.2 s")
    const single = !hasEnd && clock.window !== null && clock.window !== undefined ? clock.label || "" : "";
    show(node, main, single);
    show(windowNode, win, clock.label || "Window");
  };
  const api = {
    node,
    windowNode,
    /** the id of this view's newest clock request */
    get id() {
      return id;
    },
    /** this view's own id, for as long as it lives (its visibility reports carry it) */
    viewId,
    get offset() {
      return offset;
    },
    /** the clock's state: running | waiting | paused | table | over ("" for a turn-based game) */
    get state() {
      return clock.realtime ? clock.state || (clock.running ? "running" : "waiting") : "";
    },
    /** @param {any} c the clock trait */
    update(c) {
      clock = c || {};
      if (!clock.realtime) return;
      if (!asked) {
        asked = true;
        send({ type: MSG.CLOCK, id });
      }
      const running = Boolean(clock.running);
      if (wasRunning && !running) {
        offset = null; // game time stood still: the offset is stale when it runs again
        askAgain = true;
      }
      if (running && askAgain) {
        askAgain = false;
        id = newId();
        send({ type: MSG.CLOCK, id });
      }
      wasRunning = running;
      if (offset === null && running && clock.sync === id && typeof clock.now === "number") offset = clock.now - now();
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

/**
 * Watch whether `el` is on screen: at least ON_SCREEN_RATIO of it (or ON_SCREEN_PX of a
 * tall one) inside the window and the notebook's scrolled area, and the page itself
 * visible (not a background tab). Calls `onChange(on)` when that changes (first with
 * the first answer). Without an IntersectionObserver (an old browser) nothing is
 * reported: the game then never pauses by itself. Returns the function that stops.
 * @param {HTMLElement} el
 * @param {(on: boolean) => void} onChange
 */
export function watchVisibility(el, onChange, { IntersectionObserver: IO = globalThis.IntersectionObserver, doc = el.ownerDocument } = {}) {
  if (typeof IO !== "function") return () => {};
  let inView = null;
  let last = null;
  const report = () => {
    if (inView === null) return;
    const on = inView && doc.visibilityState !== "hidden";
    if (on !== last) {
      last = on;
      onChange(on);
    }
  };
  const observer = new IO(
    (entries) => {
      const entry = entries[entries.length - 1];
      if (!entry) return;
      const height = entry.intersectionRect ? entry.intersectionRect.height : 0;
      inView = Boolean(entry.isIntersecting) && (entry.intersectionRatio >= ON_SCREEN_RATIO || height >= ON_SCREEN_PX);
      report();
    },
    { threshold: [0, 0.1, ON_SCREEN_RATIO, 0.5, 0.75, 1] },
  );
  observer.observe(el);
  const onVisibility = () => report();
  doc.addEventListener("visibilitychange", onVisibility);
  return () => {
    observer.disconnect();
    doc.removeEventListener("visibilitychange", onVisibility);
  };
}
