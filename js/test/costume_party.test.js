import { afterEach, describe, expect, it } from "vitest";
import widget from "../../brady_widgets/costume_party/view.js";
import { MSG, TRAITS } from "../src/messages.js";
import { fixture, legalOf, mounter, serialize, tick } from "./fake_model.js";
import { compactLegal } from "./compact.js";

const { mount, unmountAll } = mounter(widget, ".bw-costume");

afterEach(unmountAll);

describe("costume party view", () => {
  it("exports an anywidget module with render returning a cleanup", () => {
    expect(typeof widget.render).toBe("function");
    const { el, model, cleanup } = mount("roll");
    expect(el.querySelector(".bw-costume")).not.toBeNull();
    for (const key of TRAITS) expect(model.listeners.get(`change:${key}`).size).toBe(1);
    cleanup();
    for (const key of TRAITS) expect(model.listeners.get(`change:${key}`).size).toBe(0);
    expect(el.querySelector(".bw-costume")).toBeNull();
  });

  it("draws five named rooms laid out as the adjacency, with every figure on the board", () => {
    const { $, $$, root, model } = mount("roll");
    const view = model.get("view");
    expect(root.dataset.phase).toBe("roll");
    const names = { blue: "Blue Ballroom", yellow: "Yellow Library", red: "Red Kitchen", green: "Green Garden", hall: "Middle Hall" };
    for (const [room, name] of Object.entries(names)) {
      const box = $(`roombox-${room}`);
      expect(box.textContent).toContain(name); // color is never the only cue
      expect(box.style.gridArea || box.style.getPropertyValue("grid-area")).toBe(room);
      for (const f of view.rooms[room]) expect(box.querySelector(`[data-testid="figure-${f}"]`)).not.toBeNull();
    }
    expect($("roombox-hall").textContent).toContain("next to: Blue Ballroom, Yellow Library, Red Kitchen, Green Garden");
    expect($$("[data-testid^=figure-]").length).toBe(20);
    expect($("figure-0").textContent).toContain("Polly");
  });

  it("marks the student's own character and shows the seat bar", () => {
    const { $, model } = mount("roll");
    const mine = model.get("view").my_character;
    const me = model.get("content").figures[mine];
    expect($("me").textContent).toContain(`You are ${me.emoji} ${me.name} the ${me.costume}`);
    expect($(`figure-${mine}`).classList.contains("bw-mine")).toBe(true);
    expect($(`figure-${mine}`).getAttribute("aria-label")).toMatch(new RegExp(`^${me.name} you: .*your character`));
    expect($("seat-0").dataset.turn).toBe("true");
    expect($("seat-0").textContent).toContain("you");
    expect($("seat-1").dataset.turn).toBe("false");
  });

  it("rolls with the Roll button only when legal, and sends an act message", () => {
    const { $, model } = mount("roll");
    expect($("roll").disabled).toBe(false);
    $("roll").click();
    expect(model.sent).toEqual([{ type: MSG.ACT, action: { type: "roll" }, rev: model.get("rev") }]);
    const idle = mount("roll", (s) => ({ ...s, legal: [] }));
    expect(idle.$("roll").disabled).toBe(true);
    idle.$("roll").click();
    expect(idle.model.sent).toEqual([]);
  });

  it("moves by clicking a highlighted figure, then a highlighted room (from legal only)", () => {
    const { $, $$, model, root } = mount("move");
    expect(root.dataset.phase).toBe("move");
    const legal = legalOf(model);
    const movable = new Set(legal.map((a) => a.figure));
    for (const btn of $$("[data-testid^=figure-]")) {
      const id = Number(btn.dataset.testid.split("-")[1]);
      expect(btn.disabled).toBe(!movable.has(id));
      if (movable.has(id)) expect(btn.getAttribute("aria-pressed")).toBe("false");
    }
    // no room is a target before a figure is chosen
    expect($$("[data-testid^=room-]").filter((b) => !b.disabled)).toEqual([]);
    const first = legal[0].figure;
    $(`figure-${first}`).click();
    expect($(`figure-${first}`).getAttribute("aria-pressed")).toBe("true");
    const targets = legal.filter((a) => a.figure === first).map((a) => a.to).sort();
    const enabled = $$("[data-testid^=room-]").filter((b) => !b.disabled).map((b) => b.dataset.testid.slice(5)).sort();
    expect(enabled).toEqual(targets);
    expect(model.sent).toEqual([]); // selecting is local
    $(`room-${targets[0]}`).click();
    expect(model.sent).toEqual([{ type: MSG.ACT, action: { type: "move", figure: first, to: targets[0] }, rev: model.get("rev") }]);
  });

  it("clicking the selected figure again, or Escape, clears the selection", () => {
    const { $, $$, model, root } = mount("move");
    const first = legalOf(model)[0].figure;
    $(`figure-${first}`).click();
    $(`figure-${first}`).click();
    expect($(`figure-${first}`).getAttribute("aria-pressed")).toBe("false");
    $(`figure-${first}`).click();
    root.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect($$("[data-testid^=room-]").filter((b) => !b.disabled)).toEqual([]);
  });

  it("on black shows Kill buttons for exactly the killable figures and a Draw button", async () => {
    const { $, $$, model, root } = mount("black");
    expect(root.dataset.phase).toBe("black");
    const kills = legalOf(model).filter((a) => a.type === "kill").map((a) => a.figure).sort((a, b) => a - b);
    const shown = $$("[data-testid^=kill-]").map((b) => Number(b.dataset.testid.slice(5))).sort((a, b) => a - b);
    expect(shown).toEqual(kills);
    const rev = model.get("rev");
    $(`kill-${kills[0]}`).click();
    model.update({ rev: rev + 1 }); // Python's answer (here: the rev moved on, the screen stays)
    await tick();
    $("draw").click();
    expect(model.sent).toEqual([
      { type: MSG.ACT, action: { type: "kill", figure: kills[0] }, rev },
      { type: MSG.ACT, action: { type: "draw" }, rev: rev + 1 },
    ]);
    const forced = mount("black", (s) => ({ ...s, legal: s.legal.filter((a) => a.type === "kill") }));
    expect(forced.$("draw").disabled).toBe(true);
    expect(forced.$("prompt").textContent).toContain("must kill");
  });

  it("shows the last roll with its name and the deck count", () => {
    const { $, model } = mount("move");
    const face = model.get("view").last_roll;
    expect($("last-roll").dataset.face).toBe(face);
    expect($("last-roll").textContent).toMatch(new RegExp(`Last roll: ${face}`));
    expect($("deck").textContent).toBe(`Deck: ${model.get("view").deck_count} cards`);
  });

  it("draws the odds panel as bars with text", () => {
    const { $, model } = mount("move");
    const odds = $("odds");
    expect(odds.textContent).toContain("Next roll");
    expect(odds.textContent).toContain("33.3%"); // black is 2 faces of 6
    const opponents = Object.keys(model.get("view").odds.identity);
    expect(opponents.length).toBe(3);
    for (const opp of opponents) {
      const box = $(`odds-seat-${opp}`);
      expect(box.querySelectorAll(".bw-bar").length).toBe(3);
      for (const meter of box.querySelectorAll("[role=meter]")) expect(Number(meter.getAttribute("aria-valuenow"))).toBeGreaterThan(0);
    }
  });

  it("lets the player save a forecast for each opponent's likeliest figure, sent as a note, never an act", () => {
    const { $, model } = mount("move");
    const identity = model.get("view").odds.identity;
    const opponents = Object.keys(identity);
    // folded away until the student opens them
    expect($(`forecast-${opponents[0]}`)).toBeNull();
    expect($("forecast-toggle").getAttribute("aria-expanded")).toBe("false");
    $("forecast-toggle").click();
    expect($("forecast-toggle").getAttribute("aria-expanded")).toBe("true");
    for (const opp of opponents) {
      const form = $(`forecast-${opp}`);
      expect(form).not.toBeNull();
      const top = Object.entries(identity[opp]).sort((a, b) => b[1] - a[1] || Number(a[0]) - Number(b[0]))[0][0];
      const fig = model.get("content").figures[Number(top)];
      expect(form.textContent).toContain(`the chance that`);
      expect(form.textContent).toContain(`${fig.name} the ${fig.costume}`);
      expect($(`forecast-input-${opp}`).getAttribute("aria-label")).toMatch(/in percent$/);
    }
    const opp = opponents[0];
    const top = Number(Object.entries(identity[opp]).sort((a, b) => b[1] - a[1] || Number(a[0]) - Number(b[0]))[0][0]);
    $(`forecast-input-${opp}`).value = "35";
    $(`forecast-save-${opp}`).click();
    expect(model.sent).toEqual([{ type: MSG.FORECAST, event: { opponent: Number(opp), figure: top }, percent: 35 }]);
    expect($(`forecast-status-${opp}`).textContent).toBe("You said 35 %.");
    // a number out of range is sent (the widget answers in words, nothing kept), and not echoed
    $(`forecast-input-${opp}`).value = "150";
    $(`forecast-save-${opp}`).click();
    expect(model.sent.pop()).toEqual({ type: MSG.FORECAST, event: { opponent: Number(opp), figure: top }, percent: 150 });
    expect($(`forecast-status-${opp}`).textContent).toBe("");
    // an empty box still asks (the widget answers with its sentence: nothing is kept)
    $(`forecast-input-${opp}`).value = "";
    $(`forecast-save-${opp}`).click();
    expect(model.sent[1]).toEqual({ type: MSG.FORECAST, event: { opponent: Number(opp), figure: top }, percent: null });
    // no forecast from the public view or in a finished game
    const pub = mount("move", (s) => ({ ...s, seat: -1 }));
    expect(pub.$(`forecast-${opp}`)).toBeNull();
    const over = mount("move", (s) => ({ ...s, view: { ...s.view, over: true } }));
    expect(over.$(`forecast-${opp}`)).toBeNull();
  });

  it("keeps the log in an aria-live region", () => {
    const { $, model } = mount("move");
    const log = $("log");
    expect(log.getAttribute("aria-live")).toBe("polite");
    const entries = model.get("log_lines");
    expect(log.querySelectorAll("li").length).toBe(entries.length);
    const last = entries[entries.length - 1];
    expect(log.lastElementChild.textContent).toBe(`${last.action > 0 ? `${last.action}.` : ""}${last.text}`);
  });

  it("shows errors in a dismissible alert", () => {
    const { $, model } = mount("error");
    expect($("error").getAttribute("role")).toBe("alert");
    expect($("error").textContent).toContain(model.get("error").message);
    $("error-dismiss").click();
    expect(model.sent).toEqual([{ type: MSG.CLEAR_ERROR }]);
    const ok = mount("roll");
    expect(ok.$("error")).toBeNull();
  });

  it("draws nothing but the curtain and the seat bar while the curtain is up", () => {
    const { $, $$, model, root } = mount("curtain");
    expect(root.dataset.curtain).toBe("up");
    expect($("curtain").textContent).toContain("Pass to Player 1");
    expect($$("[data-testid^=figure-]").length).toBe(0);
    expect($("odds")).toBeNull();
    expect($("me").textContent).toContain("Public view");
    const lift = $("lift-curtain");
    expect(lift.getAttribute("aria-label")).toBe("I am Player 1, show my screen");
    lift.click();
    expect(model.sent).toEqual([{ type: MSG.LIFT_CURTAIN }]);
  });

  it("after the game: winner banner, replay controls and the reveal toggle", () => {
    const { $, model, root } = mount("over");
    expect(root.dataset.phase).toBe("over");
    const names = model.get("settings").names;
    expect($("winner").textContent).toContain(`${names[model.get("view").winners[0]]} wins`);
    const { step, length } = model.get("replay");
    expect(step).toBe(length);
    expect($("replay-forward").disabled).toBe(true);
    $("replay-back").click();
    const slider = $("replay-slider");
    expect(slider.max).toBe(String(length));
    slider.value = "2";
    slider.dispatchEvent(new Event("change"));
    expect($("reveal-toggle").getAttribute("aria-pressed")).toBe("false");
    $("reveal-toggle").click();
    expect(model.sent).toEqual([
      { type: MSG.REPLAY, step: length - 1 },
      { type: MSG.REPLAY, step: 2 },
      { type: MSG.REVEAL, on: true },
    ]);
    expect($("roll").disabled).toBe(true);
  });

  it("in the teacher's replay shows every secret and the step", () => {
    const { $, model, root } = mount("replay_reveal");
    expect(root.dataset.reveal).toBe("true");
    expect($("me").textContent).toContain("Teacher view");
    expect($("replay-step").textContent).toBe(`Action 3 of ${model.get("replay").length}`);
    expect($("winner")).toBeNull(); // the shown position is not the end
    expect($("replay-banner").textContent).toBe(`Replay: after action 3 of ${model.get("replay").length}`);
    expect($("reveal-toggle").getAttribute("aria-pressed")).toBe("true");
    const secrets = model.get("view").secrets;
    const figures = model.get("content").figures;
    expect($("seat-1").textContent).toContain(`secretly ${figures[secrets[1]].emoji} ${figures[secrets[1]].name}`);
    const onBoard = Object.values(model.get("view").rooms).flat();
    const owned = secrets.map((f, seat) => [f, seat]).filter(([f]) => onBoard.includes(f));
    expect(owned.length).toBeGreaterThan(0);
    for (const [f, seat] of owned) {
      expect($(`figure-${f}`).querySelector(".bw-owner").textContent).toBe(model.get("settings").names[seat]);
      expect($(`figure-${f}`).getAttribute("aria-label")).toContain(`, ${model.get("settings").names[seat]}'s character`);
    }
    $("replay-forward").click();
    $("reveal-toggle").click();
    expect(model.sent).toEqual([
      { type: MSG.REPLAY, step: 4 },
      { type: MSG.REVEAL, on: false },
    ]);
  });

  it("redraws once per update, after all traits of the update changed, and keeps focus", async () => {
    const move = fixture("move");
    const { $, model, root } = mount("roll");
    $("roll").focus();
    // each redraw reads the view trait once: count the reads
    let draws = 0;
    const get = model.get;
    model.get = (key) => {
      if (key === "view") draws += 1;
      return get(key);
    };
    model.update({ view: move.view, legal: move.legal, log_lines: move.log_lines });
    expect(root.dataset.phase).toBe("roll"); // not yet: batched to one redraw
    await tick();
    model.get = get;
    expect(draws).toBe(1);
    expect(root.dataset.phase).toBe("move");
    // the roll button is disabled now: focus moves on to the first figure that may move
    expect(document.activeElement.classList.contains("bw-movable")).toBe(true);
    model.update({ legal: compactLegal([{ type: "roll" }]), view: { ...move.view, phase: "roll" } });
    await tick();
    $("roll").focus();
    model.update({ log_lines: [...move.log_lines] });
    await tick();
    expect(document.activeElement.dataset.testid).toBe("roll");
  });

  it("offers 'let the bots play' only when the bots are paused", () => {
    const paused = mount("roll", (s) => ({ ...s, settings: { ...s.settings, paused: true } }));
    paused.$("run-bots").click();
    expect(paused.model.sent).toEqual([{ type: MSG.RUN_BOTS }]);
    expect(mount("roll").$("run-bots")).toBeNull();
  });

  it("every clickable thing is a labelled button; CSS is scoped under .bw-costume", async () => {
    const { $$, el } = mount("black");
    const clickables = $$("button");
    expect(clickables.length).toBeGreaterThan(25);
    for (const b of clickables) {
      expect(b.getAttribute("type")).toBe("button");
      expect(b.getAttribute("aria-label")).toBeTruthy();
    }
    const { readFileSync } = await import("node:fs");
    const css = readFileSync(`${process.cwd()}/../brady_widgets/costume_party/view.css`, "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/@media[^{]*\{/g, "");
    const selectors = css.match(/(^|})\s*[^{}@]+\{/g).map((s) => s.replace(/^}?\s*/, "").replace(/\{$/, "").trim());
    for (const sel of selectors) for (const part of sel.split(",")) expect(part.trim().startsWith(".bw-costume")).toBe(true);
    expect(el.textContent).not.toContain("undefined");
  });

  it("user-typed names are text, never markup", () => {
    const evil = '<img src=x onerror="window.__pwned=1">';
    const { el } = mount("roll", (s) => ({ ...s, settings: { ...s.settings, names: [evil, "b", "c", "d"] } }));
    expect(el.querySelector("img")).toBeNull();
    expect(el.textContent).toContain(evil);
  });

  it("appends new log entries without rebuilding the live region", async () => {
    const { $, model } = mount("roll");
    const log = $("log");
    const before = [...log.children];
    const entries = model.get("log_lines");
    const next = { i: entries[entries.length - 1].i + 1, type: "roll", step: 99, seat: 0, text: "Player 1 rolled black." };
    model.update({ log_lines: [...entries.slice(1), next] }); // the oldest scrolled out of the window
    await tick();
    expect($("log")).toBe(log);
    expect(log.children[0]).toBe(before[1]);
    expect(log.lastElementChild.textContent).toBe("Player 1 rolled black.");
    expect(log.children.length).toBe(entries.length);
    // a different history (a replay step) rebuilds it
    model.update({ log_lines: [{ i: 0, type: "start", step: 0, text: "The party starts: Player 1 rolls first." }] });
    await tick();
    expect([...log.children].map((li) => li.textContent)).toEqual(["The party starts: Player 1 rolls first."]);
  });

  it("moves focus to the curtain's button when the curtain comes down on the table", async () => {
    const { $, model } = mount("roll");
    const curtain = fixture("curtain");
    $("roll").focus();
    model.update(curtain);
    await tick();
    expect(document.activeElement.dataset.testid).toBe("lift-curtain");
  });

  it("says so when the odds hold no clue yet", () => {
    const { $ } = mount("roll");
    expect($("odds-seat-1").textContent).toContain("No clue yet: all 19 possible figures are equally likely.");
  });

  // ------------------------------------------------------------ incremental updates
  const FIXTURES = ["roll", "move", "black", "error", "curtain", "over", "replay_reveal"];

  it("an update patched into any earlier state draws exactly what a fresh render draws", async () => {
    for (const from of FIXTURES) {
      for (const to of FIXTURES) {
        const a = mount(from);
        a.model.update(fixture(to));
        await tick();
        const b = mount(to);
        expect(serialize(a.root), `${from} -> ${to}`).toBe(serialize(b.root));
      }
    }
  }, 30000); // 49 mounts: slow on a loaded 2-core machine

  it("selecting and deselecting a figure patches back to the same DOM", async () => {
    const fresh = mount("move");
    const a = mount("move");
    const first = legalOf(a.model)[0].figure;
    a.$(`figure-${first}`).click();
    expect(serialize(a.root)).not.toBe(serialize(fresh.root));
    a.root.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(serialize(a.root)).toBe(serialize(fresh.root));
  });

  it("a moved figure is the same node, now in its new room; untouched figures keep their place", async () => {
    const { $, model } = mount("roll");
    const view = model.get("view");
    const from = Object.keys(view.rooms).find((r) => view.rooms[r].length > 0);
    const to = Object.keys(view.rooms).find((r) => r !== from);
    const f = view.rooms[from][0];
    const node = $(`figure-${f}`);
    const others = Object.values(view.rooms).flat().filter((x) => x !== f).map((x) => [x, $(`figure-${x}`)]);
    expect(node.closest("[data-room]").dataset.room).toBe(from);
    const rooms = { ...view.rooms, [from]: view.rooms[from].slice(1), [to]: [...view.rooms[to], f] };
    model.update({ view: { ...view, rooms } });
    await tick();
    expect($(`figure-${f}`)).toBe(node);
    expect(node.closest("[data-room]").dataset.room).toBe(to);
    expect(node.getAttribute("aria-label")).toContain(`in ${model.get("content").rooms.find((r) => r.id === to).name}`);
    for (const [x, el] of others) expect($(`figure-${x}`)).toBe(el);
    expect($(`roombox-${to}`).getAttribute("aria-label")).toContain(`${rooms[to].length} figure`);
  });

  it("a focused button keeps focus (the same node) across updates that leave it enabled", async () => {
    const { $, model } = mount("move");
    const first = legalOf(model)[0].figure;
    const node = $(`figure-${first}`);
    node.focus();
    let blurs = 0;
    node.addEventListener("blur", () => blurs++);
    const entries = model.get("log_lines");
    const next = { i: entries[entries.length - 1].i + 1, type: "roll", step: 99, seat: 1, text: "Bot 2 did something." };
    model.update({ log_lines: [...entries, next], view: { ...model.get("view"), deck_count: 3 } });
    await tick();
    expect(document.activeElement).toBe(node);
    expect(blurs).toBe(0);
    // selecting it (a local redraw) keeps it too
    node.click();
    expect(document.activeElement).toBe(node);
    expect(node.getAttribute("aria-pressed")).toBe("true");
  });

  it("sections whose inputs did not change are not touched", async () => {
    const { el, model } = mount("move");
    const records = [];
    const observer = new MutationObserver((rs) => records.push(...rs));
    for (const sel of [".bw-board", ".bw-odds", ".bw-seats", ".bw-table", ".bw-header", ".bw-controls"]) {
      observer.observe(el.querySelector(sel), { subtree: true, childList: true, attributes: true, characterData: true });
    }
    const entries = model.get("log_lines");
    const next = { i: entries[entries.length - 1].i + 1, type: "roll", step: 99, seat: 1, text: "Bot 2 did something." };
    model.update({ log_lines: [...entries, next], replay: { ...model.get("replay") } });
    await tick();
    expect(observer.takeRecords().concat(records)).toEqual([]);
    // an update that changes only the deck count redraws only the table
    const table = el.querySelector(".bw-table");
    model.update({ view: { ...model.get("view"), deck_count: 1 } });
    await tick();
    // the header, seats, controls, board and odds: no mutation at all (the table is replaced whole)
    expect(observer.takeRecords()).toEqual([]);
    observer.disconnect();
    expect(records).toEqual([]);
    expect(el.querySelector(".bw-table")).not.toBe(table);
    expect(el.querySelector('[data-testid="deck"]').textContent).toBe("Deck: 1 card");
  });

  it("odds rows and bars are reused and patched when the odds change", async () => {
    const { $, model } = mount("move");
    const view = model.get("view");
    const opp = Object.keys(view.odds.identity)[0];
    const row = $(`odds-seat-${opp}`);
    const bars = [...row.querySelectorAll(".bw-bar")];
    const probs = Object.fromEntries(Object.keys(view.odds.identity[opp]).map((f, n) => [f, n === 0 ? 0.9 : 0.1 / 18]));
    model.update({ view: { ...view, odds: { ...view.odds, identity: { ...view.odds.identity, [opp]: probs } } } });
    await tick();
    expect($(`odds-seat-${opp}`)).toBe(row);
    expect([...row.querySelectorAll(".bw-bar")]).toEqual(bars);
    expect(bars[0].querySelector(".bw-bar-value").textContent).toBe("90%");
    expect(bars[0].querySelector(".bw-bar-fill").style.width).toBe("90%");
  });
});

