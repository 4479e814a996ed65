// The Total Black view on a fake model (no kernel): it shows the seat's own card and the
// cry it heard, enables Hold only when `legal` holds it and sends exactly that action
// (click or the H key the frame maps from settings.keys), lists the found pairs by name,
// shows the odds panel and names taps, not keys, on a touch screen.
import { afterEach, describe, expect, it, vi } from "vitest";
import widget, { promptText } from "../../brady_widgets/total_black/view.js";
import { MSG, TRAITS } from "../src/messages.js";
import { fakeModel } from "./fake_model.js";
import { compactLegal } from "./compact.js";

const ANIMALS = [
  { id: "cow", name: "Cow", emoji: "🐮" },
  { id: "yak", name: "Yak", emoji: "🐂" },
  { id: "mouse", name: "Mouse", emoji: "🐭" },
];
const CONTENT = { title: "Total Black", animals: ANIMALS, cries: { "Moo!": ["cow", "yak"], "Squeak!": ["mouse"] } };

function state(over = {}) {
  const view = {
    game: "total_black",
    players: 6,
    viewer: 0,
    phase: "dark",
    to_act: [],
    round: 2,
    round_ends: 6000,
    my_card: "cow",
    my_cry: "Moo!",
    heard: "Moo!",
    held: false,
    found: [false, false, false, false, true, true],
    found_at: [null, null, null, null, 3000, 3000],
    found_pairs: [[4, 5, "mouse"]],
    pairs_found: 1,
    pairs: 3,
    scores: [0, 0, 0, 0, 1, 1],
    over: false,
    winners: [],
    reason: null,
    options: { bump_ms: 3000, cries: "shared" },
    clock: 3500,
    deadline: 6000,
    odds: { meet: "1/3", p_meet: 0.333333, same_cry: "5/6", p_same_cry: 0.833333, others: 3, lookalikes: 0.1, cry: "Moo!" },
    ...(over.view || {}),
  };
  return {
    seat: 0,
    view,
    legal: compactLegal(over.legal || [{ type: "hold" }]),
    log_lines: [{ i: 0, type: "bump", step: 0, text: "You bumped into someone who cries Moo" }],
    error: {},
    curtain: { up: false, seat: -1 },
    settings: {
      game: "total_black", players: 6, mode: "bots", humans: [0], names: ["Ana", "Bot 2", "Bot 3", "Bot 4", "Eve", "Flo"],
      pace: 0, reveal: false, teacher: false, paused: false, options: {}, keys: { h: "hold" },
    },
    content: CONTENT,
    replay: { step: 3, length: 3, active: false },
    rev: 5,
    page: {},
    clock: { realtime: true, now: 3500, deadline: 6000, end: 600000, window: 6000, label: "Round", running: true, state: "running", lag: 250, sync: "" },
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
  const root = el.querySelector(".bw-total-black");
  const acts = () => model.sent.filter((m) => m.type === MSG.ACT);
  return { model, el, $, root, acts };
}

describe("total black view", () => {
  it("is an anywidget module whose cleanup removes every listener", () => {
    const { model, root } = mount();
    expect(root).not.toBeNull();
    for (const k of TRAITS) expect(model.listeners.get(`change:${k}`).size).toBe(1);
    cleanups.pop()();
    for (const k of TRAITS) expect(model.listeners.get(`change:${k}`).size).toBe(0);
  });

  it("shows my card, the cry I heard, the found pairs by name and the odds", () => {
    const { $, root } = mount();
    expect($("card").textContent).toContain("Cow");
    expect($("card").textContent).toContain("Moo!");
    expect($("heard").dataset.cry).toBe("Moo!");
    expect($("heard").dataset.same).toBe("true");
    expect($("found-mouse").textContent).toContain("Eve and Flo, the Mouse pair");
    expect($("progress").textContent).toBe("1 of 3 pairs found");
    expect($("odds-same").textContent).toContain("5/6");
    expect(root.dataset.phase).toBe("dark");
    expect(root.dataset.held).toBe("false");
  });

  it("sends the one legal Hold on a click and on H, and nothing when Hold is not legal", () => {
    const { $, root, acts } = mount();
    expect($("hold").disabled).toBe(false);
    $("hold").click();
    expect(acts().map((m) => m.action)).toEqual([{ type: "hold" }]);
    const other = mount(state({ legal: [], view: { held: true } }));
    expect(other.$("hold").disabled).toBe(true);
    expect(other.$("hold").getAttribute("aria-pressed")).toBe("true");
    other.$("hold").click();
    other.root.dispatchEvent(new KeyboardEvent("keydown", { key: "h", bubbles: true, cancelable: true }));
    expect(other.acts()).toEqual([]);
    void root;
    // found: out of the dark, no Hold button and no cry box
    const found = mount(state({ legal: [], view: { found: [true, true, false, false, true, true], heard: null } }));
    expect(found.$("hold")).toBeNull();
    expect(found.$("heard").childNodes.length).toBe(0);
    expect(found.root.dataset.found).toBe("true");
    const keyed = mount();
    keyed.root.dispatchEvent(new KeyboardEvent("keydown", { key: "h", bubbles: true, cancelable: true }));
    expect(keyed.acts().map((m) => m.action)).toEqual([{ type: "hold" }]);
  });

  it("says what to do in the screen's words: taps on a touch screen, keys on a keyboard", () => {
    const base = { view: state().view, legal: [{ type: "hold" }], seat: 0, replaying: false };
    expect(promptText({ ...base, touch: true })).toMatch(/tap Hold hands/);
    expect(promptText({ ...base, touch: false })).toMatch(/press H/);
    expect(promptText({ ...base, view: { ...base.view, heard: "Squeak!" }, touch: true })).toMatch(/^Not your cry/);
    expect(promptText({ ...base, view: { ...base.view, found: [true] }, touch: true })).toMatch(/found your partner/);
    expect(promptText({ ...base, view: { ...base.view, heard: null }, legal: [], touch: true })).toMatch(/Nobody in front of you/);
  });
});
