// The Brouhaha view on a fake model (no kernel): it draws the cries in speech
// bubbles, sends exactly the legal actions it was given (it implements no rules),
// maps the keyboard (Space, 1..9, T, Backspace, H + a seat number, Escape, the
// one-keyboard slap keys), marks the freeze and the reveal for the CSS animations
// (which reduced motion turns off), and speaks cries only once the toggle is on.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import widget, { distinct, seatKey } from "../../brady_widgets/brouhaha/view.js";
import { MSG, TRAITS } from "../src/messages.js";
import { fakeModel } from "./fake_model.js";
import { compactLegal } from "./compact.js";

const ANIMALS = [
  { id: "cow", name: "Cow", emoji: "🐮" },
  { id: "yak", name: "Yak", emoji: "🐂" },
  { id: "bison", name: "Bison", emoji: "🦬" },
  { id: "mouse", name: "Mouse", emoji: "🐭" },
  { id: "hamster", name: "Hamster", emoji: "🐹" },
];
const CONTENT = { title: "Brouhaha", animals: ANIMALS, cries: { "Moo!": ["cow", "yak", "bison"], "Squeak!": ["mouse", "hamster"] } };

/** A 4-player position as seat 0 sees it, in the play phase (its cow is down). */
function state(over = {}) {
  const view = {
    game: "brouhaha",
    players: 4,
    viewer: 0,
    phase: "play",
    to_act: [],
    cries: ["Moo!", null, "Moo!", "Squeak!"],
    hunter_down: null,
    my_hand: ["cow", "mouse", "mouse", "hunter"],
    my_down: "cow",
    pinned: false,
    hand_sizes: [4, 5, 4, 4],
    reserves: [[], ["yak", "yak"], [], []],
    removed: ["bison", "bison"],
    lost: [[], [], [], []],
    hunters_out: 0,
    slap: null,
    reveal: null,
    hunt: null,
    passing: null,
    scores: [0, 2, 0, 0],
    over: false,
    winners: [],
    options: { bang: false, cries: "shared" },
    clock: 1200,
    deadline: 300000,
    odds: { fraction: "1/3", p: 0.333333, mine: "cow", cry: "Moo!", others: 1, unseen: 3, same: 1 },
    ...(over.view || {}),
  };
  const legal = over.legal || [
    { type: "play", card: "mouse" },
    { type: "take_back" },
    { type: "slap" },
    { type: "hunt", target: 2 },
    { type: "hunt", target: 3 },
  ];
  return {
    seat: 0,
    view,
    legal: compactLegal(legal),
    log_lines: [{ i: 0, type: "start", step: 0, text: "The brouhaha begins" }],
    error: {},
    curtain: { up: false, seat: -1 },
    settings: {
      game: "brouhaha", players: 4, mode: "bots", humans: [0], names: ["Ann", "Bot 2", "Bot 3", "Bot 4"],
      pace: 0, reveal: false, teacher: false, paused: false, options: {},
      keys: { " ": "slap", t: "take_back", Backspace: "take_back" },
    },
    content: over.content || CONTENT,
    replay: { step: 3, length: 3, active: false },
    rev: 5,
    page: {},
    clock: { realtime: true, now: 1200, deadline: 300000, running: true, lag: 250, sync: "" },
    ...(over.traits || {}),
  };
}

const cleanups = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
  vi.unstubAllGlobals();
});

function mount(s = state()) {
  const model = fakeModel(s);
  const el = document.createElement("div");
  document.body.appendChild(el);
  const unmount = widget.render({ model, el });
  cleanups.push(() => {
    unmount();
    el.remove();
  });
  const $ = (id) => el.querySelector(`[data-testid="${id}"]`);
  const root = el.querySelector(".bw-brouhaha");
  const key = (k) => root.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
  const acts = () => model.sent.filter((m) => m.type === MSG.ACT);
  return { model, el, $, root, key, acts };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("brouhaha view", () => {
  it("is an anywidget module whose cleanup removes every listener", () => {
    const { model, root } = mount();
    expect(root).not.toBeNull();
    for (const k of TRAITS) expect(model.listeners.get(`change:${k}`).size).toBe(1);
    cleanups.pop()();
    for (const k of TRAITS) expect(model.listeners.get(`change:${k}`).size).toBe(0);
  });

  it("shows every face-down card's cry in a speech bubble, never the animal", () => {
    const { $, root } = mount();
    expect($("bubble-0").textContent).toBe("Moo!");
    expect($("bubble-2").textContent).toBe("Moo!");
    expect($("bubble-3").textContent).toBe("Squeak!");
    expect($("bubble-1").textContent).toBe("…");
    expect($("bubble-1").getAttribute("aria-label")).toBe("Bot 2 has no card face down");
    expect($("bubble-2").getAttribute("aria-label")).toBe("Bot 3's face-down card cries Moo!");
    expect($("bubble-3").dataset.cry).toBe("Squeak!");
    // the seat bar shows no animal of another seat (the view has none to show)
    expect($("seat-2").textContent).not.toMatch(/Cow|Yak|Bison/);
    // your own card is yours to see
    expect($("me").textContent).toContain("🐮 Cow");
    expect($("my-down").textContent).toContain("Cow");
    expect(root.dataset.phase).toBe("play");
    expect(root.dataset.frozen).toBe("false");
  });

  it("shows Reserves face up and the public cards", () => {
    const { $ } = mount();
    expect($("reserve-1").textContent).toContain("Reserve 2");
    expect($("reserve-1").getAttribute("aria-label")).toBe("Bot 2's Reserve: 2 cards: Yak, Yak");
    expect($("public").textContent).toContain("Set aside: 🦬 Bison, 🦬 Bison");
  });

  it("enables exactly the legal actions it was given (it knows no rules)", () => {
    const { $ } = mount();
    expect($("play-mouse").disabled).toBe(false);
    expect($("play-cow").disabled).toBe(true); // in the hand but not in legal: not playable
    expect($("play-hunter").disabled).toBe(true);
    expect($("slap").disabled).toBe(false);
    expect($("take-back").disabled).toBe(false);
    expect($("hunt").disabled).toBe(false);
    const idle = mount(state({ legal: [] }));
    for (const id of ["play-mouse", "slap", "take-back", "hunt"]) expect(idle.$(id).disabled).toBe(true);
    idle.$("slap").click();
    idle.key(" ");
    idle.key("1");
    expect(idle.acts()).toEqual([]);
  });

  it("plays by click and by number key, the n-th distinct card of the hand", () => {
    expect(distinct(["cow", "mouse", "mouse", "hunter"])).toEqual(["cow", "mouse", "hunter"]);
    const a = mount();
    a.$("play-mouse").click();
    expect(a.acts()).toEqual([{ type: MSG.ACT, action: { type: "play", card: "mouse" }, rev: 5 }]);
    const b = mount();
    b.key("1"); // cow: not legal, nothing sent
    expect(b.acts()).toEqual([]);
    b.key("2");
    expect(b.acts()).toEqual([{ type: MSG.ACT, action: { type: "play", card: "mouse" }, rev: 5 }]);
  });

  it("slaps with the button and with Space; takes back with T and Backspace", () => {
    const a = mount();
    a.$("slap").click();
    expect(a.acts()).toEqual([{ type: MSG.ACT, action: { type: "slap" }, rev: 5 }]);
    const b = mount();
    b.key(" ");
    expect(b.acts().map((m) => m.action)).toEqual([{ type: "slap" }]);
    const c = mount();
    c.key("t");
    expect(c.acts().map((m) => m.action)).toEqual([{ type: "take_back" }]);
    const d = mount();
    d.key("Backspace");
    expect(d.acts().map((m) => m.action)).toEqual([{ type: "take_back" }]);
    const e = mount();
    e.$("take-back").click();
    expect(e.acts().map((m) => m.action)).toEqual([{ type: "take_back" }]);
  });

  it("stamps a real-time act with the game time once the clock offset is known", async () => {
    const m = mount();
    const ask = m.model.sent.find((x) => x.type === MSG.CLOCK);
    expect(ask && typeof ask.id).toBe("string");
    m.model.update({ clock: { realtime: true, now: 5000, deadline: 300000, running: true, lag: 250, sync: ask.id } });
    await tick();
    m.key(" ");
    const [act] = m.acts();
    expect(act.action).toEqual({ type: "slap" });
    expect(typeof act.at).toBe("number");
    expect(act.at).toBeGreaterThanOrEqual(5000);
  });

  it("plays a Hunter by H then a seat number, or by clicking a bubble; Escape cancels", async () => {
    expect([0, 1, 8, 9].map(seatKey)).toEqual(["1", "2", "9", "0"]);
    const a = mount();
    expect(a.$("bubble-2").disabled).toBe(true); // not a target until the Hunter is chosen
    a.key("h");
    await tick();
    expect(a.$("hunt").getAttribute("aria-pressed")).toBe("true");
    expect(a.$("bubble-2").disabled).toBe(false);
    expect(a.$("bubble-3").disabled).toBe(false);
    expect(a.$("bubble-1").disabled).toBe(true); // no card down: not in legal
    expect(a.$("bubble-2").getAttribute("aria-label")).toBe("Hunt Bot 3's card (Moo!)");
    a.key("2"); // seat 1 is not a legal target: nothing
    expect(a.acts()).toEqual([]);
    a.key("3");
    expect(a.acts().map((m) => m.action)).toEqual([{ type: "hunt", target: 2 }]);

    const b = mount();
    b.$("hunt").click();
    await tick();
    b.$("bubble-3").click();
    expect(b.acts().map((m) => m.action)).toEqual([{ type: "hunt", target: 3 }]);

    const c = mount();
    c.key("h");
    await tick();
    c.key("Escape");
    await tick();
    expect(c.$("hunt").getAttribute("aria-pressed")).toBe("false");
    expect(c.$("bubble-2").disabled).toBe(true);
    c.key("3"); // a digit plays a card again: the third distinct card (hunter) is not legal
    expect(c.acts()).toEqual([]);
  });

  it("freezes after a slap and reveals with the flip classes the CSS animates", () => {
    const slap = mount(state({ view: { phase: "slap", slap: { first: 2, second: null, at: 1300, closes_at: 2300 } }, legal: [{ type: "slap" }] }));
    expect(slap.root.dataset.frozen).toBe("true");
    expect(slap.$("slapped-2").textContent).toContain("slapped first");
    expect(slap.$("prompt").textContent).toContain("Slap too");
    const reveal = mount(
      state({
        view: {
          phase: "reveal",
          slap: { first: 2, second: 0, at: 1300, closes_at: 2300 },
          reveal: { seats: [2, 0], cards: ["yak", "cow"], match: false, until: 3000 },
        },
        legal: [],
      }),
    );
    expect(reveal.root.dataset.frozen).toBe("true");
    expect(reveal.$("revealed-2").textContent).toContain("Yak");
    expect(reveal.$("revealed-2").classList.contains("bw-bh-flip")).toBe(true);
    expect(reveal.$("revealed-0").textContent).toContain("Cow");
    expect(reveal.$("reveal").textContent).toContain("No match");
    expect(reveal.$("reveal").classList.contains("bw-bh-mismatch")).toBe(true);
    expect(reveal.$("slap").disabled).toBe(true);
    const css = readFileSync(resolve(process.cwd(), "..", "brady_widgets", "brouhaha", "view.css"), "utf8");
    expect(css).toMatch(/\[data-frozen="true"\] \.bw-seat \{[^}]*transform:/);
    expect(css).toMatch(/\.bw-bh-flip \{[^}]*transition:/);
    expect(css).toMatch(/@starting-style \{\s*\.bw-brouhaha \.bw-bh-flip \{[^}]*rotateY/);
    const reduced = css.slice(css.indexOf("@media (prefers-reduced-motion: reduce)"));
    expect(reduced).toMatch(/\.bw-bh-flip[^{]*\{ transition: none !important; \}/);
  });

  it("shows the announced Hunter, your target to you only as the view says, and pinned", () => {
    const hunter = mount(state({ view: { phase: "hunt", hunter_down: 3, cries: ["Moo!", null, "Moo!", "Moo!"], hunt: { hunter: 3, cry: "Moo!", closes_at: 2700 }, pinned: true }, legal: [{ type: "hunt", target: 2 }] }));
    expect(hunter.$("hunter-3").textContent).toContain("Hunter");
    expect(hunter.$("pinned")).not.toBeNull();
    expect(hunter.$("prompt").textContent).toContain("Play your own Hunter");
    expect(hunter.root.dataset.frozen).toBe("true");
    const mine = mount(state({ view: { phase: "hunt", hunter_down: 0, hunt: { hunter: 0, cry: "Moo!", closes_at: 2700, target: 2 } }, legal: [] }));
    expect(mine.$("my-target-2")).not.toBeNull();
  });

  it("offers the pass choice by click and number key after a match", () => {
    const passing = { chosen: [1], closes_at: 16000, mine: null };
    const legal = [{ type: "pass", card: "cow" }, { type: "pass", card: "mouse" }, { type: "pass", card: "hunter" }];
    const a = mount(state({ view: { phase: "pass", passing, my_down: null }, legal }));
    expect(a.$("pass-cow").disabled).toBe(false);
    expect(a.$("play-cow")).toBeNull();
    expect(a.$("prompt").textContent).toContain("pass to your left");
    a.key("3");
    expect(a.acts().map((m) => m.action)).toEqual([{ type: "pass", card: "hunter" }]);
    const b = mount(state({ view: { phase: "pass", passing, my_down: null }, legal }));
    b.$("pass-mouse").click();
    expect(b.acts().map((m) => m.action)).toEqual([{ type: "pass", card: "mouse" }]);
    const done = mount(state({ view: { phase: "pass", passing: { chosen: [0, 1], closes_at: 16000, mine: "mouse" }, my_down: null }, legal: [] }));
    expect(done.$("prompt").textContent).toContain("You pass 🐭 Mouse");
  });

  it("shows the odds as an exact fraction and a percentage", () => {
    const { $ } = mount();
    expect($("odds-fraction").textContent).toBe("1/3");
    expect($("odds-text").textContent).toContain("(33.3%)");
    expect($("odds").querySelector('[role="meter"]').getAttribute("aria-valuenow")).toBe("33.3");
    expect($("odds-working").textContent).toContain("1 other face-down card cries Moo!");
    const none = mount(state({ view: { odds: null, my_down: null } }));
    expect(none.$("odds-fraction")).toBeNull();
    expect(none.$("odds").textContent).toContain("Play a card");
  });

  it("lists which species share each cry", () => {
    const { $ } = mount();
    expect($("legend").textContent).toContain("Moo! 🐮 Cow, 🐂 Yak, 🦬 Bison");
  });

  it("speaks cries only once the speech toggle is on, and stops when it is off", async () => {
    const speak = vi.fn();
    const cancel = vi.fn();
    vi.stubGlobal("speechSynthesis", { speak, cancel });
    vi.stubGlobal("SpeechSynthesisUtterance", function U(text) {
      this.text = text;
    });
    const m = mount();
    expect(m.$("speech").getAttribute("aria-pressed")).toBe("false");
    m.model.update({ view: { ...m.model.get("view"), cries: ["Moo!", "Squeak!", "Moo!", "Squeak!"] } });
    await tick();
    expect(speak).not.toHaveBeenCalled(); // off by default
    m.$("speech").click();
    await tick();
    expect(m.$("speech").getAttribute("aria-pressed")).toBe("true");
    speak.mockClear(); // turning it on speaks what is down now
    m.model.update({ view: { ...m.model.get("view"), cries: ["Moo!", "Hiss!", "Moo!", "Squeak!"] } });
    await tick();
    expect(speak.mock.calls.map((c) => c[0].text)).toEqual(["Hiss!"]);
    m.$("speech").click();
    await tick();
    expect(cancel).toHaveBeenCalled();
    speak.mockClear();
    m.model.update({ view: { ...m.model.get("view"), cries: ["Moo!", "Hoot!", "Moo!", "Squeak!"] } });
    await tick();
    expect(speak).not.toHaveBeenCalled();
    // closing a view that speaks stops its speech; closing a silent one leaves others' alone
    cancel.mockClear();
    cleanups.pop()();
    expect(cancel).not.toHaveBeenCalled();
    const loud = mount();
    loud.$("speech").click();
    await tick();
    cleanups.pop()();
    expect(cancel).toHaveBeenCalledTimes(1);
  });

  it("one keyboard: public facts only, each person's slap key acts for their seat", () => {
    const content = { ...CONTENT, party: { keys: { 0: "a", 2: "l" } } };
    const view = { viewer: null, my_hand: null, my_down: null, odds: null };
    const m = mount(state({ view, legal: [], content, traits: { seat: -1 } }));
    expect(m.root.dataset.party).toBe("true");
    expect(m.$("party-keys").textContent).toContain("A");
    expect(m.$("party-key-2").textContent).toContain("L");
    expect(m.$("hand").textContent).toBe("");
    expect(m.$("slap")).toBeNull();
    expect(m.$("me").textContent).toContain("nobody's cards are shown");
    m.key("l");
    m.key("a");
    m.key("z"); // nobody's key
    expect(m.acts()).toEqual([
      { type: MSG.ACT, action: { type: "slap", seat: 2 }, rev: 5 },
      { type: MSG.ACT, action: { type: "slap", seat: 0 }, rev: 5 },
    ]);
  });

  it("shows the face-down animals only in the teacher's reveal (the full view's down)", () => {
    const student = mount();
    expect(student.$("secret-2")).toBeNull();
    const teacher = mount(state({ view: { down: ["cow", null, "yak", "mouse"] }, traits: { settings: { ...state().settings, reveal: true, teacher: true } } }));
    expect(teacher.$("secret-2").textContent).toBe("is 🐂 Yak");
    expect(teacher.$("secret-1")).toBeNull();
    expect(teacher.$("me").textContent).toContain("Teacher view");
  });

  it("shows every seat's hand in the teacher's reveal, and no empty 'Your hand' panel", () => {
    const student = mount();
    expect(student.$("hand-0")).toBeNull();
    expect(student.$("hand").textContent).toContain("Your hand");
    const hands = [["cow", "cow", "yak"], [], ["hunter"], ["mouse"]];
    const teacher = mount(state({ view: { my_hand: null, hands }, traits: { settings: { ...state().settings, reveal: true, teacher: true } } }));
    expect(teacher.$("hand-0").textContent).toBe("🐮🐮🐂");
    expect(teacher.$("hand-0").getAttribute("aria-label")).toContain("Cow, Cow, Yak");
    expect(teacher.$("hand-1").textContent).toBe("no cards");
    expect(teacher.$("hand").textContent).toBe("");
  });

  it("is keyboard usable: the root takes the focus and buttons have labels", () => {
    const { root, el } = mount();
    expect(root.getAttribute("tabindex")).toBe("0");
    for (const b of el.querySelectorAll("button")) expect(b.getAttribute("aria-label") || b.textContent.trim()).not.toBe("");
  });
});

/** A screen whose main pointer is a finger (matchMedia("(pointer: coarse)") matches) or a mouse. */
function pointer(coarse) {
  vi.stubGlobal("matchMedia", (q) => ({ matches: q === "(pointer: coarse)" ? coarse : false, media: q, addEventListener() {}, removeEventListener() {} }));
}

/** Every word the view shows or reads aloud, outside the log. */
function words(root) {
  const out = [];
  for (const el of root.querySelectorAll("*")) {
    if (el.closest('[data-testid="log"]')) continue;
    if (el.getAttribute("aria-label")) out.push(el.getAttribute("aria-label"));
    for (const c of el.childNodes) if (c.nodeType === 3 && c.data.trim()) out.push(c.data.trim());
  }
  return out;
}
const KEYISH = /\((Space|T|H|[0-9](-[0-9])?)\)|\bkeys?\b|\bEscape\b|\bpress\b/i;

describe("brouhaha on a touch screen", () => {
  it("names taps, not keys, and docks the cries beside a big Slap button", () => {
    pointer(true);
    const { $, root } = mount();
    expect(root.dataset.pointer).toBe("coarse");
    expect($("prompt").textContent).toBe("Your card is down. Same animal somewhere? Tap Slap! Or tap Take back.");
    expect($("slap").textContent).toBe("✋ Slap!");
    expect(root.querySelectorAll("kbd").length).toBe(0);
    expect(words(root).filter((w) => KEYISH.test(w))).toEqual([]);
    // the dock: every cry on the table, then the Slap button; it is the last part of the main column
    expect([...$("cries").children].map((li) => li.textContent)).toEqual(["Ann: Moo!", "Bot 3: Moo!", "Bot 4: Squeak!"]);
    expect($("dock").contains($("slap"))).toBe(true);
    expect($("dock").parentElement.classList.contains("bw-main")).toBe(true);
  });

  it("names the keys on a keyboard screen, the same view", () => {
    pointer(false);
    const { $, root } = mount();
    expect(root.dataset.pointer).toBe("fine");
    expect($("prompt").textContent).toContain("Slap (Space)!");
    expect($("slap").textContent).toBe("✋ Slap! (Space)");
    expect($("play-mouse").getAttribute("aria-label")).toBe("Play 2: Mouse ×2") // the 2nd distinct card (cow is 1st);
    expect($("cries")).toBeNull(); // on a laptop the seat bar, above the Slap button, shows them
    expect($("dock").closest(".bw-bh-controls")).not.toBeNull();
  });

  it("a Hunter is aimed by tapping a cry beside Slap (or a bubble), with Cancel Hunter, no Escape", () => {
    pointer(true);
    const { $, acts } = mount();
    $("hunt").click();
    expect($("prompt").textContent).toBe("Hunter: tap a cry to take that card, or tap Cancel Hunter.");
    expect($("hunt").getAttribute("aria-label")).toBe("Cancel Hunter");
    // the cries beside Slap are the targets too: exactly the legal ones (seats 2 and 3)
    expect([...$("cries").querySelectorAll("button")].map((b) => b.dataset.testid)).toEqual(["dock-hunt-2", "dock-hunt-3"]);
    $("dock-hunt-3").click();
    expect(acts().at(-1).action).toEqual({ type: "hunt", target: 3 });
  });
});
