// Big Brother: the view, inside the shared frame (js/src/frame.js: header, seat bar,
// error, curtain, banners, replay, reveal, run-bots, log, the real-time clock). It
// implements no rules: what is clickable comes only from the synced `legal` actions,
// everything drawn comes from the synced traits (the board from `content.track`, sent
// once). See brady_widgets/big_brother/widget.py for the test ids.
//
// The house is drawn as a loop of spaces round a rectangle; inside it sit the dice,
// the card being read, the gossip with its countdown (the shared clock's deadline) and
// the last count. Each space says its kind in words and a sign, never by color alone,
// and shows the odds of the mover landing there during the rest of the turn. Pawns
// carry their player's number. Keys: R rolls; 1..6 pick Player n (your vote card with
// that number, the housemate you name or rank, your gossip card).
import { view, h, button, liveButton, setAttr, setChildren, setClass, setDisabled, setStyle, setText, keyed, inkFor } from "@bw/frame.js";
import "./view.css";

/** Okabe-Ito colors, one per seat (the number is always written on the pawn too). */
export const SEAT_COLORS = ["#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00"];
const ICON = { confrontation: "❓", gossip: "💬", camera: "📷" };
const ROOM_ICON = {
  "Living Room": "🛋",
  Kitchen: "🍳",
  "Men's Bedroom": "🛏",
  Garden: "🌻",
  "Diary Room": "📔",
  "Toilet/Shower": "🚿",
  "Women's Bedroom": "🛏",
  Storeroom: "📦",
};
const KIND_WORD = { confrontation: "Card", gossip: "Gossip", camera: "Camera" };
/** The action types whose one key is a target seat (the number keys pick them). */
export const TARGET_TYPES = ["vote", "choose", "gossip_card", "rank", "pay"];
const PURPOSE = { nominations: "Nominations", eviction: "Eviction vote", final: "Final vote", confrontation: "Confrontation" };

/**
 * Grid cells (1-based [row, col]) of a loop of `n` spaces round a rectangle, clockwise
 * from the top left corner, and the grid's size.
 */
export function loopCells(n) {
  const W = Math.max(3, Math.ceil((n + 4) / 4));
  const H = Math.max(3, Math.ceil((n - 2 * W) / 2) + 2);
  const cells = [];
  for (let c = 1; c <= W; c++) cells.push([1, c]);
  for (let r = 2; r < H; r++) cells.push([r, W]);
  for (let c = W; c >= 1; c--) cells.push([H, c]);
  for (let r = H - 1; r > 1; r--) cells.push([r, 1]);
  return { W, H, cells: cells.slice(0, n) };
}

/** A space in words: "Garden", "Confrontation card", ... */
export function spaceWords(space) {
  const [kind, room] = space || [];
  if (kind === "room") return room;
  return kind === "confrontation" ? "Confrontation card" : kind === "gossip" ? "Gossip" : kind === "camera" ? "Camera" : String(kind);
}

function pct(p) {
  const x = Math.round((Number(p) || 0) * 1000) / 10;
  return `${x}%`;
}

/** A short percentage for a small space: whole numbers from 10% up, one decimal below. */
export function shortPct(p) {
  const x = (Number(p) || 0) * 100;
  return x >= 9.95 ? `${Math.round(x)}%` : `${Math.round(x * 10) / 10}%`;
}

function setup(frame) {
  return {
    frame,
    boardShape: null,
    centreNode: h("div", { class: "bw-bb-centre" }),
    boxLine: h("p", { class: "bw-why", "data-testid": "box" }),
    diceP: null,
    card: keyed(),
    gossip: keyed(),
    nominees: keyed(),
    candidates: keyed(),
    count: keyed(),
    ranks: keyed(),
    sums: keyed(),
    landDiv: null,
    oddsNode: h("section", { class: "bw-bb-odds", "data-testid": "odds", "aria-label": "Odds" }),
    oddsHead: h("h3", {}, "Odds"),
    oddsNone: h("p", { class: "bw-why" }, "No odds on this screen."),
    teacher: keyed(),
    prompt: h("p", { class: "bw-prompt", "data-testid": "prompt", "aria-live": "polite" }),
    // the layout is built once and patched: a redraw that made new wrappers moved the
    // whole board and controls in the DOM (a style and layout pass) on every click
    house: h("div", { class: "bw-bb-house" }),
    left: h("div", { class: "bw-bb-left" }),
    controls: h("section", { class: "bw-bb-controls", "aria-label": "Your move" }),
    dice: h("div", { class: "bw-bb-row", role: "group", "aria-label": "Dice" }),
    gossipRow: keyed(),
    secret: keyed(),
    cams: keyed(),
    cardRow: null,
    seatExtras: [], // per seat: its node in the seat bar and the parts patched in it
    roll: null,
    countdown: null,
    timer: null,
  };
}

function title(t) {
  return (t.content && t.content.title) || "Big Brother";
}

function me(t) {
  if (t.seat < 0) return "Public view: nobody's vote cards are shown.";
  const v = t.view;
  const held = (v.my_cards || []).reduce((a, b) => a + b, 0);
  const evicted = (v.evicted || []).includes(t.seat) && v.returned !== t.seat;
  return `You are ${t.nameOf(t.seat)} (tag ${t.seat + 1})${evicted ? ", evicted: you still vote" : ""}: ${held} vote card${held === 1 ? "" : "s"} in hand.`;
}

function out(v, s) {
  return (v.evicted || []).includes(s) && v.returned !== s;
}

/** Per seat: where the pawn stands and the marks (shielded, nominee, voted...). */
function seat(t, g, s) {
  const v = t.view;
  const track = t.content.track || [];
  const pos = (v.positions || [])[s];
  const card = v.card;
  const voted = card ? (card.voted || []).includes(s) : false;
  const picked = v.gossip ? (v.gossip.picked || []).includes(s) : false;
  const cams = ((v.camera || {}).held || [])[s] || 0;
  const marks = [
    out(v, s) ? "evicted" : null,
    v.returned === s ? "returned" : null,
    v.shielded === s ? "🚿 no votes this turn" : null,
    (v.nominees || []).includes(s) ? "nominated" : null,
    (v.candidates || []).includes(s) ? "in the final" : null,
    voted ? "✔ voted" : null,
    picked ? "✔ gossip card picked" : null,
    cams ? `📷 ${cams} camera card${cams === 1 ? "" : "s"}` : null,
  ].filter(Boolean);
  const where = out(v, s) ? "out of the house" : typeof pos === "number" ? `${pos} ${spaceWords(track[pos])}` : "";
  const tag = t.content.tags ? t.content.tags[s] : null;
  const key = JSON.stringify([where, marks, tag]);
  // one node per seat, patched (the frame asks for it again only when the key changed)
  const build = () => {
    let x = g.seatExtras[s];
    if (!x) {
      const color = SEAT_COLORS[s % SEAT_COLORS.length];
      x = g.seatExtras[s] = {
        node: h("div", { class: "bw-seat-extra bw-bb-seat" }),
        pawn: h("span", { class: "bw-bb-pawn", style: { background: color, color: inkFor(color) }, "aria-hidden": "true" }, String(s + 1)),
        // each with one text node from the start, as setText keeps it (even when empty)
        where: h("span", { class: "bw-bb-where" }, ""),
        tag: h("span", { class: "bw-bb-tag" }, ""),
        marks: h("div", { class: "bw-bb-marks" }, ""),
      };
    }
    setText(x.where, where);
    if (tag) setText(x.tag, tag);
    if (marks.length) setText(x.marks, marks.join(" · "));
    setChildren(x.node, [x.pawn, x.where, tag ? x.tag : null, marks.length ? x.marks : null]);
    return x.node;
  };
  return [key, build];
}

/**
 * The house: the spaces are built once per track and patched in place (a roll changes
 * a few spaces: the pawns that moved, the odds, the landed mark), never rebuilt whole.
 */
function board(t, g) {
  const v = t.view;
  const track = t.content.track || [];
  const shape = JSON.stringify([track, t.content.rooms || {}]);
  if (g.boardShape !== shape) {
    g.boardShape = shape;
    const { W, H, cells } = loopCells(track.length);
    g.spaces = track.map((space, i) => makeSpace(t, space, i, cells[i]));
    g.spaceKeys = [];
    g.pawnKeys = [];
    g.pawnNodes = [];
    g.boardNode = h(
      "ol",
      { class: "bw-bb-board", "data-testid": "board", "aria-label": "The house: spaces clockwise from the Living Room", style: { "grid-template-columns": `repeat(${W}, 1fr)`, "grid-template-rows": `repeat(${H}, auto)` } },
      g.spaces.map((sp) => sp.li),
    );
  }
  const land = (v.odds || {}).land || null;
  const roll = v.last_roll;
  const pawns = {};
  (v.positions || []).forEach((p, s) => {
    if (typeof p === "number" && !out(v, s)) (pawns[p] = pawns[p] || []).push(s);
  });
  track.forEach((space, i) => {
    const here = pawns[i] || [];
    const p = land ? land[i] : null;
    const landed = Boolean(roll && roll.to === i);
    const who = here.map((s) => t.nameOf(s));
    // the odds change on most spaces at each roll, the pawns on two: patched apart
    const key = JSON.stringify([who, p, landed]);
    const pawnKey = JSON.stringify([here, here.includes(v.mover) ? v.mover : null]);
    if (g.spaceKeys[i] !== key) {
      g.spaceKeys[i] = key;
      patchSpace(g.spaces[i], i, { who, p, landed });
    }
    if (g.pawnKeys[i] !== pawnKey) {
      g.pawnKeys[i] = pawnKey;
      patchPawns(g, g.spaces[i], here, v.mover);
    }
  });
  return g.boardNode;
}

/** One space's element and the parts of it a redraw patches. */
function makeSpace(t, space, i, [r, c]) {
  const [kind, room] = space;
  const words = spaceWords(space);
  const desc = kind === "room" ? (t.content.rooms || {})[room] || "" : "";
  const odds = h("span", { class: "bw-bb-sp-odds" });
  const head = h("span", { class: "bw-bb-sp-head", "aria-hidden": "true" }, h("span", { class: "bw-bb-sp-no" }, `${i}${kind === "room" ? ROOM_ICON[room] || "🏠" : ICON[kind] || ""}`));
  const pawns = h("span", { class: "bw-bb-pawns", "aria-hidden": "true" });
  const li = h(
    "li",
    { class: `bw-bb-space bw-bb-${kind}`, style: { "grid-row": String(r), "grid-column": String(c) }, "data-testid": `space-${i}`, "data-kind": kind, title: desc || words },
    head,
    // (a break may follow the slash of "Toilet/Shower": whole words on two lines)
    h("span", { class: "bw-bb-sp-name", "aria-hidden": "true" }, kind === "room" ? room.replace("/", "/\u200b") : KIND_WORD[kind] || kind),
  );
  return { li, head, odds, pawns, kind, words };
}

/** Bring one space in line: its landing odds, the landed mark and its label. */
function patchSpace(sp, i, { who, p, landed }) {
  const { li } = sp;
  setClass(li, `bw-bb-space bw-bb-${sp.kind}${landed ? " bw-bb-landed" : ""}${p ? " bw-bb-reach" : ""}`);
  setStyle(li, "--bw-bb-p", String(p || 0));
  setAttr(li, "data-odds", p === null ? null : String(p));
  setAttr(li, "aria-label", `Space ${i}: ${sp.words}${who.length ? `; here: ${who.join(", ")}` : ""}${p !== null ? `; chance to land here this turn ${pct(p)}` : ""}`);
  if (p) setText(sp.odds, shortPct(p));
  setChildren(sp.head, [sp.head.firstChild, p ? sp.odds : null]);
}

/** The pawns standing on one space (each seat's pawn is one node, moved from space to space). */
function patchPawns(g, sp, here, mover) {
  for (const s of here) {
    const color = SEAT_COLORS[s % SEAT_COLORS.length];
    g.pawnNodes[s] = g.pawnNodes[s] || h("span", { class: "bw-bb-pawn", "data-testid": `pawn-${s}`, style: { background: color, color: inkFor(color) } }, String(s + 1));
    setClass(g.pawnNodes[s], `bw-bb-pawn${s === mover ? " bw-bb-moving" : ""}`);
  }
  setChildren(sp.pawns, here.map((s) => g.pawnNodes[s]));
  setChildren(sp.li, [sp.li.firstChild, sp.li.children[1], here.length ? sp.pawns : null]);
}

const FACES = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

/** The last roll: one paragraph, patched (a roll used to replace it). */
function diceNode(t, g) {
  const roll = t.view.last_roll;
  if (!g.diceP) {
    g.diceP = h("p", { class: "bw-bb-dice", "data-testid": "dice" });
    g.diceNone = document.createTextNode("No roll yet.");
    g.diceFaces = h("span", { class: "bw-bb-faces", "aria-hidden": "true" }, "");
    g.diceText = document.createTextNode("");
  }
  if (!roll) {
    setAttr(g.diceP, "aria-label", null);
    setChildren(g.diceP, [g.diceNone]);
    return g.diceP;
  }
  const [a, b] = roll.dice;
  setAttr(g.diceP, "aria-label", `${t.nameOf(roll.seat)} rolled ${a} and ${b}: ${a + b}`);
  setText(g.diceFaces, `${FACES[a]}${FACES[b]}`);
  const text = ` ${t.nameOf(roll.seat)}: ${a} + ${b} = ${a + b}`;
  if (g.diceText.data !== text) g.diceText.data = text;
  setChildren(g.diceP, [g.diceFaces, g.diceText]);
  return g.diceP;
}

/** The card being read; its "n voted" line is patched as the votes come in (the rest is keyed). */
function cardNode(t, g) {
  const c = t.view.card;
  if (!c) return null;
  const purpose = PURPOSE[c.purpose] || "Question";
  const n = c.purpose === "eviction" || c.purpose === "final" ? ` (question ${c.number} of 3${c.extra ? `, extra card ${c.extra}` : ""})` : "";
  g.cardVoted = h("p", { class: "bw-why" }, votedLine(t));
  return h(
    "section",
    { class: `bw-bb-card bw-bb-sign${c.sign === "+" ? "plus" : "minus"}`, "data-testid": "card", "data-sign": c.sign, "aria-label": `${purpose}${n}` },
    h("h4", {}, `${purpose}${n}`),
    h("p", { class: "bw-bb-situation" }, c.situation),
    h("p", { class: "bw-bb-question" }, h("strong", {}, c.sign === "+" ? "(+) " : "(−) "), c.question),
    g.cardVoted,
  );
}

function votedLine(t) {
  const c = t.view.card;
  return `${(c.voted || []).length} voted · may receive votes: ${(c.targets || []).map((s) => t.nameOf(s)).join(", ")}`;
}

function gossipNode(t, g) {
  const gos = t.view.gossip;
  if (!gos) return null;
  const [a, b] = gos.dice;
  const mine = t.view.my_choice && t.view.my_choice.gossip_card !== undefined ? t.view.my_choice.gossip_card : null;
  g.countdown = h("span", { class: "bw-bb-count", "data-testid": "gossip-countdown", role: "timer", "aria-live": "off" }, "");
  return h(
    "section",
    { class: "bw-bb-gossip", "data-testid": "gossip", "aria-label": "Gossip" },
    h("h4", {}, `💬 Gossip: ${t.nameOf(gos.lander)} and ${t.nameOf(gos.partner)}`),
    h("p", {}, `Dice ${a} and ${b}, ${gos.side === "+" ? "nice" : "not so nice"} side: who is `, h("strong", {}, `“${gos.word}”`), "?"),
    h("p", {}, `Picked: ${(gos.picked || []).length} of 2 · time left: `, g.countdown),
    mine !== null ? h("p", { "data-testid": "my-gossip-card" }, `Your card: ${mine + 1} (${t.nameOf(mine)})`) : null,
  );
}

/** The countdown of the gossip, from the shared clock (`frame.clock`: game time now). */
function tick(g) {
  const t = g.last;
  const node = g.countdown;
  const gos = t && t.view.gossip;
  // the first draw ticks before the frame puts the house on the page: a countdown is
  // done once it has been on the page and has left it (the widget was removed)
  const gone = Boolean(node) && !node.isConnected && g.countdownShown === node;
  if (!node || !gos || gone) {
    if (g.timer !== null) clearInterval(g.timer);
    g.timer = null;
    return;
  }
  if (node.isConnected) g.countdownShown = node;
  const now = g.frame.clock.stamp();
  const left = now === null ? null : Math.max(0, gos.deadline - now);
  setText(node, left === null ? "…" : `${(left / 1000).toFixed(1)} s`);
  setAttr(node, "data-left", left === null ? null : String(Math.round(left)));
}

function countNode(t) {
  const c = t.view.count;
  if (!c) return null;
  const totals = c.totals || [];
  const among = c.among || [];
  const top = Math.max(...among.map((s) => totals[s] || 0));
  const low = Math.min(...among.map((s) => totals[s] || 0));
  return h(
    "section",
    { class: "bw-bb-countbox", "data-testid": "tally", "aria-label": `Last count: ${PURPOSE[c.purpose] || c.purpose}` },
    h("h4", {}, `🗳 Count: ${PURPOSE[c.purpose] || c.purpose}, round ${c.round}${c.extra ? ` (${c.extra} extra)` : ""}`),
    h(
      "ul",
      { class: "bw-bb-totals" },
      among.map((s) => {
        const n = totals[s] || 0;
        const mark = c.purpose === "nominations" ? (n === low ? " ◀ fewest" : "") : n === top ? (c.purpose === "final" ? " ★ most" : " ◀ most") : "";
        return h("li", { "data-testid": `total-${s}` }, `${t.nameOf(s)}: ${n} vote${n === 1 ? "" : "s"}${mark}`);
      }),
    ),
    boxDetails(t, c.box || []),
  );
}

/** Every card the count showed: whose card went to whom (the box is opened in public). */
function boxDetails(t, box) {
  const rows = box
    .map((row, owner) => {
      const given = row.map((n, to) => (n ? `${t.nameOf(to)}${n > 1 ? ` ×${n}` : ""}` : null)).filter(Boolean);
      return given.length ? h("li", {}, `${t.nameOf(owner)} → ${given.join(", ")}`) : null;
    })
    .filter(Boolean);
  if (!rows.length) return null;
  return h("details", { class: "bw-bb-boxcards", "data-testid": "box-cards" }, h("summary", {}, "Every card shown"), h("ul", {}, rows));
}

/** The finalists' rankings once both are in, and who came back. */
function ranksNode(t) {
  const v = t.view;
  if (!v.ranks) return null;
  const rows = Object.entries(v.ranks).map(([s, order]) => h("li", {}, `${t.nameOf(Number(s))}: ${order.map((x) => t.nameOf(x)).join(", ")}`));
  return h(
    "section",
    { class: "bw-bb-ranks", "data-testid": "ranks", "aria-label": "The return" },
    h("h4", {}, v.returned !== null && v.returned !== undefined ? `↩ ${t.nameOf(v.returned)} returns: the rankings` : "The rankings"),
    h("ul", {}, rows),
  );
}

/**
 * The middle of the house: each part (dice, card, gossip, nominees, finalists, count,
 * rankings) is rebuilt only when what it shows changed; the ballot-box line is patched.
 */
function centre(t, g) {
  const v = t.view;
  const names = t.names;
  const nominees = v.nominees && v.nominees.length ? v.nominees : null;
  const candidates = v.candidates && v.candidates.length ? v.candidates : null;
  const ranked = v.phase === "final_vote" || v.phase === "over";
  const { voted, targets, ...read } = v.card || {};
  const card = g.card(JSON.stringify([v.card ? read : null, names]), () => cardNode(t, g));
  if (card) setText(g.cardVoted, votedLine(t));
  setText(g.boxLine, `Ballot box: ${v.box_count || 0} card${v.box_count === 1 ? "" : "s"} · questions read: ${v.cards_read || 0}`);
  setChildren(g.centreNode, [
    diceNode(t, g),
    card,
    g.gossip(JSON.stringify([v.gossip ?? null, v.my_choice ?? null, names]), () => gossipNode(t, g)),
    g.nominees(JSON.stringify([nominees, names]), () => (nominees ? h("p", { "data-testid": "nominees" }, `Nominated: ${nominees.map((s) => t.nameOf(s)).join(", ")}`) : null)),
    g.candidates(JSON.stringify([candidates, names]), () => (candidates ? h("p", { "data-testid": "candidates" }, `Final: ${candidates.map((s) => t.nameOf(s)).join(", ")}`) : null)),
    g.count(JSON.stringify([v.count ?? null, names]), () => countNode(t)),
    g.ranks(JSON.stringify([ranked, v.ranks ?? null, v.returned ?? null, names]), () => (ranked ? ranksNode(t) : null)),
    g.boxLine,
  ]);
  return g.centreNode;
}

function targetVerb(type) {
  return type === "vote" ? "Vote with card" : type === "choose" ? "Name" : type === "gossip_card" ? "Gossip card" : type === "pay" ? "Pay with card" : "Rank next";
}

function controls(t, g) {
  const v = t.view;
  const legal = t.legal;
  const act = (a) => g.frame.act(a);
  const can = (type) => legal.some((a) => a.type === type);
  if (!g.roll) {
    g.roll = liveButton({ testid: "roll", label: "Roll the dice (R)", text: "🎲 Roll (R)", cls: "bw-btn-primary", onclick: () => act({ type: "roll" }) });
    setChildren(g.dice, [g.roll]);
  }
  setDisabled(g.roll, !can("roll"));
  // the key only where there is a keyboard (a touch screen's prompts name taps)
  setAttr(g.roll, "aria-label", t.touch ? "Roll the dice" : "Roll the dice (R)");
  setText(g.roll, t.touch ? "🎲 Roll" : "🎲 Roll (R)");
  setText(g.prompt, promptText(t));
  const gossip = legal.filter((a) => a.type === "gossip");
  const claims = legal.filter((a) => a.type === "claim");
  setChildren(g.controls, [
    g.prompt,
    g.dice,
    g.gossipRow(JSON.stringify([gossip, t.names]), () => gossipRow(t, g, gossip)),
    t.seat >= 0 ? cardRow(t, g) : null,
    g.secret(JSON.stringify([v.my_choice ?? null, t.names]), () => secretLine(t)),
    g.cams(JSON.stringify([v.my_camera ?? null, claims, t.names]), () => cameraList(t, g, claims)),
  ]);
}

function gossipRow(t, g, gossip) {
  if (!gossip.length) return null;
  const buttons = gossip.map((a) =>
    button({
      testid: `gossip-${a.partner}-${a.side === "+" ? "plus" : "minus"}`,
      label: `Gossip with ${t.nameOf(a.partner)}, ${a.side === "+" ? "nice" : "not so nice"} side`,
      text: `💬 ${t.nameOf(a.partner)} ${a.side === "+" ? "(+)" : "(−)"}`,
      onclick: () => g.frame.act(a),
    }),
  );
  return h("div", { class: "bw-bb-row", role: "group", "aria-label": "Gossip with", "data-testid": "gossip-pick" }, buttons);
}

/**
 * Your vote cards: one button per seat whose number you hold or may be named (a vote,
 * a name, a rank, a gossip card), made once and patched in place. Clicks and votes
 * change these rows on most clicks; rebuilding them took the old buttons off the page.
 */
function cardRow(t, g) {
  const v = t.view;
  const mine = v.my_cards || [];
  const targets = t.legal.filter((a) => TARGET_TYPES.includes(a.type));
  const type = targets.length ? targets[0].type : "vote";
  if (!g.cardRow) {
    g.cardRow = h("div", { class: "bw-bb-row bw-bb-cards", role: "group", "data-testid": "vote-cards" });
    g.cardButtons = [];
    g.cardActs = [];
  }
  const shown = [];
  for (let s = 0; s < (v.players || 0); s++) {
    const a = targets.find((x) => x.target === s) || null;
    const n = mine[s] || 0;
    g.cardActs[s] = a;
    if (s === t.seat || (!a && !n && (type === "vote" || type === "pay"))) continue;
    const b = g.cardButtons[s] || (g.cardButtons[s] = cardButton(g, s));
    setAttr(b, "data-testid", a ? `${a.type === "gossip_card" ? "gcard" : a.type}-${s}` : `card-${s}`);
    // the name holds every visible word in order ("2 Bot 2 ×4"): the count shows on every card
    const count = type === "vote" || type === "gossip_card" || type === "pay" ? `, ${n} left` : `, ${n} vote card${n === 1 ? "" : "s"}`;
    setAttr(b, "aria-label", `${targetVerb(a ? a.type : type)} ${s + 1}: ${t.nameOf(s)}${count}${t.touch ? "" : ` (key ${s + 1})`}`);
    setDisabled(b, !a);
    b.childNodes[1].data = ` ${t.nameOf(s)}`;
    setText(b.childNodes[2], ` ×${n}`);
    shown.push(b);
  }
  setAttr(g.cardRow, "aria-label", targets.length ? targetVerb(type) : "Your vote cards");
  setChildren(g.cardRow, shown);
  return g.cardRow;
}

function cardButton(g, s) {
  const color = SEAT_COLORS[s % SEAT_COLORS.length];
  const b = button({
    label: "",
    text: [h("span", { class: "bw-bb-pawn", style: { background: color, color: inkFor(color) }, "aria-hidden": "true" }, String(s + 1)), " ", h("span", { class: "bw-bb-left" }, "")],
    cls: "bw-bb-votecard",
    // the action is read at the click: the button stays while what it does changes
    onclick: () => !b.disabled && g.cardActs[s] && g.frame.act(g.cardActs[s]),
  });
  return b;
}

function secretLine(t) {
  const choice = t.view.my_choice;
  if (choice && choice.vote !== undefined) return h("p", { "data-testid": "my-vote" }, `Your secret vote: card ${choice.vote + 1} (${t.nameOf(choice.vote)})`);
  if (choice && choice.rank) return h("p", { "data-testid": "my-rank" }, `Your ranking: ${choice.rank.map((s) => t.nameOf(s)).join(", ")}`);
  return null;
}

/** Your camera cards, with a claim button per housemate you may catch. */
function cameraList(t, g, claims) {
  const cams = (t.view.my_camera || []).map((c) =>
    h(
      "li",
      { "data-testid": `camera-${c.card}` },
      `📷 ${c.text} `,
      c.caught_this_round ? h("span", { class: "bw-bb-left", "data-testid": `camera-${c.card}-used` }, "(caught someone this round: it catches again next round) ") : null,
      (c.claimable || []).map((s) => {
        const a = claims.find((x) => x.card === c.card && x.culprit === s);
        return button({ testid: `claim-${c.card}-${s}`, label: `Claim: ${t.nameOf(s)} was caught (${c.text})`, text: `Caught ${t.nameOf(s)}!`, cls: "bw-bb-claim", disabled: !a, onclick: () => g.frame.act(a) });
      }),
    ),
  );
  return cams.length ? h("ul", { class: "bw-bb-cams", "aria-label": "Your camera cards" }, cams) : null;
}

function promptText(t) {
  const v = t.view;
  if (v.over) {
    const won = (v.winners || []).map((s) => t.nameOf(s));
    return won.length ? `${won.join(" and ")} ${won.length === 1 ? "wins" : "win"} Big Brother!` : "The game is over.";
  }
  if (t.replaying) return "Replaying the game.";
  const legal = t.legal;
  const types = new Set(legal.map((a) => a.type));
  // on a touch screen the same sentences name taps, not keys
  const keys = t.touch ? "" : " (keys 1-6)";
  if (types.has("roll")) return t.touch ? "Your turn: tap Roll." : "Your turn: roll the dice (R).";
  if (types.has("gossip")) return `Gossip: ${t.touch ? "tap" : "pick"} a housemate and a side of the gossip table.`;
  if (types.has("gossip_card")) return `${t.touch ? "Tap" : "Pick"} your secret gossip card before the time runs out${keys}.`;
  if (types.has("vote")) return `${t.touch ? "Tap one of your cards to vote in secret" : "Vote in secret with one of your cards"}${keys}. ${v.card ? v.card.question : ""}`;
  if (types.has("choose")) return v.prompt || `${t.touch ? "Tap" : "Choose"} a housemate${keys}.`;
  if (types.has("rank")) return `Rank the evicted housemates, best first${t.touch ? ": tap them in order" : keys}.`;
  if (types.has("pay")) {
    const p = v.paying || {};
    return `You owe ${t.nameOf(p.target)} a vote card but have none left: ${t.touch ? "tap" : "choose"} another card to put in the box${keys}.`;
  }
  if (types.has("claim")) return `Caught on camera! Claim your card. ${v.prompt || ""}`;
  return v.prompt || "Waiting…";
}

/** The odds panel (its section built in setup): the sums chart and the landing odds are keyed parts. */
function oddsPanel(t, g) {
  const o = t.view.odds;
  if (!o) {
    setChildren(g.oddsNode, [g.oddsHead, g.oddsNone]);
    return g.oddsNode;
  }
  const sums = g.sums(JSON.stringify(o.sums || []), () => sumsChart(o.sums || []));
  const land = landNode(t, g, o);
  setChildren(g.oddsNode, [g.oddsHead, sums, land]);
  return g.oddsNode;
}

function sumsChart(sums) {
  const max = Math.max(...sums, 1);
  const bars = sums.map((n, i) =>
    h(
      "li",
      { class: "bw-bb-sum", "aria-label": `sum ${i + 2}: ${n} of 36` },
      h("span", { class: "bw-bb-sumbar", style: { height: `${Math.round((n / max) * 40)}px` }, "aria-hidden": "true" }),
      h("span", { class: "bw-bb-sumlabel", "aria-hidden": "true" }, String(i + 2)),
    ),
  );
  return [h("p", { class: "bw-why" }, "Sum of two dice (ways out of 36): 7 is six times as likely as 2."), h("ol", { class: "bw-bb-sums", "data-testid": "odds-sums" }, bars)];
}

/** Where the mover may land: built once and patched (a roll changes the lines, not the nodes). */
function landNode(t, g, o) {
  const land = o.land;
  if (!g.landDiv) {
    g.landNone = h("p", { class: "bw-why" }, "The board shows where the mover may land while a turn is on.");
    g.landLead = document.createTextNode("");
    g.landRolls = h("strong", { "data-testid": "odds-rolls" }, "");
    g.landOl = h("ol", { class: "bw-bb-best" });
    g.landLis = [];
    g.landDiv = h("div", { "data-testid": "odds-land" }, h("p", {}, g.landLead, g.landRolls, " rolls left this turn. Most likely:"), g.landOl);
  }
  if (!land) return g.landNone;
  const track = t.content.track || [];
  const best = land.map((p, i) => [p, i]).filter(([p]) => p > 0).sort((a, b) => b[0] - a[0] || a[1] - b[1]).slice(0, 4);
  const lead = `${t.nameOf(o.mover)} moves on from space ${o.start}; about `;
  if (g.landLead.data !== lead) g.landLead.data = lead;
  setText(g.landRolls, String(o.rolls));
  const items = best.map(([p, i], k) => {
    const li = g.landLis[k] || (g.landLis[k] = h("li", {}, ""));
    setText(li, `${i} ${spaceWords(track[i])}: ${pct(p)}`);
    return li;
  });
  setChildren(g.landOl, items);
  return g.landDiv;
}

function teacherPanel(t) {
  const v = t.view;
  if (!t.settings.reveal || !v.hands) return null;
  const ballot = v.ballot || {};
  const rows = Object.entries(ballot).map(([s, target]) => h("li", {}, `${t.nameOf(Number(s))} → ${t.nameOf(target)}`));
  return h(
    "section",
    { class: "bw-bb-teacher", "data-testid": "teacher-ballot", "aria-label": "Secret votes (teacher)" },
    h("h3", {}, "Secret votes of this question"),
    rows.length ? h("ul", {}, rows) : h("p", { class: "bw-why" }, "None yet."),
  );
}

function panels(t, g) {
  g.last = t;
  const v = t.view;
  const c = centre(t, g);
  if (v.gossip && g.timer === null) g.timer = setInterval(() => tick(g), 100);
  tick(g);
  setChildren(g.house, [board(t, g), c]);
  controls(t, g);
  setChildren(g.left, [g.house, g.controls]);
  const odds = oddsPanel(t, g);
  const teach = g.teacher(JSON.stringify([t.settings.reveal, v.ballot ?? null, t.names]), () => teacherPanel(t));
  return {
    main: [g.left],
    side: [odds, teach],
  };
}

/** The number keys: Player n as the target of the first legal vote / name / gossip card / rank. */
function onKey(ev, g, frame) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.repeat) return;
  const t = g.last;
  if (!t || t.view.over || t.replaying || t.curtain.up) return;
  if (!/^[1-9]$/.test(ev.key)) return;
  const target = Number(ev.key) - 1;
  const a = t.legal.find((x) => TARGET_TYPES.includes(x.type) && x.target === target);
  if (a) {
    ev.preventDefault();
    frame.act(a, ev.timeStamp);
  }
}

const game = {
  rootClass: "bw-big-brother",
  title,
  setup,
  me,
  seat,
  panels,
  focusOrder: ['[data-testid="roll"]:not([disabled])', '[data-testid^="pay-"]:not([disabled])', '[data-testid^="vote-"]:not([disabled])', '[data-testid^="gossip-"]:not([disabled])', '[data-testid^="choose-"]:not([disabled])', '[data-testid^="rank-"]:not([disabled])', '[data-testid^="gcard-"]:not([disabled])'],
  onKey,
};

export default view(game);
