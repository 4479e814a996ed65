import { afterEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import widget from "../../brady_widgets/brady_bunch/view.js";
import { MSG, TRAITS } from "../src/messages.js";
import { fixture, legalOf, mounter, tick } from "./fake_model.js";
import { compactLegal } from "./compact.js";

const { mount, unmountAll } = mounter(widget, ".bw-brady");

afterEach(unmountAll);

const acts = (model) => model.sent.filter((m) => m.type === MSG.ACT).map((m) => m.action);
/** Python's answer to an act (its rev moves on): the view takes the next act. */
const answered = (m) => m.model.update({ rev: m.model.get("rev") + 1 });
const sortStr = (xs) => [...xs].map(String).sort();

/** Every enabled button of the controls that sends an action must send a legal one. */
function clickEveryControl(m) {
  const legal = legalOf(m.model).map((a) => JSON.stringify(a));
  const buttons = m.$$(".bw-controls button").filter((b) => !b.disabled);
  for (const b of buttons) {
    const before = m.model.sent.length;
    b.click();
    answered(m);
    for (const msg of m.model.sent.slice(before)) {
      if (msg.type === MSG.ACT) expect(legal).toContain(JSON.stringify(msg.action));
    }
  }
  return buttons.length;
}

describe("brady bunch view", () => {
  it("exports an anywidget module whose render returns a cleanup", () => {
    const { el, model, cleanup } = mount("brady_reveal");
    expect(el.querySelector(".bw-brady")).not.toBeNull();
    for (const key of TRAITS) expect(model.listeners.get(`change:${key}`).size).toBe(1);
    cleanup();
    for (const key of TRAITS) expect(model.listeners.get(`change:${key}`).size).toBe(0);
    expect(el.querySelector(".bw-brady")).toBeNull();
  });

  it("draws the board: a slot per kid with its printed name, color, card, hand, pile and cookies", () => {
    const { $, model, root } = mount("brady_talk");
    const view = model.get("view");
    expect(root.dataset.phase).toBe("talk");
    expect(root.dataset.role).toBe("alice");
    for (const k of view.kids) {
      const slot = $(`slot-${k.kid}`);
      expect(slot.textContent).toContain(k.kid); // color is never the only cue
      expect(slot.style.getPropertyValue("--kid-color")).toMatch(/^#/);
      expect($(`card-${k.kid}`).dataset.state).toBe(k.played ? (k.face_up !== null ? "up" : "down") : "empty");
      expect(slot.getAttribute("aria-label")).toContain(`hand ${k.hand}`);
      expect($(`cookies-${k.kid}`).textContent).toContain(String(k.cookies));
    }
    expect($(`round-${view.round}`).getAttribute("aria-current")).toBe("step");
    for (const s of view.snoops) expect($("snoops").textContent).toContain(s);
  });

  it("reveal: one button, from legal, sends reveal_snoops", () => {
    const m = mount("brady_reveal");
    expect(m.$$(".bw-controls button").length).toBe(1);
    m.$("reveal-snoops").click();
    expect(acts(m.model)).toEqual([{ type: "reveal_snoops" }]);
  });

  it("play (Alice): requests per Snoop and lights out, exactly the legal ones", () => {
    const m = mount("brady_play");
    const legal = legalOf(m.model);
    const req = legal.filter((a) => a.type === "request").map((a) => `${a.kid}-${a.about}`);
    expect(sortStr(m.enabled("request-"))).toEqual(sortStr(req));
    m.$("lights-out").click();
    answered(m);
    if (req.length) m.$(`request-${req[0]}`).click();
    expect(clickEveryControl(m)).toBe(req.length + 1);
  });

  it("question panel: choices come from legal ask_* actions and Ask sends the chosen one", () => {
    const m = mount("brady_talk");
    const legal = legalOf(m.model);
    const asks = legal.filter((a) => a.type.startsWith("ask_"));
    const kinds = [...new Set(asks.map((a) => a.type))];
    expect(sortStr(m.enabled("ask-kind-"))).toEqual(sortStr(kinds));
    // pick "is ... telling the truth", a kid, an about, a round
    m.$("ask-kind-ask_truth").click();
    expect(m.$("ask-kind-ask_truth").getAttribute("aria-pressed")).toBe("true");
    const truth = asks.filter((a) => a.type === "ask_truth");
    expect(sortStr(m.enabled("ask-kid-"))).toEqual(sortStr(new Set(truth.map((a) => a.kid))));
    const kid = truth[truth.length - 1].kid;
    m.$(`ask-kid-${kid}`).click();
    const abouts = truth.filter((a) => a.kid === kid).map((a) => a.about);
    expect(sortStr(m.enabled("ask-about-"))).toEqual(sortStr(new Set(abouts)));
    expect(m.enabled("ask-about-")).not.toContain(kid);
    const about = abouts[abouts.length - 1];
    m.$(`ask-about-${about}`).click();
    const rounds = truth.filter((a) => a.kid === kid && a.about === about).map((a) => a.round);
    expect(sortStr(m.enabled("ask-round-"))).toEqual(sortStr(new Set(rounds)));
    m.$(`ask-round-${rounds[0]}`).click();
    expect(m.$("ask").textContent).toContain(`Is ${about} telling the truth`);
    expect(m.model.sent).toEqual([]); // choosing is local
    m.$("ask").click();
    expect(acts(m.model)).toEqual([{ type: "ask_truth", kid, about, round: rounds[0] }]);
    answered(m);
    // cookies from legal
    const cookies = legal.filter((a) => a.type === "cookie").map((a) => a.kid);
    expect(sortStr(m.enabled("cookie-"))).toEqual(sortStr(cookies));
    m.$(`cookie-${cookies[0]}`).click();
    expect(acts(m.model).at(-1)).toEqual({ type: "cookie", kid: cookies[0] });
  });

  it("a question with no round (who is the Troublemaker?) has no round choice", () => {
    const m = mount("brady_talk");
    m.$("ask-kind-ask_suspect").click();
    expect(m.$$('[data-testid^="ask-round-"]').length).toBe(0);
    m.$("ask").click();
    const kid = legalOf(m.model).find((a) => a.type === "ask_suspect").kid;
    expect(acts(m.model)).toEqual([{ type: "ask_suspect", kid }]);
  });

  it("shows the answer in the talk panel, readably", () => {
    const m = mount("brady_talked");
    const talk = m.model.get("view").talk;
    const last = talk[talk.length - 1];
    expect(last.kind).toBe("vouch");
    expect(m.$(`talk-${last.i}`).textContent).toContain(`${last.speaker}: “${last.yes ? "Yes" : "No"}, Jan`);
    expect(m.$$('[data-testid^="talk-"]').length).toBe(talk.length);
  });

  it("help: tokens and pass; help_peek: peeks at the legal kids only", () => {
    const m = mount("brady_help");
    const tokens = legalOf(m.model).filter((a) => a.type === "use_token").map((a) => a.token);
    expect(sortStr(m.enabled("token-").filter((t) => t !== "pass"))).toEqual(sortStr(tokens));
    m.$("token-pass").click();
    expect(acts(m.model)).toEqual([{ type: "pass" }]);
    const p = mount("brady_help_peek");
    const kids = legalOf(p.model).map((a) => a.kid);
    expect(sortStr(p.enabled("peek-"))).toEqual(sortStr(kids));
    expect(p.$("prompt").textContent).toContain("Eyes closed");
    expect(clickEveryControl(p)).toBe(kids.length);
  });

  it("final: end the round; accuse: one button per kid on the board", () => {
    const f = mount("brady_final");
    f.$("end-round").click();
    expect(acts(f.model)).toEqual([{ type: "end_round" }]);
    const a = mount("brady_accuse");
    const kids = a.model.get("view").kids.map((k) => k.kid);
    expect(sortStr(a.enabled("accuse-"))).toEqual(sortStr(kids));
    a.$(`accuse-${kids[1]}`).click();
    expect(acts(a.model)).toEqual([{ type: "accuse", kid: kids[1] }]);
  });

  it("a kid plays a card from the hand (legal values only) and sees its own secrets", () => {
    const m = mount("brady_kid_play");
    const view = m.model.get("view");
    expect(m.root.dataset.role).toBe("kid");
    expect(m.$("me").textContent).toContain(`You are ${view.me}`);
    const values = legalOf(m.model).map((a) => a.value);
    expect(sortStr(m.enabled("play-"))).toEqual(sortStr(values));
    m.$(`play-${values[0]}`).click();
    expect(acts(m.model)).toEqual([{ type: "play", value: values[0] }]);
    expect(m.$("secrets").textContent).toContain("Your hand");
    expect(m.$("odds")).toBeNull(); // Alice's notebook is Alice's
  });

  it("a Snoop looks with eyes closed at a legal card; the peek then shows on the board", () => {
    const m = mount("brady_kid_snoop");
    const view = m.model.get("view");
    expect(view.snooper).toBe(view.me);
    expect(m.$("prompt").textContent).toContain("Eyes closed");
    const kids = legalOf(m.model).map((a) => a.kid);
    expect(sortStr(m.enabled("peek-"))).toEqual(sortStr(kids));
    expect(kids).not.toContain(view.me);
    m.$(`peek-${kids[0]}`).click();
    expect(acts(m.model)).toEqual([{ type: "peek", kid: kids[0] }]);
    // the kid's own card on the board is known to them
    expect(m.$(`card-${view.me}`).dataset.state).toBe("known");
    // after the peek: the value shows on that kid's slot, for this viewer
    m.model.update({ view: { ...view, peeks: [...view.peeks, { round: view.round, kid: kids[0], value: 4, via: "snoop" }] } });
    return tick().then(() => {
      expect(m.$(`card-${kids[0]}`).dataset.state).toBe("known");
      expect(m.$(`card-${kids[0]}`).textContent).toContain("4");
      expect(m.$("secrets").textContent).toContain(`${kids[0]}'s card as a Snoop was 4`);
    });
  });

  it("claims: choose a kid and a value from legal, send it, or pass", () => {
    const m = mount("brady_kid_claims");
    const legal = legalOf(m.model);
    const kids = [...new Set(legal.filter((a) => a.type === "claim").map((a) => a.kid))];
    expect(sortStr(m.enabled("claim-kid-"))).toEqual(sortStr(kids));
    m.$(`claim-kid-${kids[0]}`).click();
    m.$("claim-value-6").click();
    expect(m.$("claim-value-6").getAttribute("aria-pressed")).toBe("true");
    m.$("claim-send").click();
    answered(m);
    m.$("claim-pass").click();
    expect(acts(m.model)).toEqual([{ type: "claim", kid: kids[0], value: 6 }, { type: "pass" }]);
  });

  it("answers: the kid sees the truth beside the answer buttons, built from legal", () => {
    const m = mount("brady_kid_answer");
    const view = m.model.get("view");
    expect(m.$("prompt").textContent).toContain("Alice asks you");
    expect(m.$("truth").textContent).toContain("What you really know");
    const legal = legalOf(m.model);
    const n = clickEveryControl(m);
    expect(n).toBe(legal.length);
    const r = view.pending.round ?? view.round;
    if (view.my_cards[r - 1] !== undefined) expect(m.$("truth").textContent).toContain(`You played ${view.my_cards[r - 1]} (`);
  });

  it("answers to 'what number did they play?': a kid x value grid and 'nobody'", () => {
    const m = mount("brady_kid_number");
    const legal = legalOf(m.model);
    const nums = legal.filter((a) => a.type === "say_number");
    expect(m.$$('[data-testid^="say-number-"]').length).toBe(nums.length);
    m.$(`say-number-${nums[0].kid}-${nums[0].value}`).click();
    answered(m);
    m.$("say-looked-nobody").click();
    expect(acts(m.model)).toEqual([nums[0], { type: "say_looked", kid: "nobody" }]);
  });

  it("signs: + and -; Oliver: expose or pass", () => {
    const s = mount("brady_kid_signs");
    s.$("sign-plus").click();
    answered(s);
    s.$("sign-minus").click();
    expect(acts(s.model)).toEqual([{ type: "sign", plus: true }, { type: "sign", plus: false }]);
    const o = mount("brady_oliver_expose");
    const kids = legalOf(o.model).filter((a) => a.type === "expose").map((a) => a.kid);
    expect(sortStr(o.enabled("expose-").filter((k) => k !== "pass"))).toEqual(sortStr(kids));
    o.$("expose-pass").click();
    expect(acts(o.model)).toEqual([{ type: "pass" }]);
  });

  it("no legal actions: no enabled control, a waiting prompt", () => {
    for (const name of ["brady_talk", "brady_kid_play", "brady_accuse"]) {
      const m = mount(name, (s) => ({ ...s, legal: [] }));
      expect(m.$$(".bw-controls button").filter((b) => !b.disabled && b.dataset.testid !== "run-bots")).toEqual([]);
      expect(m.$("prompt").textContent).toMatch(/Waiting for/);
    }
  });

  it("buttons come only from legal: a narrowed legal list narrows the controls", () => {
    const m = mount("brady_talk", (s) => ({ ...s, legal: compactLegal([{ type: "ask_played", kid: "Jan", round: 1 }]) }));
    expect(m.enabled("ask-kind-")).toEqual(["ask_played"]);
    expect(m.enabled("ask-kid-")).toEqual(["Jan"]);
    expect(m.enabled("cookie-")).toEqual([]);
    m.$("ask").click();
    expect(acts(m.model)).toEqual([{ type: "ask_played", kid: "Jan", round: 1 }]);
  });

  it("Alice's notebook: a row per kid with both columns as labelled bars", () => {
    const m = mount("brady_talk");
    const odds = m.model.get("view").odds;
    expect(odds.kids.length).toBeGreaterThan(0);
    for (const k of odds.kids) {
      const row = m.$(`odds-${k.kid}`);
      expect(row.textContent).toContain(k.kid);
      expect(row.textContent).toContain(`${Math.round(k.p_highest * 1000) / 10}%`);
      expect(row.querySelectorAll('[role="meter"]').length).toBe(k.p_highest_trust === null ? 1 : 2);
    }
  });

  it("the trust slider shows the panel's trust and sends an option message, not an action", () => {
    const m = mount("brady_talk");
    const slider = m.$("trust");
    expect(Number(slider.value)).toBeCloseTo(m.model.get("view").odds.trust);
    expect(slider.getAttribute("aria-label")).toMatch(/trust/i);
    slider.value = "0.35";
    slider.dispatchEvent(new Event("input"));
    expect(m.$("trust-value").textContent).toBe("35%");
    expect(m.model.sent).toEqual([]);
    slider.dispatchEvent(new Event("change"));
    expect(m.model.sent).toEqual([{ type: MSG.OPTION, name: "trust", value: 0.35 }]);
  });

  it("the end: tiles on the Troublemaker / Sidekick / Tattletale spots, scores and the accusation", () => {
    const m = mount("brady_over");
    const view = m.model.get("view");
    expect(m.$("winner").textContent).toBe(`🏆 ${view.end}`); // who won and why: "... win: Alice accused ..."
    expect(view.end).toMatch(/ wins?: Alice accused /);
    for (const [key, id] of [["troublemakers", "troublemaker"], ["sidekicks", "sidekick"], ["tattletales", "tattletale"]]) {
      for (const kid of view.roles[key]) {
        const k = view.kids.find((x) => x.kid === kid);
        expect(m.$(`spot-${id}`).textContent).toContain(kid);
        expect(m.$(`spot-${id}`).textContent).toContain(`= ${k.score}`);
      }
    }
    expect(m.$("accusation").textContent).toContain(`Alice accused ${view.accused}`);
    expect(m.$("replay")).not.toBeNull();
    m.$("reveal-toggle").click();
    m.$("replay-back").click();
    expect(m.model.sent).toEqual([
      { type: MSG.REVEAL, on: true },
      { type: MSG.REPLAY, step: m.model.get("replay").length - 1 },
    ]);
  });

  it("the teacher's replay shows every hand and the step", () => {
    const m = mount("brady_replay_reveal");
    expect(m.root.dataset.reveal).toBe("true");
    expect(m.$("replay-banner").textContent).toContain("Replay: after action 5");
    expect(m.$("me").textContent).toContain("Teacher view");
    const hands = m.model.get("view").hands;
    const [kid, cards] = Object.entries(hands)[0];
    expect(m.$(`slot-${kid}`).textContent).toContain(`(${cards.join(", ")})`);
  });

  it("the hot-seat curtain hides everything but the seat bar and the button", () => {
    const m = mount("brady_curtain");
    expect(m.root.dataset.curtain).toBe("up");
    expect(m.$("curtain").textContent).toContain("Pass to Alice");
    expect(m.$("board")).toBeNull();
    expect(m.$("prompt")).toBeNull();
    m.$("lift-curtain").click();
    expect(m.model.sent).toEqual([{ type: MSG.LIFT_CURTAIN }]);
  });

  it("shows errors in a dismissible alert", () => {
    const m = mount("brady_error");
    expect(m.$("error").getAttribute("role")).toBe("alert");
    expect(m.$("error").dataset.code).toBe("illegal_action");
    m.$("error-dismiss").click();
    expect(m.model.sent).toEqual([{ type: MSG.CLEAR_ERROR }]);
  });

  it("redraws once per update, keeps unchanged sections, and keeps focus on a surviving button", async () => {
    const m = mount("brady_talk");
    const board = m.$("board");
    const btn = m.$("ask-kind-ask_played");
    btn.focus();
    const view = m.model.get("view");
    m.model.update({ log_lines: [...m.model.get("log_lines"), { i: 9999, type: "cookie", step: 99, text: "Alice gives Greg a Cookie." }] });
    await tick();
    expect(m.$("board")).toBe(board); // untouched
    expect(document.activeElement).toBe(btn);
    expect(m.$("log").lastElementChild.textContent).toBe("Alice gives Greg a Cookie.");
    m.model.update({ view: { ...view, round: view.round } });
    await tick();
    expect(m.$("board")).toBe(board);
  });

  it("focus moves to a live control when the focused one goes away", async () => {
    const m = mount("brady_reveal");
    m.$("reveal-snoops").focus();
    const play = fixture("brady_play");
    m.model.update({ view: play.view, legal: play.legal, log_lines: play.log_lines });
    await tick();
    expect(document.activeElement.closest(".bw-controls")).not.toBeNull();
    expect(document.activeElement.disabled).toBe(false);
  });

  it("every clickable thing is a labelled button; CSS is scoped under .bw-brady", () => {
    for (const name of ["brady_talk", "brady_kid_answer", "brady_over", "brady_kid_claims"]) {
      const m = mount(name);
      for (const b of m.$$("button")) {
        expect(b.getAttribute("aria-label") || b.textContent.trim()).toBeTruthy();
        expect(b.getAttribute("type")).toBe("button");
      }
    }
    const css = readFileSync(resolve(process.cwd(), "..", "brady_widgets", "brady_bunch", "view.css"), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
    const selectors = [...css.matchAll(/(?:^|})\s*([^{}@]+)\{/g)].map((x) => x[1].trim());
    expect(selectors.length).toBeGreaterThan(40);
    for (const sel of selectors) for (const part of sel.split(",")) expect(part.trim().startsWith(".bw-brady")).toBe(true);
  });

  it("user-typed names are text, never markup", () => {
    const m = mount("brady_curtain", (s) => ({ ...s, settings: { ...s.settings, names: ["<b>x</b>", ...s.settings.names.slice(1)] } }));
    expect(m.el.querySelector("b")).toBeNull();
    expect(m.$("curtain").textContent).toContain("<b>x</b>");
  });

  it("talk entries show Python's text, as it comes (no wording of its own)", async () => {
    const m = mount("brady_talked");
    const talk = m.model.get("view").talk;
    const last = talk[talk.length - 1];
    expect(m.$(`talk-${last.i}`).textContent).toContain(`“${last.text}”`);
    const view = m.model.get("view");
    m.model.update({ view: { ...view, talk: [...talk.slice(0, -1), { ...last, text: "Spelled in Python." }] } });
    await tick();
    expect(m.$(`talk-${last.i}`).textContent).toContain("“Spelled in Python.”");
  });
});
