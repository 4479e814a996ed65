// A clearer screen (issue 11, item 8): what a student sees without a screen reader. The
// question form keeps its choices and shows the answer beside it; the reasons a move is
// unavailable, what a Help Token does and how the odds are counted are visible text; whose
// roll "Last roll" was; the replay and the log count the same thing; no name twice on a tab;
// every button state keeps readable colors (the CSS rules, checked in the browser too).
import { afterEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import brady from "../../brady_widgets/brady_bunch/view.js";
import costume, { blackReasons, lastRoller } from "../../brady_widgets/costume_party/view.js";
import { ODDS_SUM_NOTE, tokenHelp } from "../../brady_widgets/brady_bunch/view.js";
import { MSG } from "../src/messages.js";
import { logPanel, updateLog } from "../src/log.js";
import { legalOf, mounter, tick } from "./fake_model.js";

const B = mounter(brady, ".bw-brady");
const C = mounter(costume, ".bw-costume");
afterEach(() => {
  B.unmountAll();
  C.unmountAll();
});

const acts = (model) => model.sent.filter((m) => m.type === MSG.ACT).map((m) => m.action);
const answered = (m) => m.model.update({ rev: m.model.get("rev") + 1 });
const pressed = (m, prefix) =>
  m.$$(`[data-testid^="${prefix}"][aria-pressed="true"]`).map((b) => b.dataset.testid.slice(prefix.length));
/** Visible text: not an aria-label, not a title (the text a sighted student reads). */
const visible = (node) => (node ? node.textContent : "");

describe("Brady: the question form", () => {
  it("keeps its choices after a question (not back to the first kid and question)", async () => {
    const m = B.mount("brady_talk");
    const asks = legalOf(m.model).filter((a) => a.type === "ask_truth");
    const kid = asks[asks.length - 1].kid;
    m.$("ask-kind-ask_truth").click();
    m.$(`ask-kid-${kid}`).click();
    const about = asks.filter((a) => a.kid === kid).at(-1).about;
    m.$(`ask-about-${about}`).click();
    const before = { kind: pressed(m, "ask-kind-"), kid: pressed(m, "ask-kid-"), about: pressed(m, "ask-about-"), round: pressed(m, "ask-round-") };
    expect(before.kind).toEqual(["ask_truth"]);
    expect(before.kid).toEqual([kid]);
    m.$("ask").click();
    expect(acts(m.model)).toHaveLength(1);
    expect(acts(m.model)[0]).toMatchObject({ type: "ask_truth", kid, about });
    // Python answers: the rev moves on, the kid's answer joins the talk, the form is drawn again
    const view = m.model.get("view");
    const answer = { i: 99, kind: "vouch", question: "ask_truth", round: view.round, speaker: kid, subject: about, text: `Yes, ${about} told the truth.`, yes: true, value: null, about_round: 1 };
    m.model.update({ rev: m.model.get("rev") + 1, view: { ...view, questions: (view.questions || 0) + 1, talk: [...view.talk, answer] } });
    await tick();
    expect(pressed(m, "ask-kind-")).toEqual(before.kind);
    expect(pressed(m, "ask-kid-")).toEqual(before.kid);
    expect(pressed(m, "ask-about-")).toEqual(before.about);
    expect(pressed(m, "ask-round-")).toEqual(before.round);
    expect(m.$("ask").textContent).toContain(`Ask ${kid}: “Is ${about} telling the truth`);
    // ... and shows the answer beside it
    const beside = m.$("last-answer");
    expect(m.$("question").contains(beside)).toBe(true);
    expect(beside.parentElement).toBe(m.$("ask").parentElement); // in the Ask button's row
    expect(beside.textContent).toContain(kid);
    expect(beside.textContent).toContain(`“Yes, ${about} told the truth.”`);
  });

  it("the other panels still start afresh after an act (a claim is not kept)", async () => {
    const m = B.mount("brady_kid_claims");
    const kids = m.enabled("claim-kid-");
    m.$(`claim-kid-${kids[kids.length - 1]}`).click();
    expect(pressed(m, "claim-kid-")).toEqual([kids[kids.length - 1]]);
    m.$("claim-send").click();
    answered(m);
    await tick();
    // back to the default (the kid herself: Marcia), not the chosen Jan
    expect(kids[kids.length - 1]).toBe("Jan");
    expect(pressed(m, "claim-kid-")).toEqual([m.model.get("view").me]);
  });

  it("shows the newest answer beside the form, or whose answer it waits for", () => {
    const m = B.mount("brady_talked");
    const talk = m.model.get("view").talk;
    const last = talk.filter((st) => st.question).at(-1);
    expect(m.$("last-answer").textContent).toContain(`“${last.text}”`);
    expect(m.$("last-answer").textContent).toContain(last.speaker);
    const waiting = B.mount("brady_talked", (s) => ({ ...s, view: { ...s.view, pending: { kid: "Jan", question: "ask_played", round: 1 } } }));
    expect(waiting.$("last-answer").textContent).toContain("Waiting for Jan's answer");
    const none = B.mount("brady_talk");
    expect(none.$("last-answer").textContent).toContain("The answer shows here");
  });
});

describe("Brady: what the student is told on screen", () => {
  it("says what a Help Token does, by the tokens and where Alice decides", () => {
    const m = B.mount("brady_talk");
    const help = m.$("token-help");
    expect(help).not.toBeNull();
    expect(visible(help)).toContain("A Help Token lets Alice secretly look at face-down cards after the talk");
    expect(visible(help)).toContain("the dog's token: 2 cards");
    expect(visible(help)).toContain("the woman's token and the man's token: 1 card");
    const h = B.mount("brady_help");
    expect(visible(h.root.querySelector(".bw-controls"))).toContain("A Help Token lets Alice");
    expect(tokenHelp({ tokens: [] })).toContain("Help Token");
  });

  it("says by the odds that tied kids are each counted (the column may pass 100%)", () => {
    const m = B.mount("brady_talk");
    expect(visible(m.$("odds-sum"))).toBe(ODDS_SUM_NOTE);
    expect(ODDS_SUM_NOTE).toMatch(/more than 100%/);
    expect(m.$("odds").contains(m.$("odds-sum"))).toBe(true);
  });

  it("shows no name twice on a seat's tab, and a role that differs from the name", () => {
    const m = B.mount("brady_talk");
    expect(m.$("seat-0").textContent.match(/Alice/g)).toHaveLength(1);
    for (let s = 1; s <= 4; s++) {
      const kid = m.model.get("content").seat_kid[String(s)];
      expect(m.$(`seat-${s}`).textContent.split(kid).length - 1).toBe(1); // the name once, plus a swatch
      expect(m.$(`seat-${s}`).querySelector(".bw-swatch")).not.toBeNull();
    }
    const named = B.mount("brady_talk", (s) => ({ ...s, settings: { ...s.settings, names: ["Ms Lee", "Ann", "Marcia", "Peter", "Jan"] } }));
    expect(named.$("seat-0").textContent).toContain("as Alice");
    expect(named.$("seat-1").textContent).toContain("as Greg");
  });
});

describe("Costume Party: why a move is unavailable, and whose roll", () => {
  const mine = (s) => s.view.my_character;
  it("says on screen why Draw is greyed out (empty deck, or three face-up cards)", () => {
    const onlyKills = (s) => ({ ...s, legal: s.legal.filter((a) => a.type === "kill") });
    const empty = C.mount("black", (s) => ({ ...onlyKills(s), view: { ...s.view, deck_count: 0 } }));
    expect(empty.$("draw").disabled).toBe(true);
    expect(visible(empty.$("why-draw"))).toBe("You cannot draw: the deck is empty, so you must kill.");
    const full = C.mount("black", (s) => {
      const faceUp = s.view.face_up.map((f, i) => (i === s.seat ? [1, 2, 3] : f));
      return { ...onlyKills(s), view: { ...s.view, face_up: faceUp } };
    });
    expect(visible(full.$("why-draw"))).toContain("you already hold 3 face-up cards");
    // the helper text sits next to the Draw button, in the same controls
    expect(full.$("why-draw").closest(".bw-controls")).toBe(full.$("draw").closest(".bw-controls"));
    const open = C.mount("black");
    expect(open.$("draw").disabled).toBe(false);
    expect(open.$("why-draw")).toBeNull();
  });

  it("says on screen why you must kill yourself", () => {
    const alone = C.mount("black", (s) => ({
      ...s,
      legal: [{ type: "kill", keys: ["figure"], rows: [mine(s)] }],
    }));
    expect(alone.$(`kill-${alone.model.get("view").my_character}`)).not.toBeNull();
    const text = visible(alone.$("why-kill"));
    expect(text).toContain("is alone in its room, so the only figure you can kill is yourself");
    const crowd = C.mount("black");
    expect(visible(crowd.$("why-kill"))).toContain("not yourself: you are not alone");
  });

  it("blackReasons names the rule's reason and nothing when all is open", () => {
    const fig = (f) => `F${f}`;
    expect(blackReasons({ canDraw: true, kills: [1, 2], mine: 3, deckCount: 5, faceUp: 0, fig })).toEqual({
      draw: null,
      kill: "You may kill any other figure in your character's room (not yourself: you are not alone).",
    });
    expect(blackReasons({ canDraw: false, kills: [3], mine: 3, deckCount: 0, faceUp: 1, fig }).kill).toContain("F3 is alone");
  });

  it("names whose roll the last roll was", () => {
    const move = C.mount("move");
    const v = move.model.get("view");
    const roller = v.to_act[0];
    const who = roller === move.model.get("seat") ? "you" : move.model.get("settings").names[roller];
    expect(move.$("last-roll").textContent).toContain(`(${who})`);
    // after the turn passed: the newest roll in the log
    const log = [{ i: 0, type: "roll", seat: 2, step: 4, text: "Bot 3 rolled blue." }, { i: 1, type: "move", seat: 2, step: 5, text: "moved" }];
    expect(lastRoller({ phase: "roll", to_act: [3] }, log)).toBe(2);
    expect(lastRoller({ phase: "move", to_act: [1] }, log)).toBe(1);
    expect(lastRoller({ phase: "roll", to_act: [0] }, [])).toBe(null);
    const after = C.mount("move", (s) => ({
      ...s,
      view: { ...s.view, phase: "roll", to_act: [0] },
      log_lines: [...s.log_lines, { i: 500, type: "roll", seat: 3, step: 900, text: "Bot 4 rolled red." }],
    }));
    expect(after.$("last-roll").textContent).toContain(`(${after.model.get("settings").names[3]})`);
  });
});

describe("the frame: replay and log count the same thing", () => {
  it("the replay counts actions, as its banner does", () => {
    const m = C.mount("replay_reveal");
    const { step, length } = m.model.get("replay");
    expect(m.$("replay-step").textContent).toBe(`Action ${step} of ${length}`);
    expect(m.$("replay-banner").textContent).toBe(`Replay: after action ${step} of ${length}`);
    expect(m.$("replay-slider").getAttribute("aria-valuetext")).toBe(`action ${step} of ${length}`);
  });

  it("the log does not number its events by position; an entry with `action` shows that number", () => {
    const m = C.mount("replay_reveal");
    const entries = m.model.get("log_lines");
    expect([...m.$("log").children].length).toBe(entries.length);
    [...m.$("log").children].forEach((li, k) => {
      expect(li.hasAttribute("value")).toBe(false);
      // a real entry's number is its `action` (0, the setup, shows none), not its position
      expect(li.dataset.action).toBe(entries[k].action > 0 ? String(entries[k].action) : undefined);
    });
    expect(entries.some((e, k) => e.action > 0 && e.action !== k + 1)).toBe(true);
    const { list } = logPanel();
    updateLog(list, [
      { i: 0, type: "start", step: 0, action: 0, text: "Start." },
      { i: 1, type: "roll", step: 2, action: 1, text: "Rolled." },
      { i: 2, type: "move", step: 3, action: 2, text: "Moved." },
      { i: 3, type: "left", step: 3, action: 2, text: "Left." },
    ]);
    const items = [...list.children];
    expect(items.map((li) => li.dataset.action ?? null)).toEqual([null, "1", "2", "2"]);
    expect(items[2].textContent).toBe("2.Moved.");
    expect(items[2].querySelector(".bw-log-n").getAttribute("aria-hidden")).toBe("true");
  });
});

describe("the log list: patched, never rebuilt while the history holds", () => {
  const entry = (i, tag = "") => ({ i, type: "x", step: i, text: `event ${i}${tag}` });
  const keys = (list) => [...list.children].map((li) => li.dataset.key);

  it("a sliding window, earlier pages and a new history: the list always shows the entries, reusing kept nodes", () => {
    const { list } = logPanel();
    let seed = 7;
    const rand = (n) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    let lo = 0;
    let hi = 5;
    let tag = "";
    for (let step = 0; step < 200; step++) {
      const move = rand(10);
      if (move < 5) hi += 1 + rand(3); // new events
      else if (move < 7) lo = Math.min(hi, lo + 1 + rand(4)); // older ones leave the window
      else if (move < 8) lo = Math.max(0, lo - 1 - rand(6)); // an earlier page shown
      else if (move < 9) tag = tag ? "" : " (replay)"; // a different history
      lo = Math.max(lo, hi - 30); // a synced window is bounded
      const entries = [];
      for (let i = lo; i < hi; i++) entries.push(entry(i, tag));
      const before = new Map([...list.children].map((li) => [li.dataset.key, li]));
      updateLog(list, entries);
      expect(keys(list)).toEqual(entries.map((e) => `${e.i}\u0000x\u0000\u0000event ${e.i}${tag}`));
      const rebuilt = move === 8;
      for (const li of list.children) if (!rebuilt && before.has(li.dataset.key)) expect(before.get(li.dataset.key)).toBe(li);
    }
  });

  it("a window sliding at one length: each update drops the oldest and keeps the rest as they are", () => {
    const { list } = logPanel();
    const window = (lo) => [0, 1, 2, 3, 4].map((k) => entry(lo + k));
    updateLog(list, window(0));
    for (let lo = 1; lo < 8; lo++) {
      const kept = [...list.children].slice(1);
      expect(updateLog(list, window(lo))).toBe(1);
      expect(keys(list).map((k) => Number(k.split("\u0000")[0]))).toEqual([0, 1, 2, 3, 4].map((k) => lo + k));
      kept.forEach((li, n) => expect(list.children[n]).toBe(li));
    }
  });

  it("follows a list changed behind its back (the keys it remembers are checked against the DOM)", () => {
    const { list } = logPanel();
    updateLog(list, [entry(0), entry(1), entry(2)]);
    list.lastElementChild.remove();
    updateLog(list, [entry(0), entry(1), entry(2), entry(3)]);
    expect(keys(list).map((k) => k.split("\u0000")[0])).toEqual(["0", "1", "2", "3"]);
  });
});

describe("buttons: every state sets its own readable colors (shared.css)", () => {
  const css = readFileSync(resolve(process.cwd(), "src", "shared.css"), "utf8");
  const rule = (sel) => {
    const at = css.indexOf(`${sel} {`) >= 0 ? css.indexOf(`${sel} {`) : css.indexOf(`${sel},`);
    expect(at, `no rule for ${sel}`).toBeGreaterThanOrEqual(0);
    return css.slice(at, css.indexOf("}", at));
  };
  it("the primary button's hover, focus and press keep white text on a darker blue", () => {
    for (const sel of [".bw-root .bw-btn-primary:hover:not(:disabled)", ".bw-root .bw-btn-primary:active:not(:disabled)"]) {
      const r = rule(sel);
      expect(r).toContain("color: #fff");
      expect(r).toMatch(/background-color: var\(--bw-primary-(hover|active)\)/);
    }
    expect(css).toContain(".bw-root .bw-btn-primary:focus-visible:not(:disabled)");
  });
  it("the generic hover changes no color (an overlay), and disabled buttons are not faded", () => {
    const hover = rule(".bw-root .bw-btn:hover:not(:disabled)");
    expect(hover).not.toMatch(/(^|[\s;{])(color|background-color|background):/);
    const disabled = rule(".bw-root .bw-btn:disabled");
    expect(disabled).toContain("opacity: 1");
    for (const file of ["../brady_widgets/brady_bunch/view.css", "../brady_widgets/costume_party/view.css", "src/generic.css"]) {
      const text = readFileSync(resolve(process.cwd(), file), "utf8");
      expect(text, file).not.toMatch(/\.bw-btn:disabled\s*{[^}]*opacity:\s*0\./);
    }
  });
});
