// The frame every game's view shares, written once: the header (title and the
// "me" line), the seat bar, the error banner, the hot-seat curtain (nothing else
// is drawn while it is up), the result / replay banner, the replay control, the
// teacher's reveal toggle, the run-bots button and the log panel (with "Show
// earlier"). A game supplies its title, "me" line, per-seat extras, its panels,
// its focus order and its key handler; it names nothing here and nothing here
// names a game.
import "./shared.css";
import { h, keyed, liveButton, setAttr, setChildren, setText } from "./dom.js";
import { MSG, readTraits } from "./messages.js";
import { patchSeatItem, seatItem, seatList } from "./seatbar.js";
import { logPanel, updateLog } from "./log.js";
import { errorBanner } from "./error.js";
import { curtainPanel } from "./curtain.js";
import { replayControl, revealToggle, statusBanner } from "./replay.js";
import { renderLoop } from "./mount.js";
import { pagedList } from "./paged.js";
import { viewClock, watchVisibility } from "./clock.js";

export { MSG, expandLegal, readTraits } from "./messages.js";
export * from "./dom.js";
export { pagedList } from "./paged.js";
export { viewClock, watchVisibility } from "./clock.js";

/** The clock states in which the game waits for a person (the Start panel shows). */
const WAITING = new Set(["waiting", "paused", "table"]);

/** A key as a person reads it on the keyboard. */
export function keyName(key) {
  if (key === " ") return "Space";
  return key.length === 1 ? key.toUpperCase() : key;
}

/**
 * The default key hint, from the game's keys (settings.keys: key -> action type, the
 * presenter's action_keys): "Press Space to slap, T to take back". A game may give its own
 * (Game.keyHint).
 * @param {Record<string, string>} keys
 */
export function defaultKeyHint(keys) {
  const byType = new Map();
  for (const [key, type] of Object.entries(keys || {})) if (!byType.has(type)) byType.set(type, key);
  const parts = [...byType].map(([type, key]) => `${keyName(key)} to ${String(type).replace(/_/g, " ")}`);
  return parts.length ? `Press ${parts.join(", ")}` : "";
}

/**
 * The Start panel of a real-time game that waits for a person: Start (before the game),
 * Resume (a notebook widget that left the screen) or, at a room's table, "I'm ready"
 * (the teacher starts it, or it starts when every person is ready).
 * @param {string} state waiting | paused | table
 * @param {{seat: number, ready: number[], humans: number[], hint: string, touch?: boolean, onStart: () => void}} o
 *   (`touch`: a touch screen, whose sentences say "tap", not "press")
 */
export function startPanel(state, { seat, ready, humans, hint, touch = false, onStart }) {
  const press = touch ? "tap" : "press";
  const start = (label, text) =>
    h("button", { type: "button", class: "bw-btn bw-btn-primary bw-start-btn", "data-testid": "start", "aria-label": label, onclick: onStart }, text);
  let head;
  let lines;
  let btn = null;
  if (state === "paused") {
    head = "Paused";
    lines = ["The game stopped when it left the screen: no time passes and nobody plays."];
    btn = start("Resume the game", "▶ Resume");
  } else if (state === "table") {
    const count = `${ready.length} of ${humans.length} ready`;
    head = "Waiting for the class";
    if (seat < 0) {
      lines = [`The teacher starts the game (${count}).`];
    } else if (ready.includes(seat)) {
      lines = [`You are ready (${count}). The game starts when everyone is ready or the teacher starts it.`];
    } else {
      lines = [`${touch ? "Tap" : "Press"} I'm ready when you are (${count}). The game starts when everyone is ready or the teacher starts it.`];
      btn = start("I'm ready", "✋ I'm ready");
    }
  } else {
    head = "Ready?";
    lines = [`The clock starts when you ${press} Start. Until then no time passes and nobody plays.`];
    btn = start("Start the game", "▶ Start");
  }
  if (hint && btn) lines.push(`${hint}: the game has the keys while it runs.`);
  return h(
    "section",
    { class: "bw-start", "data-testid": "start-panel", "data-state": state, "aria-label": head },
    h("h3", { class: "bw-start-head" }, head),
    lines.map((line) => h("p", { class: "bw-start-text" }, line)),
    btn,
  );
}

/**
 * Whether this screen is a touch screen (its main pointer is coarse: a finger). A game's
 * prompts then name taps, not keys: the game writes both sentences, the frame chooses
 * (`t.touch`), and the root carries `data-pointer="coarse"` for the CSS (tap targets of 44 px).
 */
export function touchScreen() {
  return typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
}

/** How long an act may go unanswered before the view takes clicks again (a lost reply). */
export const ACT_LOCK_MS = 5000;

/**
 * What a game gives the frame.
 * @typedef {object} Game
 * @property {string} rootClass the root's own class (its CSS is scoped under it)
 * @property {(t: Traits) => string} title
 * @property {(frame: Frame) => any} setup build the game's skeleton once; returns the game's state `g`
 * @property {(t: Traits, g: any) => string} me the "me" line (the frame says "Teacher view" under the reveal)
 * @property {(t: Traits, g: any, seat: number) => [string, () => (Node|null)]} [seat]
 *   per-seat extras: a key (JSON) and a builder, rebuilt when the key changes
 * @property {(t: Traits, g: any) => {top?: any[], main?: any[], side?: any[]}} panels
 *   the game's panels (built once and patched): below the banners, the main column(s), the side column above the log
 * @property {(t: Traits) => Record<string, string|null>} [attrs] extra attributes of the root (e.g. data-role)
 * @property {(g: any) => void} [reset] the curtain came down: forget view-only choices
 * @property {string[]} [focusOrder] where focus goes when the focused control went away
 * @property {(ev: KeyboardEvent, g: any, frame: Frame) => void} [onKey]
 * @property {(t: Traits) => string} [keyHint] what the keys do, in the game's words ("Press Space
 *   to slap"); by default made from settings.keys (the presenter's action_keys)
 */

/**
 * What the frame gives a game.
 * @typedef {object} Frame
 * @property {(action: Record<string, any>, when?: number) => boolean} act send an act with the
 *   drawn rev (false: ignored, an act is already on its way); in real time it carries the game
 *   time of `when` (a performance.now()-based time such as an event's timeStamp; default now)
 * @property {(msg: object) => void} send
 * @property {() => void} redraw redraw now (after a view-only change)
 * @property {HTMLElement} root
 * @property {{stamp: (t?: number) => number|null, offset: number|null}} clock the view's clock
 */

/**
 * The traits of one redraw (messages.readTraits) plus what the frame derives.
 * @typedef {ReturnType<typeof readTraits> & {names: string[], nameOf: (s: number) => string,
 *   toAct: number[], alive: boolean[], replaying: boolean, touch: boolean}} Traits
 *   (`touch`: a touch screen, see touchScreen: prompts name taps, not keys)
 */

/** The context a windowed list belongs to: a change drops the pages shown above it. */
export function listContext(t) {
  return JSON.stringify([t.seat, Boolean(t.replay.active), t.replay.step ?? null, Boolean(t.settings.reveal), Boolean(t.curtain.up)]);
}

/**
 * Mount a game's view in the shared frame and return anywidget's cleanup function.
 * @param {{model: any, el: HTMLElement, game: Game}} opts
 */
export function mountView({ model, el, game }) {
  const root = h("div", { class: `bw-root ${game.rootClass}` });
  const title = h("h2", { class: "bw-title" });
  const me = h("p", { class: "bw-me-line", "data-testid": "me" });
  // not a page banner (a widget sits inside a notebook or a page that has its own): no landmark
  const header = h("header", { class: "bw-header", role: "none" }, title, me);
  const clock = viewClock({ send: (msg) => model.send(msg) });
  // who has the keys: "Keys: Press Space to slap" on a focused game, "Click to play with keys"
  // when the focus is elsewhere (the notebook keeps its keys then)
  const keysHint = h("p", { class: "bw-keys", "data-testid": "keys-hint", "aria-live": "polite", hidden: true });
  header.append(clock.node, clock.windowNode, keysHint);
  const top = h("div", { class: "bw-top" });
  const side = h("div", { class: "bw-side" });
  const main = h("div", { class: "bw-main" });
  const { panel: logSection, list: logList, head: logHead } = logPanel();
  const seats = seatList();
  root.append(top, main);
  const F = {
    error: keyed(),
    curtain: keyed(),
    banner: keyed(),
    bar: keyed(),
    seatKeys: [], // per seat: the game's extra part's key, its node, the item
    seatExtras: [],
    seatItems: [],
    drawnRev: 0,
    lock: null, // {rev, error, seat, at}: an act sent and not answered yet
    start: keyed(),
    hint: "", // the game's key hint ("" : no keys)
    running: false, // the real-time clock runs (a turn-based game: always)
  };
  const hasFocus = () => {
    const active = root.ownerDocument.activeElement;
    return Boolean(active && root.contains(active));
  };
  // the key indicator, written on every redraw and on every focus change (no redraw then)
  const showKeys = () => {
    const on = Boolean(F.hint) && F.live && F.running;
    if (keysHint.hidden !== !on) keysHint.hidden = !on;
    if (!on) return;
    const focused = hasFocus();
    setText(keysHint, focused ? `Keys: ${F.hint}` : "Click to play with keys");
    setAttr(keysHint, "data-focused", String(focused));
    setAttr(root, "data-keys", focused ? "game" : "page");
  };
  // Start / Resume / I'm ready: the game takes the keyboard focus with it (keys then reach the game)
  const onStart = () => {
    model.send({ type: MSG.START });
    if (root.getAttribute("tabindex") !== null) root.focus({ preventScroll: true });
  };
  let redrawNow = () => {};

  /** @type {Frame} */
  const frame = {
    root,
    clock,
    send: (msg) => model.send(msg),
    redraw: () => redrawNow(),
    act(action, when) {
      // a double click, or a click before the answer came: one act only, until rev or error changes
      const now = Date.now();
      const state = { rev: model.get("rev"), error: JSON.stringify(model.get("error") || {}), seat: model.get("seat") };
      const L = F.lock;
      if (L && L.rev === state.rev && L.error === state.error && L.seat === state.seat && now - L.at < ACT_LOCK_MS) return false;
      F.lock = { ...state, at: now };
      const msg = { type: MSG.ACT, action, rev: F.drawnRev };
      const at = (model.get("clock") || {}).realtime ? clock.stamp(when) : null;
      if (at !== null) msg.at = at;
      model.send(msg);
      return true;
    },
  };
  const logPager = pagedList("log", { send: frame.send, redraw: frame.redraw, label: "log entries" });
  const g = game.setup(frame);

  const draw = () => {
    const traits = readTraits(model);
    const { view, settings, curtain, replay, error, send } = traits;
    const names = settings.names || [];
    /** @type {Traits} */
    const t = {
      ...traits,
      names,
      nameOf: (s) => names[s] ?? `Seat ${s + 1}`,
      toAct: view.over ? [] : view.to_act || [],
      alive: view.alive || [],
      replaying: Boolean(replay.active && replay.step < replay.length),
      touch: touchScreen(),
    };
    setAttr(root, "data-pointer", t.touch ? "coarse" : "fine");
    F.drawnRev = t.rev;
    clock.update(t.clock);
    F.keys = settings.keys || {};
    F.legal = t.legal;
    F.live = !curtain.up && !t.replaying && !view.over;
    F.running = !t.clock.realtime || Boolean(t.clock.running);
    const hasKeys = Object.keys(F.keys).length > 0;
    // a touch screen has no keys to speak of: no hint there (its prompts name taps)
    F.hint = hasKeys && !t.touch ? (game.keyHint ? game.keyHint(t) : defaultKeyHint(F.keys)) : "";
    setAttr(root, "tabindex", hasKeys ? "0" : null);
    // JupyterLab (Lumino) runs no shortcut for a key pressed inside this element: while the
    // game has the focus its keys are its own; everywhere else the notebook's keys work
    setAttr(root, "data-lm-suppress-shortcuts", hasKeys ? "true" : null);
    setAttr(root, "data-clock", t.clock.realtime ? clock.state : null);
    showKeys();
    if (F.lock && (F.lock.rev !== t.rev || F.lock.error !== JSON.stringify(error) || F.lock.seat !== t.seat)) F.lock = null;

    setAttr(root, "data-phase", view.phase ?? null);
    setAttr(root, "data-seat", String(t.seat));
    setAttr(root, "data-curtain", curtain.up ? "up" : "down");
    setAttr(root, "data-reveal", String(Boolean(settings.reveal)));
    if (game.attrs) for (const [name, value] of Object.entries(game.attrs(t))) setAttr(root, name, value);
    setText(title, game.title(t));
    setText(me, settings.reveal ? "Teacher view: every secret is shown." : game.me(t, g));

    // the log (also under the curtain: the public log, kept off screen)
    const { entries, more } = logPager.update(t.log, listContext(t), t.page);
    updateLog(logList, entries);
    setChildren(logSection, [logHead, more, logList]);

    const errorNode = F.error(JSON.stringify(error), () => errorBanner(error, send));

    // the seat bar: one item per seat, patched in place (only what differs is written);
    // a game's extra part of a seat is rebuilt only when its key changed
    const opts = { names, shown: t.seat, toAct: t.toAct, alive: t.alive };
    for (let s = 0; s < names.length; s++) {
      const [extraKey, buildExtra] = game.seat ? game.seat(t, g, s) : ["", () => null];
      if (F.seatKeys[s] !== extraKey || !F.seatItems[s]) {
        F.seatKeys[s] = extraKey;
        F.seatExtras[s] = buildExtra(s);
      }
      if (F.seatItems[s]) patchSeatItem(F.seatItems[s], opts, s, F.seatExtras[s]);
      else F.seatItems[s] = seatItem({ ...opts, extra: () => F.seatExtras[s] }, s);
    }
    for (const list of [F.seatItems, F.seatKeys, F.seatExtras]) list.length = names.length;
    setChildren(seats, F.seatItems);

    // the curtain: nothing else is drawn while it is up (and nothing drawn before is kept)
    const curtainNode = F.curtain(JSON.stringify([curtain, names]), () => curtainPanel(curtain, names, send));
    main.hidden = Boolean(curtainNode);
    if (curtainNode) {
      setChildren(top, [header, errorNode, seats, curtainNode]);
      setChildren(side, []);
      setChildren(main, []);
      if (game.reset) game.reset(g);
      return;
    }

    const [bannerKey, buildBanner] = statusBanner(view, replay, t.nameOf);
    const banner = F.banner(bannerKey, buildBanner);
    // real time: a game that waits for a person says so, with its Start / Resume / I'm ready
    const state = t.clock.realtime && F.live ? clock.state : "";
    const startKey = WAITING.has(state) ? JSON.stringify([state, t.seat, t.clock.ready || [], settings.humans || [], F.hint, t.touch]) : "";
    const start = F.start(startKey, () =>
      startKey ? startPanel(state, { seat: t.seat, ready: t.clock.ready || [], humans: settings.humans || [], hint: F.hint, touch: t.touch, onStart }) : null,
    );
    // (a real-time game's paused bots are started by the Start panel, not "Let the bots play")
    const runBots = Boolean(settings.paused && !t.clock.realtime);
    const bar = F.bar(JSON.stringify([replay, Boolean(settings.teacher), Boolean(settings.reveal), runBots]), () => {
      const items = [
        replayControl(replay, send),
        settings.teacher ? revealToggle(Boolean(settings.reveal), send) : null,
        runBots ? liveButton({ testid: "run-bots", label: "Let the bots play", onclick: () => send({ type: MSG.RUN_BOTS }) }) : null,
      ].filter(Boolean);
      return items.length ? h("div", { class: "bw-replay-bar" }, items) : null;
    });

    const panels = game.panels(t, g) || {};
    setChildren(top, [header, errorNode, seats, banner, start, bar, panels.top || []]);
    setChildren(side, [panels.side || [], logSection]);
    setChildren(main, [panels.main || [], side]);
  };

  const focusOrder = [
    '[data-testid="lift-curtain"]',
    '[data-testid="start"]',
    ...(game.focusOrder || []),
    '[data-testid="replay-back"]:not([disabled])',
    '[data-testid="run-bots"]',
  ];
  // keyboard shortcuts (settings.keys: key -> action type): the first legal action of that
  // type, stamped with the key press's own time
  // A game key (settings.keys) on a live game never reaches the page around it (JupyterLab's
  // command mode, a scrolling page), legal now or not; other keys go to the game's own onKey,
  // and on to the page when the game does not take them. Escape hands the keys back.
  const onKey = (ev) => {
    const type = F.keys && Object.prototype.hasOwnProperty.call(F.keys, ev.key) ? F.keys[ev.key] : null;
    const plain = !ev.ctrlKey && !ev.metaKey && !ev.altKey;
    if (type !== null && F.live && plain) {
      ev.preventDefault();
      ev.stopPropagation();
      const action = ev.repeat ? null : (F.legal || []).find((a) => a.type === type);
      if (action) frame.act(action, ev.timeStamp);
      return;
    }
    if (game.onKey) game.onKey(ev, g, frame); // (before Start the kernel answers in words: press Start)
    if (ev.defaultPrevented) {
      ev.stopPropagation();
      return;
    }
    if (ev.key === "Escape" && plain && ev.target === root) root.blur();
  };
  const onFocus = () => showKeys();
  root.addEventListener("focusin", onFocus);
  root.addEventListener("focusout", () => setTimeout(showKeys, 0));
  // real time: tell the kernel whether this view is on screen (a notebook widget pauses when
  // none of its views is; it resumes with Resume, never by itself)
  let onScreen = false; // the last answer sent
  const stopWatching = watchVisibility(root, (on) => {
    if (!(model.get("clock") || {}).realtime) return;
    onScreen = on;
    model.send({ type: MSG.VISIBLE, id: clock.viewId, on });
  });
  const cleanup = renderLoop({
    model,
    el,
    root,
    logList,
    draw,
    setRedraw: (fn) => (redrawNow = fn),
    focusOrder,
    onKey,
  });
  // a tablet docked to a keyboard (or a phone's emulation turned off) changes its pointer: redraw
  const pointer = typeof matchMedia === "function" ? matchMedia("(pointer: coarse)") : null;
  const onPointer = () => redrawNow();
  if (pointer && pointer.addEventListener) pointer.addEventListener("change", onPointer);
  return () => {
    if (pointer && pointer.removeEventListener) pointer.removeEventListener("change", onPointer);
    clock.stop();
    stopWatching();
    // a view taken away (the output cleared, the notebook's windowing) is no longer on screen
    if (onScreen) {
      try {
        model.send({ type: MSG.VISIBLE, id: clock.viewId, on: false });
      } catch {
        // the model is closed with the view: nothing to tell
      }
    }
    root.removeEventListener("focusin", onFocus);
    cleanup();
  };
}

/**
 * An anywidget module for a game: `export default view(game)`.
 * @param {Game} game
 */
export function view(game) {
  return { render: ({ model, el }) => mountView({ model, el, game }) };
}
