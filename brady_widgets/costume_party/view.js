// Costume Party Detective: the view, inside the shared frame (js/src/frame.js:
// header, seat bar, error, curtain, banners, replay, reveal, run-bots, log). It
// implements no rules: what is clickable comes only from the synced `legal`
// actions; everything drawn comes from the synced traits (see
// brady_widgets/costume_party/widget.py for the test ids).
import { view, h, button, bar, inkFor, liveButton, setAttr, setChildren, setClass, setDisabled, setText, updateBar, keyed, MSG } from "@bw/frame.js";
import "./view.css";

/** Pinwheel grid: four colored rooms in a ring, the hall in the middle. */
const AREA = { blue: "blue", yellow: "yellow", red: "red", green: "green", hall: "hall" };
const PATTERN_NAME = { blue: "stripes", yellow: "dots", red: "checks", green: "waves", hall: "plain" };
const FACE_SYMBOL = { blue: "▲", yellow: "●", red: "■", green: "◆", hall: "○", black: "☗" };

function labels(content) {
  const rooms = {};
  for (const r of content.rooms || []) rooms[r.id] = r;
  const figures = content.figures || [];
  const fig = (id) => {
    const f = figures[id];
    return f ? `${f.name} the ${f.costume}` : `Figure ${id}`;
  };
  const emoji = (id) => (figures[id] ? figures[id].emoji : "?");
  const room = (id) => (rooms[id] ? rooms[id].name : id);
  return { rooms, fig, emoji, room, order: (content.rooms || []).map((r) => r.id) };
}

/**
 * The seat whose roll `view.last_roll` is: while the roll is being played (move or black),
 * the seat to act; after it, the newest "roll" entry of the synced log window (null when a
 * long turn pushed it out of the window).
 * @returns {number|null}
 */
export function lastRoller(view, log) {
  if ((view.phase === "move" || view.phase === "black") && (view.to_act || []).length) return view.to_act[0];
  for (let i = log.length - 1; i >= 0; i--) if (log[i].type === "roll" && typeof log[i].seat === "number") return log[i].seat;
  return null;
}

/**
 * Why Draw is greyed out, and why a kill is forced, in words (null when nothing is unavailable).
 * The view decides nothing: `canDraw` and `kills` come from the legal actions; this only names
 * which of the rule's two reasons applies (rules.py: an empty deck, or three face-up cards).
 */
export function blackReasons({ canDraw, kills, mine, deckCount, faceUp, fig }) {
  const out = { draw: null, kill: null };
  if (!canDraw) {
    out.draw = deckCount === 0
      ? "You cannot draw: the deck is empty, so you must kill."
      : `You cannot draw: you already hold ${faceUp} face-up cards (the most allowed), so you must kill.`;
  }
  if (mine !== null && mine !== undefined) {
    if (kills.length === 1 && kills[0] === mine)
      out.kill = `Your ${fig(mine)} is alone in its room, so the only figure you can kill is yourself.`;
    else if (kills.length && !kills.includes(mine))
      out.kill = "You may kill any other figure in your character's room (not yourself: you are not alone).";
  }
  return out;
}

function faceText(face, L) {
  if (!face) return "none yet";
  return face === "black" ? "black" : `${face} (${L.room(face)})`;
}

/**
 * Build the game's skeleton once: the persistent nodes every update patches.
 * @param {import("@bw/frame.js").Frame} frame
 */
function setup(frame) {
  return {
    frame,
    local: { selected: null }, // view-only state: the selected figure
    board: h("div", { class: "bw-board", role: "group", "aria-label": "The party: five rooms" }),
    left: h("div", { class: "bw-left" }), // the controls above the board: the main action stays in view
    keys: {}, // section -> the JSON of the inputs it was last drawn from
    cache: null, // per-content caches (rooms, figures, controls, odds): see `caches`
    table: keyed(),
  };
}

/** Content-derived labels and caches, rebuilt when the content or the names change. */
function prepare(t, g) {
  const contentKey = JSON.stringify([t.content, t.names]);
  if (changed(g, "content", contentKey) || !g.cache) {
    g.cache = caches();
    g.L = labels(t.content);
    g.keys = { content: contentKey };
  }
  return g.L;
}

/** The "me" line. */
function me(t, g) {
  const L = prepare(t, g);
  const mine = t.view.my_character;
  if (mine !== null && mine !== undefined) return `You are ${L.emoji(mine)} ${L.fig(mine)} (${t.nameOf(t.seat)}).`;
  return "Public view: nobody's secrets are shown.";
}

/** A seat's public facts beside its name: face-up cards, revealed (or, for the teacher, secret) character. */
function seat(t, g, s) {
  const L = prepare(t, g);
  const { view, nameOf } = t;
  const revealed = view.revealed || [];
  const faceUp = view.face_up || [];
  const secrets = view.secrets || null;
  const key = JSON.stringify([g.keys.content, revealed[s] ?? null, secrets ? secrets[s] : null, faceUp[s] || []]);
  const build = () =>
    h(
      "div",
      { class: "bw-seat-extra" },
      revealed[s] !== null && revealed[s] !== undefined
        ? h("div", { class: "bw-seat-revealed" }, `was ${L.emoji(revealed[s])} ${L.fig(revealed[s])}`)
        : secrets
          ? h("div", { class: "bw-seat-secret" }, `secretly ${L.emoji(secrets[s])} ${L.fig(secrets[s])}`)
          : null,
      (faceUp[s] || []).length
        ? h(
            "div",
            { class: "bw-cards", "aria-label": `${nameOf(s)}'s face-up cards` },
            (faceUp[s] || []).map((c) => h("span", { class: "bw-card", title: L.fig(c) }, `${L.emoji(c)} ${L.fig(c)}`)),
          )
        : null,
    );
  return [key, build];
}

/** Nodes that depend on the display content (names, labels): rebuilt when it changes. */
function caches() {
  return { seatItems: [], seatKeys: [], rooms: new Map(), figures: new Map(), controls: null, kills: new Map(), odds: null };
}

/** Draw `key` only when it differs from the last one drawn for `section`. */
function changed(g, section, key) {
  if (g.keys[section] === key) return false;
  g.keys[section] = key;
  return true;
}

/**
 * The game's panels, in line with the traits, touching only what changed.
 * @param {import("@bw/frame.js").Traits} t
 * @param {ReturnType<typeof setup>} g
 */
function panels(t, g) {
  const { board, local, frame, left } = g;
  const { view, legal, replay, nameOf } = t;
  const L = prepare(t, g);
  const C = g.cache;
  const phase = view.phase || "roll";

  // Which figures may move, and where: only from `legal`.
  const moves = legal.filter((a) => a.type === "move");
  const movable = new Set(moves.map((a) => a.figure));
  if (local.selected !== null && !movable.has(local.selected)) local.selected = null;
  const targets = new Set(moves.filter((a) => a.figure === local.selected).map((a) => a.to));
  const kills = legal.filter((a) => a.type === "kill").map((a) => a.figure);
  const canDraw = legal.some((a) => a.type === "draw");
  const canRoll = legal.some((a) => a.type === "roll");
  const act = (action) => {
    local.selected = null;
    frame.act(action);
  };
  const redraw = frame.redraw;
  const toAct = view.to_act || [];
  const mine = view.my_character;
  const secrets = view.secrets || null;

  // ------------------------------------------------------------- controls
  const myTurn = legal.length > 0;
  let prompt;
  if (view.over) prompt = "The game is over.";
  else if (replay.active && replay.step < replay.length) prompt = "Replaying the game.";
  else if (!myTurn) prompt = `Waiting for ${toAct.map(nameOf).join(", ") || "…"}.`;
  else if (phase === "roll") prompt = "Your turn: roll the die.";
  else if (phase === "move")
    prompt =
      local.selected === null
        ? `You rolled ${faceText(view.last_roll, L)}: pick a highlighted figure, then a room.`
        : `Move ${L.fig(local.selected)}: pick a highlighted room.`;
  else if (phase === "black")
    prompt = canDraw
      ? "You rolled black: kill a figure in your character's room, or draw a card."
      : "You rolled black: you must kill a figure in your character's room.";
  else prompt = "";

  if (!C.controls) {
    const k = {};
    k.prompt = h("p", { class: "bw-prompt", "data-testid": "prompt" });
    k.roll = liveButton({
      testid: "roll",
      label: "Roll the die",
      text: "🎲 Roll",
      cls: "bw-btn-primary",
      onclick: () => act({ type: "roll" }),
    });
    k.chip = h("span", { class: "bw-face-chip", "aria-hidden": "true" });
    k.lastText = document.createTextNode("");
    k.last = h("span", { "data-testid": "last-roll" });
    k.die = h("div", { class: "bw-die" });
    k.draw = liveButton({ testid: "draw", label: "Draw", text: "", onclick: () => act({ type: "draw" }) });
    k.black = h("div", { class: "bw-black", role: "group", "aria-label": "Black: kill or draw" });
    k.whyDraw = h("p", { class: "bw-why", "data-testid": "why-draw" });
    k.whyKill = h("p", { class: "bw-why", "data-testid": "why-kill" });
    k.section = h("section", { class: "bw-controls", "aria-label": "Your move" }, k.prompt, k.die);
    C.controls = k;
  }
  const K = C.controls;
  setText(K.prompt, prompt);
  setDisabled(K.roll, !canRoll);
  const face = view.last_roll;
  setClass(K.last, `bw-last-roll bw-face-${face || "none"}`);
  setAttr(K.last, "data-face", face || "");
  if (face) setText(K.chip, FACE_SYMBOL[face] || "?");
  const roller = face ? lastRoller(view, t.log) : null;
  const lastText = `Last roll: ${faceText(face, L)}${roller === null ? "" : ` (${roller === t.seat ? "you" : nameOf(roller)})`}`;
  if (K.lastText.data !== lastText) K.lastText.data = lastText;
  setChildren(K.last, [face ? K.chip : null, K.lastText]);
  setChildren(K.die, [K.roll, K.last]);
  const showBlack = phase === "black" && myTurn;
  if (showBlack) {
    const killButtons = kills.map((f) => {
      const label = f === mine ? `Kill ${L.fig(f)} (yourself: you are alone)` : `Kill ${L.fig(f)}`;
      let b = C.kills.get(f);
      if (!b || b.getAttribute("aria-label") !== label) {
        b = button({
          testid: `kill-${f}`,
          label,
          text: `🗡 Kill ${L.emoji(f)} ${L.fig(f)}${f === mine ? " (yourself)" : ""}`,
          cls: "bw-btn-kill",
          onclick: () => act({ type: "kill", figure: f }),
        });
        C.kills.set(f, b);
      }
      return b;
    });
    const why = blackReasons({
      canDraw,
      kills,
      mine,
      deckCount: view.deck_count ?? 0,
      faceUp: ((view.face_up || [])[t.seat] || []).length,
      fig: L.fig,
    });
    setAttr(K.draw, "aria-label", canDraw ? "Draw the top character card" : `Draw (not allowed). ${why.draw}`);
    setText(K.draw, `🃏 Draw a card (${view.deck_count ?? 0} left)`);
    setDisabled(K.draw, !canDraw);
    setText(K.whyDraw, why.draw || "");
    setText(K.whyKill, why.kill || "");
    setChildren(K.black, [killButtons, K.draw]);
    setChildren(K.section, [K.prompt, K.die, K.black, why.kill ? K.whyKill : null, why.draw ? K.whyDraw : null]);
  } else {
    setChildren(K.section, [K.prompt, K.die]);
  }

  // ----------------------------------------------------------------- board
  const rooms = view.rooms || {};
  const adjacency = view.adjacency || {};
  const order = L.order.length ? L.order : Object.keys(rooms);
  const boardKey = JSON.stringify([rooms, adjacency, order, [...movable], local.selected, [...targets], kills, mine ?? null, secrets]);
  if (changed(g, "board", boardKey)) {
    const boxes = [];
    for (const r of order) {
      const info = L.rooms[r] || { name: r, color: "#999" };
      const figs = rooms[r] || [];
      const isTarget = targets.has(r);
      let R = C.rooms.get(r);
      if (!R) {
        R = {};
        R.go = h("span", { class: "bw-room-go" }, " ⇦ move here");
        R.button = liveButton({
          testid: `room-${r}`,
          label: info.name,
          text: [h("span", { class: "bw-room-symbol", "aria-hidden": "true" }, FACE_SYMBOL[r] || ""), h("span", { class: "bw-room-name" }, info.name)],
          cls: "bw-room-button",
          onclick: () => act({ type: "move", figure: local.selected, to: r }),
        });
        R.next = h("div", { class: "bw-room-next" });
        R.figures = h("div", { class: "bw-figures" });
        R.box = h(
          "section",
          {
            "data-testid": `roombox-${r}`,
            "data-room": r,
            style: { "grid-area": AREA[r] || "auto", "--room-color": info.color, "--room-ink": inkFor(info.color) },
          },
          R.button,
          R.next,
          R.figures,
        );
        R.symbolAndName = [R.button.children[0], R.button.children[1]];
        C.rooms.set(r, R);
      }
      setClass(R.box, `bw-room bw-pattern-${PATTERN_NAME[r] || "plain"}${isTarget ? " bw-target" : ""}`);
      setAttr(R.box, "aria-label", `${info.name}: ${figs.length} figure${figs.length === 1 ? "" : "s"}`);
      setAttr(R.button, "aria-label", isTarget ? `Move ${L.fig(local.selected)} to ${info.name}` : info.name);
      setDisabled(R.button, !isTarget);
      setChildren(R.button, [R.symbolAndName, isTarget ? R.go : null]);
      setText(R.next, `next to: ${(adjacency[r] || []).map((n) => L.room(n)).join(", ")}`);
      setChildren(
        R.figures,
        figs.map((f) => figureButton(C, L, f, { info, movable, local, mine, kills, secrets, nameOf, redraw })),
      );
      boxes.push(R.box);
    }
    setChildren(board, boxes);
  }

  // --------------------------------------------------------------- sidebar
  const tableKey = JSON.stringify([g.keys.content, view.deck_count ?? 0, view.left || [], view.killed || []]);
  const table = g.table(tableKey, () => {
    const gone = (ids, what) =>
      ids && ids.length
        ? h("p", { class: "bw-gone" }, `${what}: `, ids.map((f) => `${L.emoji(f)} ${L.fig(f)}`).join(", "))
        : null;
    return h(
      "section",
      { class: "bw-table", "aria-label": "The table" },
      h("p", { class: "bw-deck", "data-testid": "deck" }, `Deck: ${view.deck_count ?? 0} card${view.deck_count === 1 ? "" : "s"}`),
      gone(view.left, "Left the party"),
      gone(view.killed, "Killed"),
    );
  });

  // the student's own forecast (class data): from a seat, while the game is played
  const forecasting = !view.over && !(replay.active && replay.step < replay.length) && typeof t.seat === "number" && t.seat >= 0;
  const forecast = forecasting ? frame.send : null;
  if (changed(g, "odds", JSON.stringify([view.odds ?? null, forecasting])) || !C.odds) drawOdds(C, L, view.odds, nameOf, forecast);
  setChildren(left, [K.section, board]);
  return { main: [left], side: [table, C.odds.section] };
}

/** The figure token for `f`: built once per figure, then patched (and moved between rooms). */
function figureButton(C, L, f, { info, movable, local, mine, kills, secrets, nameOf, redraw }) {
  let F = C.figures.get(f);
  if (!F) {
    F = {};
    F.emoji = h("span", { class: "bw-emoji", "aria-hidden": "true" }, L.emoji(f));
    F.name = h("span", { class: "bw-fig-name" }, L.fig(f).split(" the ")[0]);
    F.you = h("span", { class: "bw-you", "aria-hidden": "true" }, "you");
    // spaces between the token's words ("Clem you", not "Clemyou", for speech input and axe)
    F.gaps = [document.createTextNode(" "), document.createTextNode(" ")];
    F.owner = h("span", { class: "bw-owner", "aria-hidden": "true" });
    F.button = liveButton({
      testid: `figure-${f}`,
      label: L.fig(f),
      text: [F.emoji, F.name],
      title: L.fig(f),
      onclick: () => {
        local.selected = local.selected === f ? null : f;
        redraw();
      },
    });
    C.figures.set(f, F);
  }
  const canMove = movable.has(f);
  const selected = local.selected === f;
  const isMine = f === mine;
  const killable = kills.includes(f);
  const owner = secrets ? secrets.indexOf(f) : -1; // teacher's reveal only
  const b = F.button;
  setAttr(
    b,
    "aria-label",
    // the name starts with what the token shows ("Ana you"), as a speech-input user would say it
    `${L.fig(f).split(" the ")[0]}${isMine ? " you" : ""}${owner >= 0 ? ` ${nameOf(owner)}` : ""}: ${L.fig(f)}${isMine ? ", your character" : ""}${owner >= 0 ? `, ${nameOf(owner)}'s character` : ""}, in ${info.name}${canMove ? ", can move" : ""}${killable ? ", can be killed" : ""}`,
  );
  setAttr(b, "aria-pressed", canMove ? String(selected) : null);
  setDisabled(b, !canMove);
  setClass(
    b,
    `bw-btn bw-figure${canMove ? " bw-movable" : ""}${selected ? " bw-selected" : ""}${isMine ? " bw-mine" : ""}${killable ? " bw-killable" : ""}`,
  );
  if (owner >= 0) setText(F.owner, nameOf(owner));
  setChildren(b, [F.emoji, F.name, isMine ? [F.gaps[0], F.you] : null, owner >= 0 ? [F.gaps[1], F.owner] : null]);
  return b;
}

/**
 * A row's "my forecast" form: the person's own chance (0-100 %) that the panel's likeliest
 * figure is that opponent. Sent as a `forecast` message (a note kept for the class's data,
 * never a move); a refusal shows in the error banner, in words.
 */
function forecastForm(row, opp, send) {
  const input = h("input", {
    type: "number",
    min: "0",
    max: "100",
    step: "1",
    inputmode: "numeric",
    class: "bw-forecast-input",
    "data-testid": `forecast-input-${opp}`,
  });
  const label = h("label", { class: "bw-forecast-label" });
  const status = h("span", { class: "bw-forecast-status", role: "status", "data-testid": `forecast-status-${opp}` });
  const save = () => {
    const raw = input.value.trim();
    const percent = raw === "" ? null : Number(raw);
    row.send({ type: MSG.FORECAST, event: { opponent: Number(opp), figure: row.top }, percent });
    // what was sent, when it can be kept (a refusal speaks in the error banner instead)
    status.textContent = raw !== "" && percent >= 0 && percent <= 100 ? `You said ${raw} %.` : "";
  };
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter") {
      e.preventDefault();
      save();
    }
  });
  const saveButton = button({ testid: `forecast-save-${opp}`, label: "Save my forecast", text: "Save", onclick: save });
  const form = h("div", { class: "bw-forecast", role: "group", "data-testid": `forecast-${opp}` }, label, " ", input, " % ", saveButton, " ", status);
  row.send = send;
  return { form, label, input, saveButton };
}

/** The odds panel: die bars keyed by face, one row per opponent keyed by seat, bars reused. */
function drawOdds(C, L, odds, nameOf, send = null) {
  if (!C.odds) {
    C.odds = {
      section: h("section", { class: "bw-odds", "aria-label": "Odds", "data-testid": "odds" }),
      title: h("h3", {}, "Odds"),
      next: h("h4", {}, "Next roll"),
      who: h("h4", {}, "Who is who? (from what you have seen)"),
      none: h("p", {}, "No odds to show."),
      die: new Map(),
      seats: new Map(),
      // the forecasts are folded away until the student opens them (the panel stays short on a laptop)
      toggle: h("button", { type: "button", class: "bw-btn bw-forecast-toggle", "data-testid": "forecast-toggle", "aria-expanded": "false" }),
      last: null,
    };
    C.odds.toggle.addEventListener("click", () => {
      C.forecastOpen = !C.forecastOpen;
      if (C.odds.last) drawOdds(...C.odds.last);
    });
  }
  const O = C.odds;
  O.last = [C, L, odds, nameOf, send];
  const open = Boolean(C.forecastOpen);
  setAttr(O.toggle, "aria-expanded", String(open));
  setText(O.toggle, open ? "Hide my forecasts" : "✎ My forecasts");
  setAttr(O.toggle, "aria-label", open ? "Hide my forecasts" : "My forecasts: type your own chance for each player");
  if (!odds) {
    setChildren(O.section, [O.title, O.none]);
    return;
  }
  const dieBars = Object.entries(odds.die || {}).map(([face, p]) => {
    const label = `${FACE_SYMBOL[face] || ""} ${face === "black" ? "black" : L.room(face)}`;
    let b = O.die.get(face);
    if (!b) O.die.set(face, (b = bar(label, p, { cls: `bw-bar-${face}` })));
    return updateBar(b, label, p);
  });
  const rows = Object.entries(odds.identity || {}).map(([opp, probs]) => {
    const all = Object.entries(probs).sort((a, b) => b[1] - a[1] || Number(a[0]) - Number(b[0]));
    const even = all.length > 0 && all[0][1] === all[all.length - 1][1];
    let row = O.seats.get(opp);
    if (!row) {
      row = {
        name: h("div", { class: "bw-odds-name" }),
        note: h("div", { class: "bw-odds-note" }),
        bars: [],
      };
      row.div = h("div", { class: "bw-odds-seat", "data-testid": `odds-seat-${opp}` });
      O.seats.set(opp, row);
    }
    setText(row.name, `${nameOf(Number(opp))} is most likely…`);
    const top3 = all.slice(0, 3).map(([f, p], n) => {
      const label = `${L.emoji(Number(f))} ${L.fig(Number(f))}`;
      if (!row.bars[n]) row.bars[n] = bar(label, p);
      return updateBar(row.bars[n], label, p);
    });
    const showNote = even && all.length > 1;
    if (showNote) setText(row.note, `No clue yet: all ${all.length} possible figures are equally likely.`);
    if (send && all.length) {
      if (!row.forecast) row.forecast = forecastForm(row, opp, send);
      row.send = send;
      row.top = Number(all[0][0]);
      const said = `Your forecast: the chance that ${nameOf(Number(opp))} is ${L.fig(row.top)}`;
      setText(row.forecast.label, said);
      setAttr(row.forecast.input, "aria-label", `${said}, in percent`);
      setAttr(row.forecast.saveButton, "aria-label", `Save my forecast about ${nameOf(Number(opp))}`);
    }
    setChildren(row.div, [row.name, top3, showNote ? row.note : null, open && send && all.length ? row.forecast.form : null]);
    return row.div;
  });
  const canForecast = Boolean(send) && rows.length > 0;
  setChildren(O.section, [O.title, O.next, dieBars, rows.length ? O.who : null, canForecast ? O.toggle : null, rows]);
}

/** Where keyboard focus goes when the focused button went away (the frame adds the curtain and replay). */
const FOCUS_ORDER = [
  '[data-testid="roll"]:not([disabled])',
  ".bw-figure.bw-selected",
  '.bw-room-button:not([disabled])',
  ".bw-figure.bw-movable",
  '[data-testid^="kill-"]',
];

/** anywidget entry point (`render` draws from the model and returns the cleanup). */
export default view({
  rootClass: "bw-costume",
  title: () => "Costume Party Detective",
  setup,
  me,
  seat,
  panels,
  reset: (g) => {
    g.cache = null; // the board comes back fresh for whoever lifts the curtain
    g.local.selected = null;
  },
  focusOrder: FOCUS_ORDER,
  onKey: (ev, g, frame) => {
    if (ev.key === "Escape" && g.local.selected !== null) {
      g.local.selected = null;
      frame.redraw();
    }
  },
});
