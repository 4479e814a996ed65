// Costume Party Detective: the view. It implements no rules: what is clickable
// comes only from the synced `legal` actions; everything drawn comes from the
// synced traits (see brady_widgets/costume_party/widget.py for the test ids).
import "./costume_party.css";
import { h, button, bar, inkFor } from "./dom.js";
import { MSG, TRAITS } from "./messages.js";
import { seatBar } from "./seatbar.js";
import { logPanel, updateLog } from "./log.js";
import { errorBanner } from "./error.js";
import { curtainPanel } from "./curtain.js";
import { replayControl } from "./replay.js";

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
 * Draw the whole widget into `root` from the model's traits.
 * @param {HTMLElement} root
 * @param {any} model
 * @param {{selected: number|null}} local view-only state (the selected figure)
 * @param {() => void} redraw
 */
export function draw(parts, model, local, redraw) {
  const { root, top, main, board, tableSlot, oddsSlot, logList } = parts;
  const send = (msg) => model.send(msg);
  const seat = model.get("seat");
  const view = model.get("view") || {};
  const legal = model.get("legal") || [];
  const log = model.get("log") || [];
  const error = model.get("error") || {};
  const curtain = model.get("curtain") || {};
  const settings = model.get("settings") || {};
  const replay = model.get("replay") || {};
  const L = labels(settings);
  const names = settings.names || [];
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

  top.replaceChildren();
  board.replaceChildren();
  tableSlot.replaceChildren();
  oddsSlot.replaceChildren();
  updateLog(logList, log);
  root.dataset.phase = phase;
  root.dataset.seat = String(seat);
  root.dataset.curtain = curtain.up ? "up" : "down";
  root.dataset.reveal = String(Boolean(settings.reveal));

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
  top.appendChild(
    h(
      "header",
      { class: "bw-header" },
      h("h2", { class: "bw-title" }, "Costume Party Detective"),
      h("p", { class: "bw-me-line", "data-testid": "me" }, who),
    ),
  );

  top.appendChild(errorBanner(error, send) || h("div", { class: "bw-error-slot" }));

  // Seat bar (public facts per seat: turn, alive, face-up cards, revealed characters).
  top.appendChild(
    seatBar({
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
    }),
  );

  // Curtain: nothing else is drawn while it is up.
  const cur = curtainPanel(curtain, names, send);
  main.hidden = Boolean(cur);
  if (cur) {
    top.appendChild(cur);
    return;
  }

  // ---------------------------------------------------------------- banner
  if (view.over) {
    const winners = (view.winners || []).map(nameOf);
    top.appendChild(
      h(
        "div",
        { class: "bw-winner", role: "status", "data-testid": "winner" },
        `🏆 ${winners.join(" and ") || "Nobody"} ${winners.length === 1 ? "wins" : "win"}!`,
      ),
    );
  } else if (replay.active && replay.step < replay.length) {
    top.appendChild(
      h("div", { class: "bw-winner bw-replaying", role: "status", "data-testid": "replay-banner" }, `Replay: after action ${replay.step} of ${replay.length}`),
    );
  }
  const rc = replayControl(replay, Boolean(settings.reveal), send);
  if (rc) top.appendChild(rc);

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

  const controls = h(
    "section",
    { class: "bw-controls", "aria-label": "Your move" },
    h("p", { class: "bw-prompt", "data-testid": "prompt" }, prompt),
    h(
      "div",
      { class: "bw-die" },
      button({
        testid: "roll",
        label: "Roll the die",
        text: "🎲 Roll",
        disabled: !canRoll,
        cls: "bw-btn-primary",
        onclick: () => act({ type: "roll" }),
      }),
      h(
        "span",
        { class: `bw-last-roll bw-face-${view.last_roll || "none"}`, "data-testid": "last-roll", "data-face": view.last_roll || "" },
        view.last_roll
          ? h("span", { class: "bw-face-chip", "aria-hidden": "true" }, FACE_SYMBOL[view.last_roll] || "?")
          : null,
        `Last roll: ${faceText(view.last_roll, L)}`,
      ),
      settings.paused
        ? button({
            testid: "run-bots",
            label: "Let the bots play",
            onclick: () => send({ type: MSG.RUN_BOTS }),
          })
        : null,
    ),
    phase === "black" && myTurn
      ? h(
          "div",
          { class: "bw-black", role: "group", "aria-label": "Black: kill or draw" },
          kills.map((f) =>
            button({
              testid: `kill-${f}`,
              label: f === mine ? `Kill ${L.fig(f)} (yourself: you are alone)` : `Kill ${L.fig(f)}`,
              text: `🗡 Kill ${L.emoji(f)} ${L.fig(f)}${f === mine ? " (yourself)" : ""}`,
              cls: "bw-btn-kill",
              onclick: () => act({ type: "kill", figure: f }),
            }),
          ),
          button({
            testid: "draw",
            label: canDraw ? "Draw the top character card" : "Draw (not allowed: you must kill)",
            text: `🃏 Draw a card (${view.deck_count ?? 0} left)`,
            disabled: !canDraw,
            onclick: () => act({ type: "draw" }),
          }),
        )
      : null,
  );
  top.appendChild(controls);

  // ----------------------------------------------------------------- board
  const rooms = view.rooms || {};
  const adjacency = view.adjacency || {};
  const order = L.order.length ? L.order : Object.keys(rooms);
  for (const r of order) {
    const info = L.rooms[r] || { name: r, color: "#999" };
    const figs = rooms[r] || [];
    const isTarget = targets.has(r);
    const box = h(
      "section",
      {
        class: `bw-room bw-pattern-${PATTERN_NAME[r] || "plain"}${isTarget ? " bw-target" : ""}`,
        "data-testid": `roombox-${r}`,
        "data-room": r,
        style: { "grid-area": AREA[r] || "auto", "--room-color": info.color, "--room-ink": inkFor(info.color) },
        "aria-label": `${info.name}: ${figs.length} figure${figs.length === 1 ? "" : "s"}`,
      },
      button({
        testid: `room-${r}`,
        label: isTarget ? `Move ${L.fig(local.selected)} to ${info.name}` : info.name,
        text: [
          h("span", { class: "bw-room-symbol", "aria-hidden": "true" }, FACE_SYMBOL[r] || ""),
          h("span", { class: "bw-room-name" }, info.name),
          isTarget ? h("span", { class: "bw-room-go" }, " ⇦ move here") : null,
        ],
        disabled: !isTarget,
        cls: "bw-room-button",
        onclick: () => act({ type: "move", figure: local.selected, to: r }),
      }),
      h(
        "div",
        { class: "bw-room-next" },
        `next to: ${(adjacency[r] || []).map((n) => L.room(n)).join(", ")}`,
      ),
      h(
        "div",
        { class: "bw-figures" },
        figs.map((f) => {
          const canMove = movable.has(f);
          const selected = local.selected === f;
          const isMine = f === mine;
          const killable = kills.includes(f);
          const owner = secrets ? secrets.indexOf(f) : -1; // teacher's reveal only
          const label = `${L.fig(f)}${isMine ? " (you)" : ""}${owner >= 0 ? ` (${nameOf(owner)}'s character)` : ""}, in ${info.name}${canMove ? ", can move" : ""}${killable ? ", can be killed" : ""}`;
          return button({
            testid: `figure-${f}`,
            label,
            text: [
              h("span", { class: "bw-emoji", "aria-hidden": "true" }, L.emoji(f)),
              h("span", { class: "bw-fig-name" }, L.fig(f).split(" the ")[0]),
              isMine ? h("span", { class: "bw-you", "aria-hidden": "true" }, "you") : null,
              owner >= 0 ? h("span", { class: "bw-owner", "aria-hidden": "true" }, nameOf(owner)) : null,
            ],
            pressed: canMove ? selected : null,
            disabled: !canMove,
            cls: `bw-figure${canMove ? " bw-movable" : ""}${selected ? " bw-selected" : ""}${isMine ? " bw-mine" : ""}${killable ? " bw-killable" : ""}`,
            title: L.fig(f),
            onclick: () => {
              local.selected = selected ? null : f;
              redraw();
            },
          });
        }),
      ),
    );
    board.appendChild(box);
  }

  // --------------------------------------------------------------- sidebar
  const gone = (ids, what) =>
    ids && ids.length
      ? h("p", { class: "bw-gone" }, `${what}: `, ids.map((f) => `${L.emoji(f)} ${L.fig(f)}`).join(", "))
      : null;
  const table = h(
    "section",
    { class: "bw-table", "aria-label": "The table" },
    h("p", { class: "bw-deck", "data-testid": "deck" }, `Deck: ${view.deck_count ?? 0} card${view.deck_count === 1 ? "" : "s"}`),
    gone(view.left, "Left the party"),
    gone(view.killed, "Killed"),
  );

  const odds = view.odds;
  const oddsPanel = h(
    "section",
    { class: "bw-odds", "aria-label": "Odds", "data-testid": "odds" },
    h("h3", {}, "Odds"),
    odds
      ? [
          h("h4", {}, "Next roll"),
          Object.entries(odds.die || {}).map(([face, p]) =>
            bar(`${FACE_SYMBOL[face] || ""} ${face === "black" ? "black" : L.room(face)}`, p, { cls: `bw-bar-${face}` }),
          ),
          Object.keys(odds.identity || {}).length ? h("h4", {}, "Who is who? (from what you have seen)") : null,
          Object.entries(odds.identity || {}).map(([opp, probs]) => {
            const all = Object.entries(probs).sort((a, b) => b[1] - a[1] || Number(a[0]) - Number(b[0]));
            const even = all.length > 0 && all[0][1] === all[all.length - 1][1];
            return h(
              "div",
              { class: "bw-odds-seat", "data-testid": `odds-seat-${opp}` },
              h("div", { class: "bw-odds-name" }, `${nameOf(Number(opp))} is most likely…`),
              all.slice(0, 3).map(([f, p]) => bar(`${L.emoji(Number(f))} ${L.fig(Number(f))}`, p)),
              even && all.length > 1
                ? h("div", { class: "bw-odds-note" }, `No clue yet: all ${all.length} possible figures are equally likely.`)
                : null,
            );
          }),
        ]
      : h("p", {}, "No odds to show."),
  );

  tableSlot.appendChild(table);
  oddsSlot.appendChild(oddsPanel);
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
  const root = h("div", { class: "bw-root bw-costume" });
  const top = h("div", { class: "bw-top" });
  const board = h("div", { class: "bw-board", role: "group", "aria-label": "The party: five rooms" });
  const tableSlot = h("div", { class: "bw-slot" });
  const oddsSlot = h("div", { class: "bw-slot" });
  const { panel: logSection, list: logList } = logPanel();
  const main = h("div", { class: "bw-main" }, board, h("div", { class: "bw-side" }, tableSlot, oddsSlot, logSection));
  root.append(top, main);
  el.appendChild(root);
  const parts = { root, top, main, board, tableSlot, oddsSlot, logList };
  const local = { selected: null };
  let queued = false;

  const redraw = () => {
    queued = false;
    const active = root.ownerDocument.activeElement;
    const hadFocus = Boolean(active && root.contains(active) && active !== root);
    const focusId = hadFocus ? active.getAttribute("data-testid") : null;
    const stuck = logList.scrollTop + logList.clientHeight >= logList.scrollHeight - 4;
    draw(parts, model, local, redraw);
    if (stuck) logList.scrollTop = logList.scrollHeight;
    if (!hadFocus) return;
    let target = focusId ? root.querySelector(`[data-testid="${focusId}"]`) : null;
    if (!target || target.disabled || root.querySelector('[data-testid="lift-curtain"]')) {
      target = null;
      for (const sel of FOCUS_ORDER) {
        target = root.querySelector(sel);
        if (target && !target.disabled) break;
        target = null;
      }
    }
    if (target) target.focus();
  };
  // One update message may change several traits: redraw once, after all of them.
  const schedule = () => {
    if (!queued) {
      queued = true;
      queueMicrotask(() => queued && redraw());
    }
  };
  for (const key of TRAITS) model.on(`change:${key}`, schedule);
  const onKey = (ev) => {
    if (ev.key === "Escape" && local.selected !== null) {
      local.selected = null;
      redraw();
    }
  };
  root.addEventListener("keydown", onKey);
  redraw();
  return () => {
    queued = false;
    for (const key of TRAITS) model.off(`change:${key}`, schedule);
    root.removeEventListener("keydown", onKey);
    root.remove();
  };
}

export default { render };
