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
import { viewClock } from "./clock.js";

export { MSG, expandLegal, readTraits } from "./messages.js";
export * from "./dom.js";
export { pagedList } from "./paged.js";
export { viewClock } from "./clock.js";

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
  header.append(clock.node);
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
    setAttr(root, "tabindex", Object.keys(F.keys).length ? "0" : null);
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
    const bar = F.bar(JSON.stringify([replay, Boolean(settings.teacher), Boolean(settings.reveal), Boolean(settings.paused)]), () => {
      const items = [
        replayControl(replay, send),
        settings.teacher ? revealToggle(Boolean(settings.reveal), send) : null,
        settings.paused
          ? liveButton({ testid: "run-bots", label: "Let the bots play", onclick: () => send({ type: MSG.RUN_BOTS }) })
          : null,
      ].filter(Boolean);
      return items.length ? h("div", { class: "bw-replay-bar" }, items) : null;
    });

    const panels = game.panels(t, g) || {};
    setChildren(top, [header, errorNode, seats, banner, bar, panels.top || []]);
    setChildren(side, [panels.side || [], logSection]);
    setChildren(main, [panels.main || [], side]);
  };

  const focusOrder = [
    '[data-testid="lift-curtain"]',
    ...(game.focusOrder || []),
    '[data-testid="replay-back"]:not([disabled])',
    '[data-testid="run-bots"]',
  ];
  // keyboard shortcuts (settings.keys: key -> action type): the first legal action of that
  // type, stamped with the key press's own time
  const onKey = (ev) => {
    const type = F.keys && Object.prototype.hasOwnProperty.call(F.keys, ev.key) ? F.keys[ev.key] : null;
    if (type !== null && F.live && !ev.repeat && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
      const action = (F.legal || []).find((a) => a.type === type);
      if (action) {
        ev.preventDefault();
        ev.stopPropagation();
        frame.act(action, ev.timeStamp);
        return;
      }
    }
    if (game.onKey) game.onKey(ev, g, frame);
  };
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
