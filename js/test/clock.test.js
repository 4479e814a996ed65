// The view's clock (issue 8): the offset measured once from the kernel's answer,
// stamps in game time, the countdown ticker that stops with the view's cleanup,
// and keyboard shortcuts that act in real time. A turn-based game's view sends
// nothing and starts no timer.
import { afterEach, describe, expect, it, vi } from "vitest";
import generic from "../src/generic.js";
import { viewClock, TICK_MS } from "../src/clock.js";
import { MSG } from "../src/messages.js";
import { mounter, tick } from "./fake_model.js";
import { compactLegal } from "./compact.js";

const G = mounter(generic, ".bw-generic");
afterEach(() => {
  G.unmountAll();
  vi.useRealTimers();
  vi.restoreAllMocks();
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

describe("viewClock", () => {
  it("does nothing for a turn-based game", () => {
    const sent = [];
    const T = fakeTimers();
    const c = viewClock({ send: (m) => sent.push(m), now: () => 100, ...T });
    c.update({ realtime: false });
    c.update({ realtime: false });
    expect(sent).toEqual([]);
    expect(T.timers.size).toBe(0);
    expect(c.node.hidden).toBe(true);
    expect(c.stamp(50)).toBeNull();
  });

  it("asks for the time once and measures its offset from its own answer only", () => {
    const sent = [];
    const T = fakeTimers();
    let perf = 1000;
    const c = viewClock({ send: (m) => sent.push(m), now: () => perf, ...T });
    c.update({ realtime: true, now: 0, deadline: null, running: false, sync: "" });
    c.update({ realtime: true, now: 0, deadline: null, running: false, sync: "" });
    expect(sent).toEqual([{ type: MSG.CLOCK, id: c.id }]);
    expect(c.offset).toBeNull();
    expect(c.stamp()).toBeNull(); // no stamp before the offset is known
    perf = 1200;
    c.update({ realtime: true, now: 5000, deadline: 6000, running: true, sync: "another-view" });
    expect(c.offset).toBeNull(); // another view's answer
    perf = 1300;
    c.update({ realtime: true, now: 7000, deadline: 9000, running: true, sync: c.id });
    expect(c.offset).toBe(7000 - 1300);
    perf = 1900;
    c.update({ realtime: true, now: 99999, deadline: 9000, running: true, sync: c.id });
    expect(c.offset).toBe(7000 - 1300); // measured once, when the view started
    expect(c.stamp()).toBe(1900 + 5700);
    expect(c.stamp(1850.5)).toBe(1850.5 + 5700); // an event's own time (a key press)
    expect(c.stamp(-1e9)).toBe(1900 + 5700); // a time on another base: now
  });

  it("shows the time left to the deadline, ticks, and stops with stop()", () => {
    const T = fakeTimers();
    let perf = 0;
    const c = viewClock({ send: () => {}, now: () => perf, ...T });
    c.update({ realtime: true, now: 1000, deadline: 2500, running: true, sync: "" });
    c.update({ realtime: true, now: 1000, deadline: 2500, running: true, sync: c.id }); // offset 1000
    expect(T.timers.size).toBe(1);
    const [timer] = [...T.timers.values()];
    expect(timer.ms).toBe(TICK_MS);
    expect(c.node.hidden).toBe(false);
    expect(c.node.textContent).toBe("1.5 s");
    perf = 700;
    timer.fn();
    expect(c.node.textContent).toBe("0.8 s");
    expect(c.node.getAttribute("data-left")).toBe("800");
    perf = 5000;
    timer.fn();
    expect(c.node.textContent).toBe("0.0 s"); // never negative
    c.update({ realtime: true, now: 6000, deadline: null, running: true, sync: c.id });
    expect(c.node.hidden).toBe(true); // no deadline: nothing to count down
    c.update({ realtime: true, now: 6000, deadline: 9000, running: false, sync: c.id });
    expect(c.node.hidden).toBe(true); // the clock is not running
    c.stop();
    expect(T.timers.size).toBe(0);
  });

  it("labels the one countdown of a game without a time limit with its window's name", () => {
    const T = fakeTimers();
    const c = viewClock({ send: () => {}, now: () => 0, ...T });
    const gossip = { realtime: true, now: 1000, deadline: 11000, end: null, window: 11000, label: "Gossip", running: true };
    c.update({ ...gossip, sync: "" });
    c.update({ ...gossip, sync: c.id });
    expect(c.node.textContent).toBe("Gossip: 10.0 s");
    expect(c.node.getAttribute("aria-label")).toBe("Gossip: 10.0 seconds left");
    expect(c.windowNode.hidden).toBe(true); // one countdown, not two
    c.update({ ...gossip, window: null, label: "", deadline: 4000, sync: c.id });
    expect(c.node.textContent).toBe("3.0 s"); // a deadline that is no named window: unlabelled
    c.stop();
  });

  it("writes nothing to the page on a tick that changes nothing", async () => {
    const T = fakeTimers();
    const c = viewClock({ send: () => {}, now: () => 1000, ...T });
    document.body.append(c.node);
    c.update({ realtime: true, now: 0, deadline: null, running: false, sync: c.id });
    const [timer] = T.timers.values();
    const records = [];
    const obs = new MutationObserver((r) => records.push(...r));
    obs.observe(c.node, { attributes: true, childList: true, characterData: true, subtree: true });
    for (let i = 0; i < 5; i++) timer.fn(); // hidden, and hidden it stays
    await Promise.resolve();
    expect(records).toEqual([]);
    c.update({ realtime: true, now: 1000, deadline: 3000, running: true, sync: c.id });
    await Promise.resolve();
    const shown = records.length;
    expect(shown).toBeGreaterThan(0); // shown, with its text
    timer.fn(); // the same time left: the same text, nothing written
    await Promise.resolve();
    expect(records.length).toBe(shown);
    obs.disconnect();
    c.node.remove();
    c.stop();
  });
});

describe("the frame in real time", () => {
  const snap = {
    seat: 0,
    view: { game: "toy_snap", to_act: [], top: 5, clock: 3000, deadline: 5000 },
    legal: compactLegal([{ type: "slap" }]),
    log_lines: [{ i: 0, type: "window_opened", step: 2, text: "Snap!" }],
    error: {},
    curtain: { up: false, seat: -1 },
    settings: { game: "toy_snap", names: ["Ann", "Bot"], mode: "bots", humans: [0], teacher: false, paused: false, keys: { " ": "slap" } },
    content: {},
    replay: { step: 3, length: 3, active: false },
    rev: 4,
    page: {},
    clock: { realtime: true, now: 3250, deadline: 5000, running: true, lag: 250, sync: "" },
  };
  const clockMsg = (m) => m.model.sent.find((x) => x.type === MSG.CLOCK);
  const answer = (m, now = 3300) => m.model.update({ clock: { ...snap.clock, now, sync: clockMsg(m).id } });

  it("asks for the time on render, then stamps every act with game time", async () => {
    const m = G.mount("roll", () => structuredClone(snap));
    expect(clockMsg(m)).toEqual({ type: MSG.CLOCK, id: expect.any(String) });
    answer(m);
    await tick();
    m.$("action-0").click();
    const act = m.model.sent.find((x) => x.type === MSG.ACT);
    expect(act).toMatchObject({ type: MSG.ACT, action: { type: "slap" }, rev: 4 });
    expect(typeof act.at).toBe("number");
    expect(act.at).toBeGreaterThanOrEqual(3300);
    expect(act.at).toBeLessThan(3300 + 1000); // game time as this screen sees it, not the browser's
  });

  it("acts by keyboard with the key press's own time, once per rev", async () => {
    const m = G.mount("roll", () => structuredClone(snap));
    answer(m);
    await tick();
    expect(m.root.getAttribute("tabindex")).toBe("0");
    const press = () => {
      const ev = new KeyboardEvent("keydown", { key: " ", bubbles: true, cancelable: true });
      m.root.dispatchEvent(ev);
      return ev;
    };
    const ev = press();
    expect(ev.defaultPrevented).toBe(true);
    press(); // a second press before the answer: one act
    const acts = m.model.sent.filter((x) => x.type === MSG.ACT);
    expect(acts).toHaveLength(1);
    expect(acts[0].action).toEqual({ type: "slap" });
    expect(typeof acts[0].at).toBe("number");
    m.model.update({ rev: 5, legal: [] });
    await tick();
    const other = press(); // nothing legal of that type: no act, but the key stays the game's
    expect(other.defaultPrevented).toBe(true); // (a Space would scroll the notebook otherwise)
    expect(m.model.sent.filter((x) => x.type === MSG.ACT)).toHaveLength(1);
  });

  it("takes no key under the curtain, and none in a turn-based game", async () => {
    const m = G.mount("roll", () => ({ ...structuredClone(snap), curtain: { up: true, seat: 0 } }));
    answer(m);
    await tick();
    m.root.dispatchEvent(new KeyboardEvent("keydown", { key: " ", bubbles: true, cancelable: true }));
    expect(m.model.sent.filter((x) => x.type === MSG.ACT)).toHaveLength(0);
    const t = G.mount("roll", () => {
      const s = structuredClone(snap);
      delete s.settings.keys;
      s.clock = { realtime: false };
      return s;
    });
    expect(t.root.getAttribute("tabindex")).toBeNull();
    expect(t.model.sent).toEqual([]); // no clock message either
    t.$("action-0").click();
    expect(t.model.sent).toEqual([{ type: MSG.ACT, action: { type: "slap" }, rev: 4 }]); // no stamp
  });

  it("stops its ticker when the view is cleaned up", async () => {
    const cleared = vi.spyOn(globalThis, "clearInterval");
    const m = G.mount("roll", () => structuredClone(snap));
    answer(m);
    await tick();
    expect(m.$("clock").hidden).toBe(false);
    expect(m.$("clock").textContent).toMatch(/^\d+\.\d s$/);
    m.cleanup();
    expect(cleared).toHaveBeenCalled();
  });
});
