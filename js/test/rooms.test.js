// The rooms pages' side (js/src/rooms.js, served as /assets/rooms.js): the model shim the
// game views run behind, the socket that reconnects by itself, the "online" status that
// waits for the fresh view after a reconnect, and the seat taken over by another device.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import costume from "../../brady_widgets/costume_party/view.js";
import { MSG } from "../src/messages.js";
import { CLOSE_TAKEN_OVER, Model, PONG_WAIT_MS, QUIET_MS, connect, screen } from "../src/rooms.js";
import { fixture } from "./fake_model.js";

/** A WebSocket the test opens, feeds and drops by hand. */
class FakeSocket {
  static all = [];
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    this.closedByPage = false;
    FakeSocket.all.push(this);
  }
  send(text) { this.sent.push(JSON.parse(text)); }
  close() { this.closedByPage = true; this.readyState = 3; }
  // the test's side
  open() { this.readyState = 1; this.onopen(); }
  receive(frame) { this.onmessage({ data: typeof frame === "string" ? frame : JSON.stringify(frame) }); }
  drop(code = 1006) { this.readyState = 3; this.onclose({ code }); }
}
const last = () => FakeSocket.all[FakeSocket.all.length - 1];
const flush = async () => { for (let i = 0; i < 5; i++) await Promise.resolve(); };

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.textContent = "";
});

describe("Model: the shim a view cannot tell from anywidget's", () => {
  it("get, on/off per trait, and send hands the intent on", () => {
    const sent = [];
    const m = new Model((msg) => sent.push(msg));
    expect(m.get("view")).toBeUndefined();
    const seen = [];
    const onView = () => seen.push(["view", m.get("view"), m.get("seat")]);
    m.on("change:view", onView);
    m.on("change:seat", () => seen.push(["seat", m.get("seat")]));
    m.update({ view: { a: 1 }, seat: 2 });
    // every key of an update is set before any handler runs: a handler sees the whole update
    expect(seen).toEqual([["view", { a: 1 }, 2], ["seat", 2]]);
    m.update({ legal: [] }); // no handler for it: nothing runs
    expect(seen.length).toBe(2);
    m.off("change:view", onView);
    m.update({ view: { a: 2 } });
    expect(seen.length).toBe(2);
    m.off("change:seat");
    m.update({ seat: 3 });
    expect(seen.length).toBe(2);
    m.send({ type: MSG.CLEAR_ERROR });
    expect(sent).toEqual([{ type: MSG.CLEAR_ERROR }]);
  });

  it("off() with no event drops every handler; a handler may remove itself while it runs", () => {
    const m = new Model(() => {});
    const calls = [];
    const once = () => { calls.push("once"); m.off("change:x", once); };
    m.on("change:x", once);
    m.on("change:x", () => calls.push("always"));
    m.update({ x: 1 });
    m.update({ x: 2 });
    expect(calls).toEqual(["once", "always", "always"]);
    m.off();
    m.update({ x: 3 });
    expect(calls.length).toBe(3);
  });
});

describe("connect: one socket to /ws that reconnects", () => {
  it("says hello and 'online' on every open, and sends only while open", () => {
    const status = [];
    let hellos = 0;
    const c = connect({ onFrame: () => {}, hello: () => hellos++, onStatus: (s) => status.push(s) });
    expect(last().url).toBe(`ws://${location.host}/ws`);
    expect(c.send({ op: "x" })).toBe(false); // not open yet: nothing queued behind the page's back
    last().open();
    expect([hellos, status]).toEqual([1, ["online"]]);
    expect(c.send({ op: "x" })).toBe(true);
    expect(last().sent).toEqual([{ op: "x" }]);
  });

  it("passes frames on and skips what is not JSON", () => {
    const frames = [];
    connect({ onFrame: (f) => frames.push(f), hello: () => {} });
    last().open();
    last().receive("not json");
    last().receive({ op: "error", code: "x" });
    expect(frames).toEqual([{ op: "error", code: "x" }]);
  });

  it("a dropped connection reconnects after 0.25 s, doubling to 4 s, and back to 0.25 s once open", () => {
    const status = [];
    connect({ onFrame: () => {}, hello: () => {}, onStatus: (s) => status.push(s) });
    last().open();
    const waits = [];
    for (let k = 0; k < 7; k++) {
      const before = FakeSocket.all.length;
      last().drop();
      let waited = 0;
      while (FakeSocket.all.length === before) { vi.advanceTimersByTime(250); waited += 250; }
      waits.push(waited);
    }
    expect(waits).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000]);
    expect(status.slice(0, 2)).toEqual(["online", "offline"]);
    last().open();
    last().drop();
    vi.advanceTimersByTime(250);
    expect(FakeSocket.all.length).toBe(9);
  });

  it(`a seat taken over by another device (close ${CLOSE_TAKEN_OVER}) is "moved" and never reconnects`, () => {
    const status = [];
    connect({ onFrame: () => {}, hello: () => {}, onStatus: (s) => status.push(s) });
    last().open();
    last().drop(CLOSE_TAKEN_OVER);
    vi.advanceTimersByTime(60_000);
    expect(status).toEqual(["online", "moved"]);
    expect(FakeSocket.all.length).toBe(1);
  });

  it("a quiet connection is pinged; one that answers stays, with the pong kept from the page", () => {
    const frames = [];
    const status = [];
    connect({ onFrame: (f) => frames.push(f), hello: () => {}, onStatus: (s) => status.push(s) });
    last().open();
    vi.advanceTimersByTime(QUIET_MS - 1000);
    expect(last().sent).toEqual([]); // frames came recently enough: no ping yet
    vi.advanceTimersByTime(1000);
    expect(last().sent).toEqual([{ op: "ping" }]);
    vi.advanceTimersByTime(PONG_WAIT_MS - 1000);
    last().receive({ op: "pong" });
    vi.advanceTimersByTime(PONG_WAIT_MS);
    expect(frames).toEqual([]); // the pong is the socket's business, not the view's
    expect([FakeSocket.all.length, status]).toEqual([1, ["online"]]);
    // any frame counts as a sign of life: a busy table is never pinged
    for (let k = 0; k < 10; k++) { last().receive({ op: "state", state: {} }); vi.advanceTimersByTime(QUIET_MS - 1000); }
    expect(last().sent).toEqual([{ op: "ping" }]);
    expect(frames.length).toBe(10);
  });

  it("a connection that died without a close is dropped and replaced once nothing answers the ping", () => {
    const status = [];
    let hellos = 0;
    connect({ onFrame: () => {}, hello: () => hellos++, onStatus: (s) => status.push(s) });
    const dead = last();
    dead.open();
    vi.advanceTimersByTime(QUIET_MS + PONG_WAIT_MS - 1000);
    expect(FakeSocket.all.length).toBe(1); // pinged, still within the wait
    vi.advanceTimersByTime(1000 + 250);
    expect(dead.closedByPage).toBe(true);
    expect(FakeSocket.all.length).toBe(2); // reconnected after the first 0.25 s pause
    expect(status).toEqual(["online", "offline"]);
    last().open();
    expect([hellos, status]).toEqual([2, ["online", "offline", "online"]]);
    // the dead socket's late close reaches nobody: no second reconnect
    dead.onclose?.({ code: 1006 });
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.all.length).toBe(2);
  });

  it("a page that closed its connection pings nothing", () => {
    const c = connect({ onFrame: () => {}, hello: () => {} });
    last().open();
    c.close();
    vi.advanceTimersByTime(10 * QUIET_MS);
    expect(last().sent).toEqual([]);
  });

  it("close() from the page does not reconnect", () => {
    const c = connect({ onFrame: () => {}, hello: () => {} });
    last().open();
    c.close();
    expect(last().closedByPage).toBe(true);
    last().drop(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all.length).toBe(1);
  });
});

/** A screen whose views are stand-ins the test resolves by hand. */
function page(options = {}) {
  const el = document.createElement("div");
  document.body.append(el);
  const mounts = [];
  const status = [];
  const frames = [];
  const mount = (into, model, game) => new Promise((resolve) => {
    const rec = { game, model, cleaned: 0 };
    rec.done = () => { into.textContent = `view of ${game}`; resolve(() => { rec.cleaned++; }); };
    mounts.push(rec);
  });
  const hello = options.hello || ((conn) => conn.send({ op: "resume", token: "t" }));
  const s = screen(el, { hello, mount, onStatus: (x) => status.push(x), onFrame: (f) => frames.push(f) });
  return { el, s, mounts, status, frames };
}
const state = (game = "costume_party", extra = {}) => ({ op: "state", state: { settings: { game }, seat: 0, view: {}, ...extra } });

describe("screen: the view, the intents and the status of one device", () => {
  it("mounts the game's view on the first state, and numbers the intents the view sends", async () => {
    const p = page();
    last().open();
    expect(last().sent).toEqual([{ op: "resume", token: "t" }]);
    expect(p.status).toEqual(["online"]); // the first connection: nothing stale on screen
    last().receive(state());
    expect(p.mounts.map((m) => m.game)).toEqual(["costume_party"]);
    expect(p.s.model.get("seat")).toBe(0);
    p.mounts[0].done();
    await flush();
    expect(p.el.textContent).toBe("view of costume_party");
    p.s.model.send({ type: MSG.ACT, action: { type: "roll" }, rev: 0 });
    p.s.model.send({ type: MSG.CLEAR_ERROR });
    expect(last().sent.slice(1)).toEqual([
      { op: "msg", seq: 1, msg: { type: MSG.ACT, action: { type: "roll" }, rev: 0 } },
      { op: "msg", seq: 2, msg: { type: MSG.CLEAR_ERROR } },
    ]);
    // a later state updates the model; the view stays mounted
    last().receive(state("costume_party", { seat: 1 }));
    expect([p.mounts.length, p.s.model.get("seat")]).toEqual([1, 1]);
    expect(p.frames.map((f) => f.op)).toEqual(["state", "state"]);
  });

  it("after a reconnect, 'online' waits until the fresh view is mounted on the snapshot", async () => {
    const p = page();
    last().open();
    last().receive(state());
    p.mounts[0].done();
    await flush();
    last().drop();
    expect(p.status).toEqual(["online", "offline"]);
    vi.advanceTimersByTime(250);
    last().open(); // the socket is back, but the screen still shows the view from before the cut
    expect(p.status).toEqual(["online", "offline"]);
    expect(last().sent).toEqual([{ op: "resume", token: "t" }]);
    last().receive(state("costume_party", { seat: 0, rev: 3 }));
    // the old view is gone and a fresh one is mounting on the snapshot: still not online
    expect(p.mounts[0].cleaned).toBe(1);
    expect(p.mounts.length).toBe(2);
    expect(p.el.textContent).toBe("");
    await flush();
    expect(p.status).toEqual(["online", "offline"]);
    p.mounts[1].done();
    await flush();
    expect(p.status).toEqual(["online", "offline", "online"]);
    expect(p.el.textContent).toBe("view of costume_party");
    // later states do not report it again
    last().receive(state());
    await flush();
    expect(p.status.length).toBe(3);
  });

  it("after a reconnect, any other answer (an error: the token is gone) releases 'online' too", () => {
    const p = page();
    last().open();
    last().receive(state());
    p.mounts[0].done();
    last().drop();
    vi.advanceTimersByTime(250);
    last().open();
    last().receive({ op: "error", code: "bad_token", message: "no such seat" });
    expect(p.status).toEqual(["online", "offline", "online"]);
  });

  it("a cut before the fresh view is mounted reports 'offline', and a view arriving too late is cleaned up", async () => {
    const p = page();
    last().open();
    last().receive(state());
    p.mounts[0].done();
    await flush();
    last().drop();
    vi.advanceTimersByTime(250);
    last().open();
    last().receive(state());
    last().drop(); // again, while the fresh view is loading
    expect(p.status).toEqual(["online", "offline", "offline"]);
    vi.advanceTimersByTime(500);
    last().open();
    last().receive(state());
    expect(p.mounts.length).toBe(3);
    p.mounts[1].done(); // the view of the cut connection arrives late: cleaned up, not shown
    await flush();
    expect(p.mounts[1].cleaned).toBe(1);
    expect(p.status).toEqual(["online", "offline", "offline"]);
    p.mounts[2].done();
    await flush();
    expect(p.status).toEqual(["online", "offline", "offline", "online"]);
    expect(p.mounts[2].cleaned).toBe(0);
  });

  it("a state for another game mounts that game's view on a fresh model", async () => {
    const p = page();
    last().open();
    last().receive(state("costume_party", { legal: [1] }));
    p.mounts[0].done();
    await flush();
    last().receive({ op: "state", state: { settings: { game: "brady_bunch" }, seat: 2 } });
    expect(p.mounts[0].cleaned).toBe(1);
    expect(p.mounts.map((m) => m.game)).toEqual(["costume_party", "brady_bunch"]);
    expect(p.s.model.get("legal")).toBeUndefined(); // nothing of the old game's state is left
  });

  it(`a seat taken over: the view goes, the notice stays, and the ${CLOSE_TAKEN_OVER} close is final`, async () => {
    const p = page();
    last().open();
    last().receive(state());
    p.mounts[0].done();
    await flush();
    last().receive({ op: "taken_over", message: "Your seat was opened on another device." });
    expect(p.mounts[0].cleaned).toBe(1);
    const note = p.el.querySelector('[data-testid="taken-over"]');
    expect(note.getAttribute("role")).toBe("alert");
    expect(note.textContent).toBe("Your seat was opened on another device.");
    expect(p.s.model.get("seat")).toBeUndefined();
    last().drop(CLOSE_TAKEN_OVER);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all.length).toBe(1);
    expect(p.status).toEqual(["online", "moved"]);
    expect(p.el.textContent).toBe("Your seat was opened on another device.");
  });

  it("unmount() takes the view down and forgets the game", async () => {
    const p = page();
    last().open();
    last().receive(state());
    p.mounts[0].done();
    await flush();
    p.s.unmount();
    expect([p.mounts[0].cleaned, p.el.textContent, p.s.model.get("seat")]).toEqual([1, "", undefined]);
    last().receive(state());
    expect(p.mounts.length).toBe(2);
  });
});

describe("a real game view behind the shim", () => {
  it("draws a real synced state and its clicks become numbered intents on the socket", async () => {
    const el = document.createElement("div");
    document.body.append(el);
    const s = screen(el, {
      hello: () => {},
      mount: async (into, model) => costume.render({ model, el: into }),
    });
    last().open();
    const roll = fixture("roll");
    last().receive({ op: "state", state: roll });
    await flush();
    const button = el.querySelector('[data-testid="roll"]');
    expect(button).not.toBeNull();
    button.click();
    expect(last().sent).toEqual([{ op: "msg", seq: 1, msg: { type: MSG.ACT, action: { type: "roll" }, rev: roll.rev } }]);
    s.unmount();
    expect(el.textContent).toBe("");
  });
});
