// Real time waits for the class (issue 25 items 1, 2 and the split countdown of item 4):
// the offset is measured from a running clock only (and again after a pause), two
// countdowns (the game's, and the window's with its label), the on-screen watcher, the
// Start / Resume / I'm ready panel that gives the game the keys, and the key indicator.
import { afterEach, describe, expect, it, vi } from "vitest";
import generic from "../src/generic.js";
import { formatLeft, viewClock, watchVisibility } from "../src/clock.js";
import { defaultKeyHint, startPanel } from "../src/frame.js";
import { MSG } from "../src/messages.js";
import { mounter, tick } from "./fake_model.js";
import { compactLegal } from "./compact.js";

const G = mounter(generic, ".bw-generic");
afterEach(() => {
  G.unmountAll();
  vi.unstubAllGlobals();
});

function fakeTimers() {
  const timers = new Map();
  let next = 1;
  return {
    timers,
    setInterval: (fn, ms) => {
      timers.set(next, { fn, ms });
      return next++;
    },
    clearInterval: (id) => timers.delete(id),
  };
}

/** A stand-in IntersectionObserver: `fire(entry)` calls every live observer. */
function fakeIO() {
  const live = new Set();
  class IO {
    constructor(cb, opts) {
      this.cb = cb;
      this.opts = opts;
      live.add(this);
    }
    observe(el) {
      this.el = el;
    }
    disconnect() {
      live.delete(this);
    }
  }
  const fire = (entry) => {
    for (const o of live) o.cb([{ isIntersecting: true, intersectionRatio: 1, intersectionRect: { height: 500 }, ...entry }]);
  };
  return { IO, live, fire };
}

describe("the countdowns", () => {
  it("formats minutes for the game and tenths for a window", () => {
    expect(formatLeft(300000)).toBe("5:00");
    expect(formatLeft(298001)).toBe("4:59");
    expect(formatLeft(60000)).toBe("1:00");
    expect(formatLeft(59900)).toBe("59.9 s");
    expect(formatLeft(700)).toBe("0.7 s");
  });

  it("shows the game's time left and, apart and labelled, the window's", () => {
    const T = fakeTimers();
    let perf = 0;
    const c = viewClock({ send: () => {}, now: () => perf, ...T });
    const base = { realtime: true, running: true, state: "running", end: 300000, window: null, label: "" };
    c.update({ ...base, now: 2000, deadline: 300000, sync: c.id }); // offset 2000
    expect(c.node.textContent).toBe("4:58");
    expect(c.windowNode.hidden).toBe(true);
    c.update({ ...base, now: 2000, deadline: 2700, window: 2700, label: "Hunt", sync: c.id });
    expect(c.node.textContent).toBe("4:58"); // the game's countdown does not jump to the window's
    expect(c.windowNode.hidden).toBe(false);
    expect(c.windowNode.textContent).toBe("Hunt: 0.7 s");
    expect(c.windowNode.getAttribute("aria-label")).toBe("Hunt: 0.7 seconds left");
    perf = 1000;
    [...T.timers.values()][0].fn();
    expect(c.windowNode.textContent).toBe("Hunt: 0.0 s");
    expect(c.node.textContent).toBe("4:57");
    c.update({ ...base, now: 3000, deadline: 300000, sync: c.id }); // the window closed
    expect(c.windowNode.hidden).toBe(true);
    c.stop();
  });

  it("without a game limit, the next deadline is the one countdown (as before)", () => {
    const c = viewClock({ send: () => {}, now: () => 0, ...fakeTimers() });
    c.update({ realtime: true, running: true, now: 1000, deadline: 2500, end: null, window: 2500, label: "", sync: c.id });
    expect(c.node.textContent).toBe("1.5 s");
    expect(c.windowNode.hidden).toBe(true);
    c.stop();
  });
});

describe("the offset, with Start and pauses", () => {
  it("is measured from a running clock only, and again after a pause", () => {
    const sent = [];
    let perf = 100;
    const c = viewClock({ send: (m) => sent.push(m), now: () => perf, ...fakeTimers() });
    const first = c.id;
    c.update({ realtime: true, running: false, state: "waiting", now: 0, deadline: 300000, sync: first });
    expect(c.offset).toBeNull(); // game time stands still before Start: nothing to measure
    expect(c.state).toBe("waiting");
    perf = 5000; // the person read for a while, then pressed Start
    c.update({ realtime: true, running: true, state: "running", now: 0, deadline: 300000, sync: first });
    expect(c.offset).toBe(-5000);
    expect(c.stamp(5400)).toBe(400);
    perf = 9000;
    c.update({ realtime: true, running: false, state: "paused", now: 4000, deadline: 300000, sync: first });
    expect(c.offset).toBeNull();
    expect(c.stamp()).toBeNull();
    perf = 20000; // resumed 11 s later: game time goes on from 4000
    c.update({ realtime: true, running: true, state: "running", now: 4000, deadline: 300000, sync: first });
    expect(c.offset).toBeNull(); // an answer to the old request: wait for the new one
    expect(sent.map((m) => m.type)).toEqual([MSG.CLOCK, MSG.CLOCK]);
    expect(sent[1].id).not.toBe(first);
    expect(c.id).toBe(sent[1].id);
    expect(c.viewId).toBe(first); // the view's own id stays (its visibility reports)
    c.update({ realtime: true, running: true, state: "running", now: 4010, deadline: 300000, sync: sent[1].id });
    expect(c.offset).toBe(4010 - 20000);
    c.stop();
  });
});

describe("watchVisibility", () => {
  it("reports on screen and off screen, only changes, and a hidden page", () => {
    const { IO, fire, live } = fakeIO();
    const el = document.createElement("div");
    const seen = [];
    const stop = watchVisibility(el, (on) => seen.push(on), { IntersectionObserver: IO });
    fire({});
    fire({ intersectionRatio: 0.9 });
    fire({ intersectionRatio: 0.1, intersectionRect: { height: 30 } }); // a sliver: off screen
    fire({ isIntersecting: false, intersectionRatio: 0, intersectionRect: { height: 0 } });
    fire({ intersectionRatio: 0.1, intersectionRect: { height: 400 } }); // a tall widget, 400 px of it
    expect(seen).toEqual([true, false, true]);
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
    Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
    expect(seen).toEqual([true, false, true, false, true]);
    stop();
    expect(live.size).toBe(0);
    delete document.visibilityState;
  });

  it("reports nothing without an IntersectionObserver", () => {
    const seen = [];
    const stop = watchVisibility(document.createElement("div"), (on) => seen.push(on), { IntersectionObserver: undefined });
    stop();
    expect(seen).toEqual([]);
  });
});

describe("the Start panel and the keys", () => {
  const snap = {
    seat: 0,
    view: { game: "toy_snap", to_act: [], top: 5, clock: 0, deadline: 1000 },
    legal: compactLegal([{ type: "slap" }]),
    log_lines: [],
    error: {},
    curtain: { up: false, seat: -1 },
    settings: { game: "toy_snap", names: ["Ann", "Bot"], mode: "bots", humans: [0], teacher: false, paused: true, keys: { " ": "slap", t: "take_back" } },
    content: {},
    replay: { step: 0, length: 0, active: false },
    rev: 0,
    page: {},
    clock: { realtime: true, now: 0, deadline: 1000, end: null, window: 1000, label: "", running: false, state: "waiting", ready: [], lag: 250, sync: "" },
  };
  const mount = (tweak = (s) => s) => G.mount("roll", () => tweak(structuredClone(snap)));

  it("names the keys from the game's keys", () => {
    expect(defaultKeyHint({ " ": "slap", t: "take_back", Backspace: "take_back" })).toBe("Press Space to slap, T to take back");
    expect(defaultKeyHint({})).toBe("");
  });

  it("waits for Start, which starts the game and gives it the keys", async () => {
    const m = mount();
    await tick();
    expect(m.$("start-panel").getAttribute("data-state")).toBe("waiting");
    expect(m.$("start").textContent).toContain("Start");
    expect(m.$("start-panel").textContent).toContain("Press Space to slap");
    expect(m.root.getAttribute("data-lm-suppress-shortcuts")).toBe("true");
    expect(m.root.getAttribute("data-clock")).toBe("waiting");
    expect(m.$("run-bots")).toBeNull(); // the Start panel replaces "Let the bots play" in real time
    expect(m.$("keys-hint").hidden).toBe(true); // no key talk before the game runs
    m.$("start").click();
    expect(m.model.sent.filter((x) => x.type === MSG.START)).toEqual([{ type: MSG.START }]);
    expect(document.activeElement).toBe(m.root); // the game took the focus with Start
    m.model.update({ clock: { ...snap.clock, running: true, state: "running" }, settings: { ...snap.settings, paused: false } });
    await tick();
    expect(m.$("start-panel")).toBeNull();
    expect(m.$("keys-hint").hidden).toBe(false);
    expect(m.$("keys-hint").textContent).toBe("Keys: Press Space to slap, T to take back");
    expect(m.root.getAttribute("data-keys")).toBe("game");
    m.root.blur();
    await new Promise((r) => setTimeout(r, 5));
    expect(m.$("keys-hint").textContent).toBe("Click to play with keys");
    expect(m.root.getAttribute("data-keys")).toBe("page");
  });

  it("keeps the game's keys from the page while focused; Escape gives them back", async () => {
    const m = mount((s) => ({ ...s, clock: { ...s.clock, running: true, state: "running" } }));
    await tick();
    m.root.focus();
    const outside = [];
    document.body.addEventListener("keydown", (ev) => outside.push(ev.key));
    const press = (key) => {
      const ev = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true });
      m.root.dispatchEvent(ev);
      return ev;
    };
    expect(press("t").defaultPrevented).toBe(true); // a game key, not legal now: still the game's
    expect(press("1").defaultPrevented).toBe(false); // not a game key: the page's
    expect(outside).toEqual(["1"]);
    press("Escape");
    expect(document.activeElement).not.toBe(m.root);
  });

  it("shows Resume when paused, and the room's ready count", async () => {
    const p = mount((s) => ({ ...s, clock: { ...s.clock, state: "paused" } }));
    await tick();
    expect(p.$("start-panel").getAttribute("data-state")).toBe("paused");
    expect(p.$("start").textContent).toContain("Resume");
    const r = mount((s) => ({ ...s, settings: { ...s.settings, humans: [0, 1] }, clock: { ...s.clock, state: "table", ready: [1] } }));
    await tick();
    expect(r.$("start-panel").textContent).toContain("1 of 2 ready");
    expect(r.$("start").textContent).toContain("I'm ready");
    r.model.update({ clock: { ...r.model.get("clock"), ready: [0, 1] } });
    await tick();
    expect(r.$("start")).toBeNull(); // ready: nothing more to press
    expect(r.$("start-panel").textContent).toContain("You are ready (2 of 2 ready)");
    const w = startPanel("table", { seat: -1, ready: [], humans: [0, 1], hint: "", onStart: () => {} });
    expect(w.textContent).toContain("The teacher starts the game (0 of 2 ready)");
    expect(w.querySelector("button")).toBeNull();
  });

  it("names taps, not key presses, on a touch screen", () => {
    const none = () => {};
    const solo = startPanel("waiting", { seat: 0, ready: [], humans: [0], hint: "", touch: true, onStart: none });
    expect(solo.textContent).toContain("The clock starts when you tap Start.");
    const seat = startPanel("table", { seat: 0, ready: [], humans: [0, 1], hint: "", touch: true, onStart: none });
    expect(seat.textContent).toContain("Tap I'm ready when you are (0 of 2 ready)");
    for (const p of [solo, seat]) expect(p.textContent).not.toMatch(/press/i);
    const laptop = startPanel("waiting", { seat: 0, ready: [], humans: [0], hint: "", onStart: none });
    expect(laptop.textContent).toContain("The clock starts when you press Start.");
  });

  it("draws no panel and sends nothing for a turn-based game", async () => {
    const m = mount((s) => {
      s.clock = { realtime: false };
      s.settings.paused = false;
      delete s.settings.keys;
      return s;
    });
    await tick();
    expect(m.$("start-panel")).toBeNull();
    expect(m.root.getAttribute("data-lm-suppress-shortcuts")).toBeNull();
    expect(m.model.sent).toEqual([]);
  });

  it("tells the kernel when it leaves the screen and comes back", async () => {
    const { IO, fire } = fakeIO();
    vi.stubGlobal("IntersectionObserver", IO);
    const m = mount();
    await tick();
    fire({});
    fire({ isIntersecting: false, intersectionRatio: 0, intersectionRect: { height: 0 } });
    const vis = m.model.sent.filter((x) => x.type === MSG.VISIBLE);
    const id = m.model.sent.find((x) => x.type === MSG.CLOCK).id;
    expect(vis).toEqual([
      { type: MSG.VISIBLE, id, on: true },
      { type: MSG.VISIBLE, id, on: false },
    ]);
    m.cleanup();
    fire({}); // after the cleanup: nothing more
    expect(m.model.sent.filter((x) => x.type === MSG.VISIBLE)).toHaveLength(2);
  });

  it("says it left the screen when the view is taken away while on screen", async () => {
    const { IO, fire } = fakeIO();
    vi.stubGlobal("IntersectionObserver", IO);
    const m = mount();
    await tick();
    fire({});
    m.cleanup();
    expect(m.model.sent.filter((x) => x.type === MSG.VISIBLE).map((x) => x.on)).toEqual([true, false]);
  });
});
