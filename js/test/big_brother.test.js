// The Big Brother view on a fake model (no kernel), from real synced states
// (js/test/make_big_brother_fixtures.py): it draws the house as a loop with the pawns
// and the landing odds, sends exactly the legal actions it was given (it implements no
// rules), maps the keys (R rolls, 1..6 pick Player n), shows the gossip countdown from
// the shared clock, the camera claim button, the count, and nothing under the curtain.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import widget, { loopCells, spaceWords, TARGET_TYPES } from "../../brady_widgets/big_brother/view.js";
import { MSG } from "../src/messages.js";
import { fakeModel, legalOf, serialize, tick } from "./fake_model.js";

const NAMES = ["roll", "vote", "gossip_pick", "gossip", "choose", "claim", "eviction", "return", "final", "curtain", "reveal"];
const STATES = Object.fromEntries(
  NAMES.map((n) => [n, JSON.parse(readFileSync(resolve(process.cwd(), "test", "fixtures", `big_brother_${n}.json`), "utf8"))]),
);
const cleanups = [];

function mount(name, tweak = (s) => s) {
  const model = fakeModel(tweak(structuredClone(STATES[name])));
  const el = document.createElement("div");
  document.body.appendChild(el);
  const unmount = widget.render({ model, el });
  cleanups.push(() => {
    unmount();
    el.remove();
  });
  const $ = (id) => el.querySelector(`[data-testid="${id}"]`);
  const $$ = (sel) => [...el.querySelectorAll(sel)];
  const enabled = (prefix) =>
    $$(`[data-testid^="${prefix}"]`)
      .filter((b) => b.tagName === "BUTTON" && !b.disabled)
      .map((b) => b.dataset.testid.slice(prefix.length));
  return { model, el, $, $$, enabled, root: el.querySelector(".bw-big-brother") };
}

const acts = (model) => model.sent.filter((m) => m.type === MSG.ACT).map((m) => m.action);
const key = (el, k) => el.querySelector(".bw-root").dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));

afterEach(() => {
  for (const c of cleanups.splice(0)) c();
  vi.unstubAllGlobals();
});

describe("the board", () => {
  it("lays any track out as a closed loop round a rectangle", () => {
    for (const n of [32, 33, 40, 57, 200]) {
      const { W, H, cells } = loopCells(n);
      expect(cells.length).toBe(n);
      expect(new Set(cells.map((c) => c.join())).size).toBe(n);
      for (const [r, c] of cells) expect(r === 1 || r === H || c === 1 || c === W).toBe(true);
      for (let i = 1; i < n; i++) {
        const [[r0, c0], [r1, c1]] = [cells[i - 1], cells[i]];
        expect(Math.abs(r0 - r1) + Math.abs(c0 - c1)).toBe(1); // neighbours on the loop touch
      }
    }
    expect(loopCells(32)).toMatchObject({ W: 9, H: 9 });
  });

  it("draws every space in words with its kind, pawns with their numbers and the landing odds", () => {
    const { $, $$, model } = mount("roll");
    const track = model.get("content").track;
    const spaces = $$('[data-testid^="space-"]');
    expect(spaces.length).toBe(track.length);
    expect($("space-0").dataset.kind).toBe("room");
    expect($("space-0").getAttribute("aria-label")).toMatch(/Space 0: Living Room; here: Ann, Ben, Cat, Dan, Eve/);
    for (let s = 0; s < 5; s++) expect($(`pawn-${s}`).textContent).toBe(String(s + 1));
    const land = model.get("view").odds.land;
    expect(land.length).toBe(track.length);
    const best = land.indexOf(Math.max(...land));
    expect($(`space-${best}`).dataset.odds).toBe(String(land[best]));
    expect($(`space-${best}`).getAttribute("aria-label")).toMatch(/chance to land here this turn \d/);
    expect(spaceWords(track[best])).toBeTruthy();
    expect($("odds-sums").children.length).toBe(11);
    expect($("odds-sums").children[5].getAttribute("aria-label")).toBe("sum 7: 6 of 36");
    expect($("odds-rolls").textContent).toBe(String(model.get("view").odds.rolls));
  });
});

describe("acting from legal only", () => {
  it("rolls by button and by R, once per drawn rev", async () => {
    const { $, el, model } = mount("roll");
    expect($("roll").disabled).toBe(false);
    $("roll").click();
    expect(acts(model)).toEqual([{ type: "roll" }]);
    $("roll").click(); // a double click: one act only
    expect(acts(model).length).toBe(1);
    model.update({ rev: model.get("rev") + 1, legal: [] });
    await tick();
    expect($("roll").disabled).toBe(true);
    model.update({ legal: STATES.roll.legal, rev: model.get("rev") + 1 });
    await tick();
    key(el, "r");
    expect(acts(model)).toEqual([{ type: "roll" }, { type: "roll" }]);
  });

  it("patches its layout on a redraw: the board, the controls and the vote cards stay the same nodes", async () => {
    const { $, el, model } = mount("vote");
    const nodes = () => [el.querySelector(".bw-bb-left"), el.querySelector(".bw-bb-house"), el.querySelector(".bw-bb-controls"), $("space-0")];
    const before = nodes();
    const legal = legalOf(model).filter((a) => a.type === "vote");
    const card = $(`vote-${legal[0].target}`);
    model.update({ rev: model.get("rev") + 1, clock: { ...model.get("clock"), now: (model.get("clock").now || 0) + 50 } });
    await tick();
    expect(nodes()).toEqual(before); // the same elements (toEqual on nodes: isEqualNode would pass copies too)
    nodes().forEach((n, i) => expect(n === before[i]).toBe(true));
    expect($(`vote-${legal[0].target}`) === card).toBe(true); // nothing it shows changed: not rebuilt
    const row = $("vote-cards");
    const view = model.get("view");
    const t = legal[0].target;
    const cards = view.my_cards.map((n, s) => (s === t ? n - 1 : n));
    // your vote went in: the same buttons, patched (disabled, one card fewer), in the same row
    model.update({ rev: model.get("rev") + 1, legal: [], view: { ...view, my_cards: cards, my_choice: { vote: t } } });
    await tick();
    expect($(`vote-${t}`)).toBeNull();
    expect($(`card-${t}`)).toBe(card);
    expect(card.disabled).toBe(true);
    expect(card.getAttribute("aria-label")).toContain(`${cards[t]} left`);
    expect(card.textContent).toContain(`×${cards[t]}`);
    expect($("vote-cards")).toBe(row);
    expect($("my-vote").textContent).toContain(`card ${t + 1}`);
    expect(el.querySelector(".bw-bb-controls") === before[2]).toBe(true);
    card.click(); // a disabled card sends nothing
    expect(acts(model).filter((a) => a.type === "vote")).toEqual([]);
  });

  it("votes with one of your remaining vote cards, by click and by number key", () => {
    const { enabled, $, el, model } = mount("vote");
    const legal = legalOf(model).filter((a) => a.type === "vote");
    expect(enabled("vote-").map(Number).sort()).toEqual(legal.map((a) => a.target).sort());
    expect($("card").dataset.sign).toBe("+");
    expect($("card").textContent).toContain(model.get("view").card.question);
    const t = legal[0].target;
    expect($(`vote-${t}`).getAttribute("aria-label")).toMatch(new RegExp(`Vote with card ${t + 1}: .*, 4 left \\(key ${t + 1}\\)`));
    key(el, String(t + 1));
    expect(acts(model)).toEqual([{ type: "vote", target: t }]);
    key(el, "1"); // yourself: no such legal action, nothing sent
    expect(acts(model).length).toBe(1);
  });

  it("picks a gossip partner and side, then a secret gossip card with the countdown from the shared clock", async () => {
    const pick = mount("gossip_pick");
    const buttons = pick.$$('[data-testid^="gossip-"][data-testid$="-plus"], [data-testid^="gossip-"][data-testid$="-minus"]');
    expect(buttons.length).toBe(legalOf(pick.model).filter((a) => a.type === "gossip").length);
    buttons[1].click();
    expect(acts(pick.model)[0].type).toBe("gossip");
    const g = mount("gossip");
    expect(g.$("gossip").textContent).toContain(g.model.get("view").gossip.word);
    expect(g.enabled("gcard-").length).toBe(legalOf(g.model).length);
    // the view's clock learns its offset from the answer to its clock message
    const ask = g.model.sent.find((m) => m.type === MSG.CLOCK);
    expect(ask).toBeTruthy();
    g.model.update({ clock: { ...g.model.get("clock"), sync: ask.id, now: 4000, running: true } });
    await new Promise((r) => setTimeout(r, 150));
    const left = Number(g.$("gossip-countdown").dataset.left);
    const deadline = g.model.get("view").gossip.deadline;
    expect(left).toBeGreaterThan(deadline - 4000 - 1000);
    expect(left).toBeLessThanOrEqual(deadline - 4000);
    expect(g.$("gossip-countdown").textContent).toMatch(/^\d+\.\d s$/);
  });

  it("names a housemate in a room, ranks the evicted, votes in an eviction and the final", () => {
    for (const [name, type] of [["choose", "choose"], ["return", "rank"], ["eviction", "vote"], ["final", "vote"]]) {
      const m = mount(name);
      const legal = legalOf(m.model).filter((a) => a.type === type);
      expect(legal.length).toBeGreaterThan(0);
      expect(m.enabled(`${type}-`).map(Number).sort()).toEqual(legal.map((a) => a.target).sort());
      m.$(`${type}-${legal[0].target}`).click();
      expect(acts(m.model)).toEqual([legal[0]]);
    }
    expect(TARGET_TYPES).toContain("rank");
  });

  it("pays a reward owed with another card: the cards it still holds, by click and by number key", () => {
    // seat 0 owes Ben (seat 1) a card for the Garden but has none with number 2 left
    const owing = (s) => {
      s.view.phase = "pay";
      s.view.paying = { giver: 0, target: 1, why: "garden" };
      s.view.my_cards = [0, 0, 4, 3, 4];
      s.view.my_camera = [{ card: 2, code: "roll_double", text: "rolls a double", claimable: [], caught_this_round: true }];
      s.legal = [{ type: "pay", keys: ["target"], rows: [2, 3, 4] }];
      return s;
    };
    const { $, enabled, el, model } = mount("roll", owing);
    expect(enabled("pay-").map(Number)).toEqual([2, 3, 4]);
    expect($("prompt").textContent).toBe("You owe Ben a vote card but have none left: choose another card to put in the box (keys 1-6).");
    expect($("pay-3").getAttribute("aria-label")).toMatch(/^Pay with card 4: Dan, 3 left \(key 4\)$/);
    expect($("camera-2-used").textContent).toMatch(/catches again next round/);
    key(el, "2"); // the card that is gone: no such action, nothing sent
    expect(acts(model)).toEqual([]);
    key(el, "4");
    expect(acts(model)).toEqual([{ type: "pay", target: 3 }]);
    const other = mount("roll", owing);
    other.$("pay-2").click();
    expect(acts(other.model)).toEqual([{ type: "pay", target: 2 }]);
  });

  it("claims a camera catch with its button", () => {
    const { $, model } = mount("claim");
    const claim = legalOf(model).find((a) => a.type === "claim");
    const btn = $(`claim-${claim.card}-${claim.culprit}`);
    expect(btn.disabled).toBe(false);
    expect(btn.getAttribute("aria-label")).toMatch(/was caught/);
    btn.click();
    expect(acts(model)).toEqual([claim]);
  });
});

describe("what is shown", () => {
  it("shows the count of an eviction and the nominees", () => {
    const { $ } = mount("eviction");
    expect($("nominees").textContent).toMatch(/^Nominated: /);
    expect($("card").textContent).toMatch(/question 3 of 3/);
    expect($("tally").textContent).toMatch(/^🗳 Count: Nominations, round 1/);
    expect($("tally").querySelectorAll("li").length).toBeGreaterThan(1);
    // the count showed every card: whose card went to whom
    expect($("box-cards").textContent).toMatch(/Every card shown.* → /);
  });

  it("shows the finalists' rankings and who returned, in the final", () => {
    const { $, model } = mount("final");
    const v = model.get("view");
    expect($("ranks").textContent).toContain("returns: the rankings");
    expect($("ranks").querySelectorAll("li").length).toBe(Object.keys(v.ranks).length);
  });

  it("names the winner as the seat bar does", async () => {
    const { $, model } = mount("final");
    model.update({ view: { ...model.get("view"), over: true, winners: [2], phase: "over", prompt: "Player 3 wins Big Brother!" }, legal: [] });
    await tick();
    expect($("prompt").textContent).toBe("Cat wins Big Brother!");
  });

  it("draws nothing of the game under the hot-seat curtain", () => {
    const { $, $$, el } = mount("curtain");
    expect($("lift-curtain")).toBeTruthy();
    expect($$('[data-testid^="vote-"]').length).toBe(0);
    expect($("board")).toBeNull();
    expect(el.textContent).not.toMatch(/vote cards in hand/);
  });

  it("shows the teacher the secret votes of the question", () => {
    const { $ } = mount("reveal");
    expect($("teacher-ballot")).toBeTruthy();
  });

  it("every button has an accessible name and every space a label", () => {
    for (const name of Object.keys(STATES)) {
      const { $$ } = mount(name);
      for (const b of $$("button")) expect(b.getAttribute("aria-label") || b.textContent.trim()).toBeTruthy();
      for (const s of $$('[data-testid^="space-"]')) expect(s.getAttribute("aria-label")).toMatch(/^Space \d+: /);
    }
  });

  it("redraws without rebuilding the board when only the log changes", async () => {
    const { $, model } = mount("vote");
    const board = $("board");
    model.update({ log_lines: [...model.get("log_lines"), { i: 99, type: "x", step: 1, text: "hello" }] });
    await tick();
    expect($("board")).toBe(board);
  });
});

describe("patching in place", () => {
  /** Where two serialized DOMs part (a short window of each), or null when they are equal. */
  function firstDifference(a, b) {
    if (a === b) return null;
    let i = 0;
    while (a[i] === b[i]) i++;
    return { patched: a.slice(Math.max(0, i - 150), i + 150), fresh: b.slice(Math.max(0, i - 150), i + 150) };
  }

  it("an update patched into any earlier state draws exactly what a fresh render draws", async () => {
    for (const from of NAMES) {
      for (const to of NAMES) {
        const a = mount(from);
        a.model.update(structuredClone(STATES[to]));
        await tick();
        const b = mount(to);
        const [got, want] = [serialize(a.root), serialize(b.root)];
        expect(firstDifference(got, want), `${from} -> ${to}`).toBe(null);
        for (const c of cleanups.splice(0)) c();
      }
    }
  }, 60000); // 242 mounts of a 32-space house: slow on a loaded 2-core machine

  it("a roll touches only the spaces it changed: the pawn moves as the same node", async () => {
    const { $, el, model } = mount("roll");
    const view = model.get("view");
    const s = 0;
    const from = view.positions[s];
    const to = (from + 5) % model.get("content").track.length;
    const pawn = $(`pawn-${s}`);
    const board = $("board");
    const touched = new Set();
    const obs = new MutationObserver((records) => {
      for (const r of records) {
        const li = (r.target.nodeType === 1 ? r.target : r.target.parentElement).closest('[data-testid^="space-"]');
        touched.add(li ? li.dataset.testid : "outside a space");
      }
    });
    obs.observe(board, { subtree: true, childList: true, attributes: true, characterData: true });
    const positions = view.positions.map((p, i) => (i === s ? to : p));
    model.update({ view: { ...view, positions, odds: null, last_roll: null }, rev: model.get("rev") + 1 });
    await tick();
    obs.disconnect();
    expect($("board")).toBe(board);
    expect($(`pawn-${s}`)).toBe(pawn);
    expect(pawn.closest('[data-testid^="space-"]').dataset.testid).toBe(`space-${to}`);
    // the two spaces the pawn left and reached, and those that lose their landing odds
    const land = view.odds.land.map((p, i) => (p ? `space-${i}` : null)).filter(Boolean);
    expect([...touched].sort()).toEqual([...new Set([`space-${from}`, `space-${to}`, ...land, ...(view.last_roll ? [`space-${view.last_roll.to}`] : [])])].sort());
  });
});

describe("on a touch screen", () => {
  const pointer = (coarse) =>
    vi.stubGlobal("matchMedia", (q) => ({ matches: q === "(pointer: coarse)" ? coarse : false, media: q, addEventListener() {}, removeEventListener() {} }));
  const KEYISH = /\((R|key [0-9]|keys [0-9]-[0-9])\)|\bkeys?\b/;

  it("names taps, not keys: the prompt, the Roll button and the vote cards", () => {
    pointer(true);
    for (const name of ["roll", "vote"]) {
      const { $, $$ } = mount(name);
      expect($("prompt").textContent).not.toMatch(KEYISH);
      expect($("roll").textContent).toBe("🎲 Roll");
      for (const b of $$("button")) expect(`${b.getAttribute("aria-label") || ""} ${b.textContent}`).not.toMatch(KEYISH);
    }
    expect(mount("roll").$("prompt").textContent).toBe("Your turn: tap Roll.");
  });

  it("names the keys on a keyboard screen", () => {
    pointer(false);
    expect(mount("roll").$("prompt").textContent).toBe("Your turn: roll the dice (R).");
    expect(mount("vote").$("prompt").textContent).toContain("(keys 1-6)");
  });
});
