// Words for people (issue 25, item 4): every refusal a view's messages can cause, as
// each game's widget shows it (fixtures/refusals.json, written from the real widgets by
// make_refusal_fixtures.py), is drawn as the game's sentence: no code, no braces, no
// "seat N", no action; the code stays in data-code. The end banner says who won and why.
import { afterEach, describe, expect, it } from "vitest";
import bigBrother from "../../brady_widgets/big_brother/view.js";
import brady from "../../brady_widgets/brady_bunch/view.js";
import brouhaha from "../../brady_widgets/brouhaha/view.js";
import costume from "../../brady_widgets/costume_party/view.js";
import totalBlack from "../../brady_widgets/total_black/view.js";
import { fakeModel, fixture, tick } from "./fake_model.js";

const VIEWS = { big_brother: bigBrother, brady_bunch: brady, brouhaha, costume_party: costume, total_black: totalBlack };
const GAMES = fixture("refusals");
const CODES = /\b(not_your_turn|illegal_action|malformed_action|game_over|malformed_message|unknown_message|teacher_only|replay_unavailable|rate_limited|internal_error)\b/;

const mounted = [];
afterEach(() => {
  while (mounted.length) mounted.pop()();
});

function mount(name, state) {
  const model = fakeModel(state);
  const el = document.createElement("div");
  document.body.appendChild(el);
  const unmount = VIEWS[name].render({ model, el });
  mounted.push(() => {
    if (typeof unmount === "function") unmount();
    el.remove();
  });
  const $ = (id) => el.querySelector(`[data-testid="${id}"]`);
  return { model, el, $ };
}

function expectSentence(text) {
  expect(text).toMatch(/^[A-Z].{6,}[.!?]$/);
  expect(text).not.toMatch(CODES);
  expect(text).not.toMatch(/[{}[\]]/);
  expect(text).not.toMatch(/\bseat\s*\d/i);
}

describe("refusals are sentences in the game's words", () => {
  it("covers every registered game and the refusals a student can cause", () => {
    expect(Object.keys(GAMES).sort()).toEqual(Object.keys(VIEWS).sort());
    for (const [name, game] of Object.entries(GAMES)) {
      const codes = new Set(game.errors.map((e) => e.code));
      // (Total Black's one action, hold, takes no arguments: it is never refused as illegal)
      if (name !== "total_black") expect(codes.has("illegal_action"), `${name}: illegal_action`).toBe(true);
      for (const code of ["not_your_turn", "malformed_action", "game_over", "malformed_message", "unknown_message", "teacher_only", "replay_unavailable"]) {
        expect(codes.has(code), code).toBe(true);
      }
    }
  });

  for (const [name, game] of Object.entries(GAMES)) {
    it(`${name}: each refusal's banner is its sentence, the code in data-code only`, async () => {
      const { model, $ } = mount(name, game.start);
      expect($("error")).toBeNull();
      let n = 0;
      for (const error of game.errors) {
        model.update({ error: { ...error, n: ++n } });
        await tick();
        const banner = $("error");
        expect(banner, error.code).toBeTruthy();
        const text = banner.querySelector(".bw-error-text").textContent;
        expect(text).toBe(error.message);
        expectSentence(text);
        expect(banner.textContent).not.toMatch(CODES);
        expect(banner.getAttribute("data-code")).toBe(error.code);
      }
    });

    it(`${name}: the end banner says who won and why`, () => {
      const { $ } = mount(name, game.over);
      const end = game.over.view.end;
      expect(typeof end).toBe("string");
      expect($("winner").textContent).toBe(`🏆 ${end}`);
      expect(end).toMatch(/ wins?: .+\.$/);
      expectSentence(end);
    });
  }
});
