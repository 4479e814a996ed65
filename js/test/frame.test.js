// The shared frame and the protocol of issue 7: compact legal lists, rev on every
// act, the teacher-only reveal toggle, "Show earlier" pages, the generic view.
import { afterEach, describe, expect, it, vi } from "vitest";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { resolve } from "node:path";
import costume from "../../brady_widgets/costume_party/view.js";
import brady from "../../brady_widgets/brady_bunch/view.js";
import generic from "../src/generic.js";
import { MSG, TRAITS, expandLegal } from "../src/messages.js";
import { fixture, mounter, tick } from "./fake_model.js";
import { compactLegal } from "./compact.js";

const C = mounter(costume, ".bw-costume");
const B = mounter(brady, ".bw-brady");
const G = mounter(generic, ".bw-generic");
afterEach(() => {
  vi.unstubAllGlobals();
  C.unmountAll();
  B.unmountAll();
  G.unmountAll();
});
const FIXTURES = readdirSync(resolve(process.cwd(), "test", "fixtures"))
  .filter((f) => f.endsWith(".json") && f !== "refusals.json") // refusals.json: errors and ends per game (refusals.test.js)
  .map((f) => f.slice(0, -5));
const acts = (model) => model.sent.filter((m) => m.type === MSG.ACT);

describe("expandLegal (the compact legal trait)", () => {
  it("reads the protocol's form exactly: n = 0, one key, pairs", () => {
    const groups = [
      { type: "roll", keys: [], rows: 1 },
      { type: "kill", keys: ["figure"], rows: [3, 1, 3] },
      { type: "move", keys: ["figure", "to"], rows: [[3, ["red", "hall"]], [5, ["blue"]], [3, ["green"]]] },
      { type: "ask", keys: ["kid", "about", "round"], rows: [["Jan", [["Greg", [1, 2]]]]] },
    ];
    expect(expandLegal(groups)).toEqual([
      { type: "roll" },
      { type: "kill", figure: 3 },
      { type: "kill", figure: 1 },
      { type: "kill", figure: 3 },
      { type: "move", figure: 3, to: "red" },
      { type: "move", figure: 3, to: "hall" },
      { type: "move", figure: 5, to: "blue" },
      { type: "move", figure: 3, to: "green" },
      { type: "ask", kid: "Jan", about: "Greg", round: 1 },
      { type: "ask", kid: "Jan", about: "Greg", round: 2 },
    ]);
    expect(expandLegal([])).toEqual([]);
    expect(expandLegal(undefined)).toEqual([]);
    expect(() => expandLegal([{ type: "x", keys: ["a", "b"], rows: [1, 2] }])).toThrow(TypeError);
  });

  it("round-trips with repeated values, interleaved types and the order kept", () => {
    const actions = [
      { type: "a" },
      { type: "b", x: 1, y: 2 },
      { type: "b", x: 2, y: 1 },
      { type: "b", x: 1, y: 3 }, // x = 1 again, after x = 2: a second pair
      { type: "b", x: 1, y: 3, z: null },
      { type: "a" },
      { type: "c", k: "p", v: true },
      { type: "c", k: "p", v: false },
      { type: "c", k: "q", v: true },
    ];
    const groups = compactLegal(actions);
    expect(groups.map((g) => g.type)).toEqual(["a", "b", "b", "a", "c"]);
    expect(groups[1].rows).toEqual([[1, [2]], [2, [1]], [1, [3]]]);
    expect(expandLegal(groups)).toEqual(actions);
    expect(expandLegal(groups).map((a) => JSON.stringify(a))).toEqual(actions.map((a) => JSON.stringify(a)));
  });

  it("every captured legal list round-trips, and the trait is smaller", () => {
    for (const name of FIXTURES) {
      const groups = fixture(name).legal;
      const actions = expandLegal(groups);
      expect(compactLegal(actions), name).toEqual(groups);
      expect(expandLegal(compactLegal(actions)), name).toEqual(actions);
    }
    const talk = fixture("brady_talk").legal;
    expect(JSON.stringify(talk).length).toBeLessThan(JSON.stringify(expandLegal(talk)).length);
  });
});

/** The frame's nodes as tags, classes and test ids (no text, no game panels). */
function shape(node) {
  if (!node) return null;
  const id = node.getAttribute("data-testid");
  return `${node.tagName.toLowerCase()}${node.getAttribute("class") ? `.${node.getAttribute("class").split(" ").join(".")}` : ""}${id ? `#${id}` : ""}`;
}
const tree = (node) => (node ? [shape(node), [...node.children].map(tree)] : null);

describe("the frame", () => {
  it("draws the same shared pieces, once, for both games", () => {
    for (const [c, b] of [["over", "brady_over"], ["curtain", "brady_curtain"], ["error", "brady_error"]]) {
      const x = C.mount(c);
      const y = B.mount(b);
      for (const m of [x, y]) {
        expect(m.root.classList.contains("bw-root")).toBe(true);
        for (const id of ["me", "seats"]) expect(m.$$(`[data-testid="${id}"]`).length, `${id} in ${c}`).toBe(1);
        expect(m.$$('[data-testid="log"]').length, `log in ${c}`).toBe(c === "curtain" ? 0 : 1); // nothing but the curtain
        expect(m.$$(".bw-header").length).toBe(1);
        expect(m.$$(".bw-title").length).toBe(1);
      }
      const frameParts = (m) => {
        const top = m.root.querySelector(".bw-top");
        return {
          root: [...m.root.children].map(shape),
          header: tree(m.root.querySelector(".bw-header")),
          topStart: [...top.children].slice(0, 3).map(shape), // header, error (if any), seats
          curtain: tree(m.$("curtain")),
          error: tree(m.$("error")),
          bar: tree(m.root.querySelector(".bw-replay-bar")),
          banner: shape(m.$("winner")),
          log: tree(m.root.querySelector(".bw-log"))?.slice(0, 1),
          logPlace: m.root.querySelector(".bw-log") ? shape(m.root.querySelector(".bw-log").parentElement) : null,
          seatItems: [...m.$("seats").children].map((li) => [li.tagName, [...li.querySelector(".bw-seat-head").children].slice(0, 2).map(shape)]),
        };
      };
      const fx = frameParts(x);
      const fy = frameParts(y);
      expect(fx.seatItems.length).toBeGreaterThan(0);
      fx.seatItems = fx.seatItems.slice(0, 1);
      fy.seatItems = fy.seatItems.slice(0, 1);
      for (const k of Object.keys(fx)) expect(fx[k], `${c} / ${b}: ${k}`).toEqual(fy[k]);
    }
    const over = C.mount("over");
    expect(over.$$('[data-testid="reveal-toggle"]').length).toBe(1);
    expect(over.$$('[data-testid="replay"]').length).toBe(1);
    expect(over.$$('[data-testid="winner"]').length).toBe(1);
  });

  it("the shared code names no game", () => {
    const src = resolve(process.cwd(), "src");
    const games = readdirSync(resolve(process.cwd(), "..", "brady_widgets"), { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(resolve(process.cwd(), "..", "brady_widgets", d.name, "view.js")))
      .map((d) => d.name);
    expect(games).toEqual(expect.arrayContaining(["brady_bunch", "costume_party"]));
    const words = [...games, ...games.flatMap((g) => g.split("_")), "alice", "troublemaker", "figure", "bw-costume", "bw-brady"];
    for (const f of readdirSync(src)) {
      const text = readFileSync(resolve(src, f), "utf8").toLowerCase().replaceAll("brady_widgets", "");
      for (const w of words) expect(text.includes(w), `${f} names ${w}`).toBe(false);
    }
  });

  it("the render loop listens to every trait", () => {
    for (const m of [C.mount("roll"), B.mount("brady_talk"), G.mount("roll")]) {
      for (const key of TRAITS) expect(m.model.listeners.get(`change:${key}`)?.size, key).toBe(1);
    }
  });
});

describe("rev: one act per screen", () => {
  it("a double click sends one act, with the rev the buttons were drawn from", () => {
    const m = C.mount("roll", (s) => ({ ...s, rev: 7 }));
    m.$("roll").click();
    m.$("roll").click();
    m.$("roll").dispatchEvent(new MouseEvent("dblclick", { bubbles: true }));
    expect(m.model.sent).toEqual([{ type: MSG.ACT, action: { type: "roll" }, rev: 7 }]);
    const b = B.mount("brady_talk", (s) => ({ ...s, rev: 3 }));
    b.$("ask").click();
    b.$("ask").click();
    const cookie = b.$$('[data-testid^="cookie-"]')[0];
    cookie.click(); // another button of the same screen: still the same act on its way
    expect(acts(b.model).length).toBe(1);
    expect(acts(b.model)[0].rev).toBe(3);
  });

  it("after an update, a click on the (patched, same) button sends the new rev", async () => {
    const m = C.mount("roll", (s) => ({ ...s, rev: 0 }));
    const roll = m.$("roll");
    m.model.update({ rev: 4 }); // e.g. the kernel moved on while this screen was shown
    await tick();
    expect(m.$("roll")).toBe(roll);
    roll.click();
    expect(m.model.sent).toEqual([{ type: MSG.ACT, action: { type: "roll" }, rev: 4 }]);
  });

  it("the view takes clicks again once rev or error changes (not before)", async () => {
    const m = C.mount("roll", (s) => ({ ...s, rev: 0 }));
    m.$("roll").click();
    m.model.update({ log_lines: [...m.model.get("log_lines")] }); // an unrelated update
    await tick();
    m.$("roll").click();
    expect(acts(m.model).length).toBe(1);
    m.model.update({ error: { code: "illegal_action", message: "No." } }); // refused
    await tick();
    m.$("roll").click();
    expect(acts(m.model).length).toBe(2);
    m.model.update({ rev: 1, error: {} }); // accepted
    await tick();
    m.$("roll").click();
    expect(acts(m.model).map((a) => a.rev)).toEqual([0, 0, 1]);
  });
});

describe("focus: the keyboard's is kept, a mouse press takes none", () => {
  it("a mouse press on a button is kept from moving the focus; on the slider it is not", () => {
    const b = B.mount("brady_talk");
    const press = (el) => {
      const ev = new MouseEvent("mousedown", { bubbles: true, cancelable: true });
      el.dispatchEvent(ev);
      return ev.defaultPrevented;
    };
    expect(press(b.$("ask"))).toBe(true);
    expect(press(b.$$('[data-testid^="ask-kid-"]')[0])).toBe(true);
    const slider = b.root.querySelector('input[type="range"]');
    expect(slider).not.toBeNull();
    expect(press(slider)).toBe(false);
  });

  it("after the cleanup the root no longer listens", () => {
    const b = B.mount("brady_talk");
    const ask = b.$("ask");
    B.unmountAll();
    const ev = new MouseEvent("mousedown", { bubbles: true, cancelable: true });
    ask.dispatchEvent(ev);
    expect(ev.defaultPrevented).toBe(false);
  });
});

describe("the teacher's reveal toggle", () => {
  const teacher = (on) => (s) => ({ ...s, settings: { ...s.settings, teacher: on } });
  it("is never drawn for a student, during or after the game", () => {
    for (const [m, names] of [[C, ["roll", "move", "over", "replay_reveal"]], [B, ["brady_talk", "brady_over", "brady_replay_reveal"]]]) {
      for (const name of names) {
        const x = m.mount(name, teacher(false));
        expect(x.$("reveal-toggle"), name).toBeNull();
      }
    }
    // after the game the replay control stays
    expect(C.mount("over", teacher(false)).$("replay")).not.toBeNull();
  });

  it("is drawn for a teacher during the game, and sends reveal", () => {
    for (const [m, name] of [[C, "roll"], [B, "brady_talk"], [G, "roll"]]) {
      const x = m.mount(name, teacher(true));
      expect(x.$("replay")).toBeNull(); // the game is on
      const toggle = x.$("reveal-toggle");
      expect(toggle, name).not.toBeNull();
      expect(toggle.getAttribute("aria-pressed")).toBe("false");
      toggle.click();
      expect(x.model.sent).toEqual([{ type: MSG.REVEAL, on: true }]);
    }
  });
});

describe("Show earlier (windowed lists)", () => {
  const shifted = (by) => (s) => ({ ...s, log_lines: s.log_lines.map((e) => ({ ...e, i: e.i + by })) });
  const texts = (m) => [...m.$("log").children].map((li) => li.textContent);
  // what a log entry shows: its action number (the replay's count) if it has one, then its text
  const shown = (e) => (typeof e.action === "number" && e.action > 0 ? `${e.action}.` : "") + e.text;

  it("no button when the window starts at the first entry", () => {
    expect(C.mount("move").$("earlier-log")).toBeNull();
    expect(B.mount("brady_talk").$("earlier-talk")).toBeNull();
  });

  it("the log asks for the entries before the first shown and shows the answer above the window", async () => {
    const m = C.mount("move", shifted(3));
    const win = m.model.get("log_lines");
    const first = win[0].i;
    expect(first).toBe(3);
    const log = m.$("log");
    m.$("earlier-log").click();
    expect(m.model.sent).toEqual([{ type: MSG.PAGE, list: "log", before: 3 }]);
    const items = [0, 1, 2].map((i) => ({ i, type: "start", step: 0, text: `Earlier ${i}.` }));
    m.model.update({ page: { list: "log", before: 3, items } });
    await tick();
    expect(m.$("log")).toBe(log); // the live region is patched, not rebuilt
    expect(texts(m)).toEqual([...items, ...win].map(shown));
    expect(m.$("earlier-log")).toBeNull(); // the first entry is shown now
    // a new entry: the pages stay, the oldest of the window too (it moved out of the window only)
    const next = { i: win[win.length - 1].i + 1, type: "roll", step: 99, seat: 1, text: "Bot rolled." };
    m.model.update({ log_lines: [...win.slice(1), next] });
    await tick();
    expect(texts(m)).toEqual([...items, ...win, next].map(shown));
    // another seat (hot-seat) or replay step: the pages go
    m.model.update({ seat: 1, log_lines: win });
    await tick();
    expect(texts(m)).toEqual(win.map(shown));
    expect(m.$("earlier-log")).not.toBeNull();
  });

  it("an answer for another list or position is ignored", async () => {
    const m = C.mount("move", shifted(3));
    const win = m.model.get("log_lines");
    m.$("earlier-log").click();
    m.model.update({ page: { list: "log", before: 2, items: [{ i: 0, type: "x", text: "Not before 3." }] } });
    await tick();
    expect(texts(m)).toEqual(win.map(shown));
    m.model.update({ page: { list: "talk", before: 3, items: [{ i: 2, kind: "played", text: "Not a log entry." }] } });
    await tick();
    expect(texts(m)).toEqual(win.map(shown));
  });

  it("Brady's talk panel pages the same way", async () => {
    const m = B.mount("brady_talked", (s) => ({ ...s, view: { ...s.view, talk: s.view.talk.map((e) => ({ ...e, i: e.i + 2 })) } }));
    const talk = m.model.get("view").talk;
    m.$("earlier-talk").click();
    expect(m.model.sent).toEqual([{ type: MSG.PAGE, list: "talk", before: talk[0].i }]);
    const items = [0, 1].map((i) => ({ ...talk[0], i, text: `Said ${i}.` }));
    m.model.update({ page: { list: "talk", before: talk[0].i, items } });
    await tick();
    expect(m.$("talk-0").textContent).toContain("“Said 0.”");
    expect(m.$$('[data-testid^="talk-"]').length).toBe(talk.length + 2 + 0); // the list itself is "talk", not "talk-"
    expect(m.$("earlier-talk")).toBeNull();
  });
});

describe("the generic view (a game with no view of its own)", () => {
  const toy = {
    seat: 0,
    view: { game: "toy", phase: "pick", to_act: [0], pile: 7, name: "heap", done: false, nested: { a: 1 }, list: [1, 2] },
    legal: compactLegal([{ type: "pass" }, { type: "take", n: 1 }, { type: "take", n: 2 }]),
    log_lines: [{ i: 0, type: "start", step: 0, text: "The toy game starts." }],
    error: {},
    curtain: { up: false, seat: -1 },
    settings: { game: "toy", names: ["Ann", "Bot"], mode: "bots", humans: [0], teacher: false, paused: false },
    content: {},
    replay: { step: 0, length: 0, active: false },
    rev: 2,
    page: {},
  };

  it("renders each legal action as a button and the view's scalars as a table", () => {
    const m = G.mount("roll", () => structuredClone(toy));
    expect(m.root.querySelector(".bw-title").textContent).toBe("toy");
    expect(m.$("me").textContent).toBe("You are Ann.");
    const buttons = m.$$('[data-testid^="action-"]');
    expect(buttons.map((b) => b.textContent)).toEqual(['{"type":"pass"}', '{"type":"take","n":1}', '{"type":"take","n":2}']);
    for (const b of buttons) expect(b.getAttribute("aria-label")).toMatch(/^Act: /);
    const facts = Object.fromEntries(m.$$('[data-testid^="fact-"]').map((r) => [r.dataset.testid.slice(5), r.querySelector("td").textContent]));
    expect(facts).toEqual({ game: '"toy"', phase: '"pick"', pile: "7", name: '"heap"', done: "false" });
    expect(m.$("log").textContent).toBe("The toy game starts.");
    expect(m.$("seat-0").dataset.turn).toBe("true");
  });

  it("sends an act with the rev, once", () => {
    const m = G.mount("roll", () => structuredClone(toy));
    m.$("action-2").click();
    m.$("action-2").click();
    expect(m.model.sent).toEqual([{ type: MSG.ACT, action: { type: "take", n: 2 }, rev: 2 }]);
  });

  it("draws a real game's state too (the frame's curtain, error and replay)", () => {
    expect(G.mount("curtain").$("lift-curtain")).not.toBeNull();
    expect(G.mount("error").$("error")).not.toBeNull();
    const over = G.mount("over");
    expect(over.$("replay")).not.toBeNull();
    expect(over.$$('[data-testid^="action-"]').length).toBe(0);
  });
});

describe("a touch screen (the main pointer is a finger)", () => {
  /** matchMedia("(pointer: coarse)") as a phone (or a mouse) answers it; `flip()` docks a keyboard. */
  function pointer(coarse) {
    const listeners = new Set();
    const mql = {
      get matches() {
        return coarse;
      },
      media: "(pointer: coarse)",
      addEventListener: (_type, fn) => listeners.add(fn),
      removeEventListener: (_type, fn) => listeners.delete(fn),
    };
    vi.stubGlobal("matchMedia", (q) => (q === "(pointer: coarse)" ? mql : { matches: false, media: q, addEventListener() {}, removeEventListener() {} }));
    return {
      listeners,
      flip() {
        coarse = !coarse;
        for (const fn of [...listeners]) fn();
      },
    };
  }

  it("marks the root for the CSS, redraws when the pointer changes, and stops listening when unmounted", () => {
    const p = pointer(true);
    const m = C.mount("roll");
    expect(m.root.dataset.pointer).toBe("coarse");
    expect(p.listeners.size).toBe(1);
    p.flip(); // a keyboard and a mouse are docked: the same view, drawn for them
    expect(m.root.dataset.pointer).toBe("fine");
    m.cleanup();
    expect(p.listeners.size).toBe(0);
  });

  it("is a mouse screen where matchMedia is missing (an old front end)", () => {
    vi.stubGlobal("matchMedia", undefined);
    expect(C.mount("roll").root.dataset.pointer).toBe("fine");
  });
});
