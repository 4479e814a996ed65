// Costume Party Detective: the view. It implements no rules: what is clickable
// comes only from the synced `legal` actions; everything drawn comes from the
// synced traits (see brady_widgets/costume_party/widget.py for the test ids).
import "./shared.css";
import "./costume_party.css";
import { h, button, bar, inkFor, liveButton, setAttr, setChildren, setClass, setDisabled, setText, updateBar, keyed } from "./dom.js";
import { MSG, readTraits } from "./messages.js";
import { seatItem, seatList } from "./seatbar.js";
import { logPanel, updateLog } from "./log.js";
import { errorBanner } from "./error.js";
import { curtainPanel } from "./curtain.js";
import { replayControl, statusBanner } from "./replay.js";
import { mountView } from "./mount.js";

/** Pinwheel grid: four colored rooms in a ring, the hall in the middle. */
const AREA = { blue: "blue", yellow: "yellow", red: "red", green: "green", hall: "hall" };
const PATTERN_NAME = { blue: "stripes", yellow: "dots", red: "checks", green: "waves", hall: "plain" };
const FACE_SYMBOL = { blue: "▲", yellow: "●", red: "■", green: "◆", hall: "○", black: "☗" };

function labels(settings) {
  const content = settings.content || {};
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

function faceText(face, L) {
  if (!face) return "none yet";
  return face === "black" ? "black" : `${face} (${L.room(face)})`;
}

/**
 * Build the widget's skeleton once: the persistent nodes every update patches.
 * @returns the parts, plus caches for the keyed sections
 */
export function skeleton() {
  const root = h("div", { class: "bw-root bw-costume" });
  const top = h("div", { class: "bw-top" });
  const board = h("div", { class: "bw-board", role: "group", "aria-label": "The party: five rooms" });
  const tableSlot = h("div", { class: "bw-slot" });
  const oddsSlot = h("div", { class: "bw-slot" });
  const { panel: logSection, list: logList } = logPanel();
  const main = h("div", { class: "bw-main" }, board, h("div", { class: "bw-side" }, tableSlot, oddsSlot, logSection));
  root.append(top, main);
  const me = h("p", { class: "bw-me-line", "data-testid": "me" });
  const header = h("header", { class: "bw-header" }, h("h2", { class: "bw-title" }, "Costume Party Detective"), me);
  return {
    root,
    top,
    main,
    board,
    tableSlot,
    oddsSlot,
    logList,
    header,
    me,
    seats: seatList(),
    keys: {}, // section -> the JSON of the inputs it was last drawn from
    cache: null, // per-content caches (rooms, figures, controls, odds): see `caches`
    error: keyed(),
    curtain: keyed(),
    banner: keyed(),
    replay: keyed(),
    table: keyed(),
  };
}

/** Nodes that depend on the display content (names, labels): rebuilt when it changes. */
function caches() {
  return { seatItems: [], seatKeys: [], rooms: new Map(), figures: new Map(), controls: null, kills: new Map(), odds: null };
}

/** Draw `key` only when it differs from the last one drawn for `section`. */
function changed(parts, section, key) {
  if (parts.keys[section] === key) return false;
  parts.keys[section] = key;
  return true;
}

/**
 * Bring the widget in line with the model's traits, touching only what changed.
 * @param {ReturnType<typeof skeleton>} parts
 * @param {any} model
 * @param {{selected: number|null}} local view-only state (the selected figure)
 * @param {() => void} redraw
 */
export function draw(parts, model, local, redraw) {
  const { root, top, main, board, tableSlot, oddsSlot, logList } = parts;
  const { send, seat, view, legal, log, error, curtain, settings, replay } = readTraits(model);
  const names = settings.names || [];
  const contentKey = JSON.stringify([settings.content || {}, names]);
  if (changed(parts, "content", contentKey) || !parts.cache) {
    parts.cache = caches();
    parts.L = labels(settings);
    parts.keys = { content: contentKey };
  }
  const L = parts.L;
  const C = parts.cache;
  const nameOf = (s) => names[s] ?? `Seat ${s + 1}`;
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
    send({ type: MSG.ACT, action });
  };

  updateLog(logList, log);
  setAttr(root, "data-phase", phase);
  setAttr(root, "data-seat", String(seat));
  setAttr(root, "data-curtain", curtain.up ? "up" : "down");
  setAttr(root, "data-reveal", String(Boolean(settings.reveal)));

  const toAct = view.to_act || [];
  const alive = view.alive || [];
  const faceUp = view.face_up || [];
  const revealed = view.revealed || [];
  const secrets = view.secrets || null;

  // ------------------------------------------------------------------ header
  const mine = view.my_character;
  let who;
  if (settings.reveal) who = "Teacher view: every secret is shown.";
  else if (mine !== null && mine !== undefined) who = `You are ${L.emoji(mine)} ${L.fig(mine)} (${nameOf(seat)}).`;
  else who = "Public view: nobody's secrets are shown.";
  setText(parts.me, who);

  const errorNode = parts.error(JSON.stringify(error), () => errorBanner(error, send) || h("div", { class: "bw-error-slot" }));

  // Seat bar (public facts per seat: turn, alive, face-up cards, revealed characters), one item per seat,
  // rebuilt only when that seat's facts changed.
  const seatOpts = {
    names,
    shown: seat,
    toAct: view.over ? [] : toAct,
    alive,
    extra: (s) =>
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
      ),
  };
  for (let s = 0; s < names.length; s++) {
    const key = JSON.stringify([
      s === seat,
      seatOpts.toAct.includes(s),
      alive[s] !== false,
      revealed[s] ?? null,
      secrets ? secrets[s] : null,
      faceUp[s] || [],
    ]);
    if (C.seatKeys[s] !== key) {
      C.seatKeys[s] = key;
      C.seatItems[s] = seatItem(seatOpts, s);
    }
  }
  C.seatItems.length = names.length;
  setChildren(parts.seats, C.seatItems);

  // Curtain: nothing else is drawn while it is up (and nothing drawn before is kept).
  const curtainNode = parts.curtain(JSON.stringify([curtain, names]), () => curtainPanel(curtain, names, send));
  main.hidden = Boolean(curtainNode);
  if (curtainNode) {
    setChildren(top, [parts.header, errorNode, parts.seats, curtainNode]);
    setChildren(board, []);
    setChildren(tableSlot, []);
    setChildren(oddsSlot, []);
    parts.cache = null; // the board comes back fresh for whoever lifts the curtain
    return;
  }

  // ---------------------------------------------------------------- banner
  const [bannerKey, buildBanner] = statusBanner(view, replay, nameOf);
  const banner = parts.banner(JSON.stringify([contentKey, bannerKey]), buildBanner);
  const rc = parts.replay(JSON.stringify([replay, Boolean(settings.reveal)]), () => replayControl(replay, Boolean(settings.reveal), send));

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
    k.runBots = liveButton({ testid: "run-bots", label: "Let the bots play", onclick: () => send({ type: MSG.RUN_BOTS }) });
    k.die = h("div", { class: "bw-die" });
    k.draw = liveButton({ testid: "draw", label: "Draw", text: "", onclick: () => act({ type: "draw" }) });
    k.black = h("div", { class: "bw-black", role: "group", "aria-label": "Black: kill or draw" });
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
  const lastText = `Last roll: ${faceText(face, L)}`;
  if (K.lastText.data !== lastText) K.lastText.data = lastText;
  setChildren(K.last, [face ? K.chip : null, K.lastText]);
  setChildren(K.die, [K.roll, K.last, settings.paused ? K.runBots : null]);
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
    setAttr(K.draw, "aria-label", canDraw ? "Draw the top character card" : "Draw (not allowed: you must kill)");
    setText(K.draw, `🃏 Draw a card (${view.deck_count ?? 0} left)`);
    setDisabled(K.draw, !canDraw);
    setChildren(K.black, [killButtons, K.draw]);
  }
  setChildren(K.section, [K.prompt, K.die, showBlack ? K.black : null]);
  setChildren(top, [parts.header, errorNode, parts.seats, banner, rc, K.section]);

  // ----------------------------------------------------------------- board
  const rooms = view.rooms || {};
  const adjacency = view.adjacency || {};
  const order = L.order.length ? L.order : Object.keys(rooms);
  const boardKey = JSON.stringify([rooms, adjacency, order, [...movable], local.selected, [...targets], kills, mine ?? null, secrets]);
  if (changed(parts, "board", boardKey)) {
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
  const tableKey = JSON.stringify([contentKey, view.deck_count ?? 0, view.left || [], view.killed || []]);
  const table = parts.table(tableKey, () => {
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
  setChildren(tableSlot, [table]);

  if (changed(parts, "odds", JSON.stringify(view.odds ?? null)) || !C.odds) drawOdds(C, L, view.odds, nameOf);
  setChildren(oddsSlot, [C.odds.section]);
}

/** The figure token for `f`: built once per figure, then patched (and moved between rooms). */
function figureButton(C, L, f, { info, movable, local, mine, kills, secrets, nameOf, redraw }) {
  let F = C.figures.get(f);
  if (!F) {
    F = {};
    F.emoji = h("span", { class: "bw-emoji", "aria-hidden": "true" }, L.emoji(f));
    F.name = h("span", { class: "bw-fig-name" }, L.fig(f).split(" the ")[0]);
    F.you = h("span", { class: "bw-you", "aria-hidden": "true" }, "you");
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
    `${L.fig(f)}${isMine ? " (you)" : ""}${owner >= 0 ? ` (${nameOf(owner)}'s character)` : ""}, in ${info.name}${canMove ? ", can move" : ""}${killable ? ", can be killed" : ""}`,
  );
  setAttr(b, "aria-pressed", canMove ? String(selected) : null);
  setDisabled(b, !canMove);
  setClass(
    b,
    `bw-btn bw-figure${canMove ? " bw-movable" : ""}${selected ? " bw-selected" : ""}${isMine ? " bw-mine" : ""}${killable ? " bw-killable" : ""}`,
  );
  if (owner >= 0) setText(F.owner, nameOf(owner));
  setChildren(b, [F.emoji, F.name, isMine ? F.you : null, owner >= 0 ? F.owner : null]);
  return b;
}

/** The odds panel: die bars keyed by face, one row per opponent keyed by seat, bars reused. */
function drawOdds(C, L, odds, nameOf) {
  if (!C.odds) {
    C.odds = {
      section: h("section", { class: "bw-odds", "aria-label": "Odds", "data-testid": "odds" }),
      title: h("h3", {}, "Odds"),
      next: h("h4", {}, "Next roll"),
      who: h("h4", {}, "Who is who? (from what you have seen)"),
      none: h("p", {}, "No odds to show."),
      die: new Map(),
      seats: new Map(),
    };
  }
  const O = C.odds;
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
    setChildren(row.div, [row.name, top3, showNote ? row.note : null]);
    return row.div;
  });
  setChildren(O.section, [O.title, O.next, dieBars, rows.length ? O.who : null, rows]);
}

/** Where keyboard focus goes when the focused button went away (or the curtain moved). */
const FOCUS_ORDER = [
  '[data-testid="lift-curtain"]',
  '[data-testid="roll"]:not([disabled])',
  ".bw-figure.bw-selected",
  '.bw-room-button:not([disabled])',
  ".bw-figure.bw-movable",
  '[data-testid^="kill-"]',
  '[data-testid="replay-back"]:not([disabled])',
];

/**
 * The synced traits (brady_widgets.widget.GameWidget).
 * @typedef {{seat: number, view: Record<string, any>, legal: Record<string, any>[],
 *   log: {i: number, type: string, step: number, seat?: number, text: string}[],
 *   error: {code?: string, message?: string}, curtain: {up: boolean, seat: number},
 *   settings: Record<string, any>, replay: {step: number, length: number, active: boolean}}} Model
 */

/**
 * anywidget entry point: draws from the model, returns the cleanup.
 * @type {import("@anywidget/types").Render<Model>}
 */
function render({ model, el }) {
  const local = { selected: null };
  return mountView({ model, el, parts: skeleton(), local, draw, focusOrder: FOCUS_ORDER,
    onKey: (ev, redraw) => {
      if (ev.key === "Escape" && local.selected !== null) {
        local.selected = null;
        redraw();
      }
    },
  });
}

export default { render };
