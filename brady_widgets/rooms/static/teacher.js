import { screen } from "/assets/rooms.js";
const KEY = "bw-rooms-teacher";
const m = location.hash.match(/[#&]t=([^&]+)/);
if (m) { sessionStorage.setItem(KEY, decodeURIComponent(m[1])); history.replaceState(null, "", location.pathname); }
const token = sessionStorage.getItem(KEY);
const $ = (id) => document.getElementById(id);
let games = [];
const h = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) { if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v); }
  for (const k of kids) e.append(k);
  return e;
};
const s = screen($("shown"), {
  hello(conn) {
    if (!token) { $("err").textContent = "Open the teacher's link printed by `brady-widgets rooms`."; return; }
    conn.send({ op: "teacher", token });
    if (shownCode) conn.send({ op: "show", code: shownCode });
  },
  onStatus(state) { $("status").textContent = state === "online" ? "online" : "reconnecting…"; $("status").dataset.state = state; },
  onFrame(f) {
    // the message is the sentence; the code stays for scripts and tests (data-last-error)
    if (f.op === "error") { $("err").textContent = f.message; document.body.dataset.lastError = f.code; }
    else if (f.op === "lobby") { if (f.games) { if (!games.length) setGames(f.games); games = f.games; } drawTables(f); if ("saving" in f) drawSaving(f.saving); }
    else if (f.op === "created") { $("err").textContent = ""; }
  },
});
let shownCode = null;
const send = (frame) => s.conn.send(frame);

// ---------------------------------------------------------------- join panel
$("join-url").textContent = `${location.origin}/`;
$("qr").addEventListener("error", () => { $("qr").hidden = true; });  // no segno: the address alone
fetch("/join.json", { cache: "no-store" }).then((r) => r.json()).then((j) => { $("join-url").textContent = j.url; }).catch(() => {});

// ------------------------------------------------------------ the confirmation
// An in-page dialog (not window.confirm): Escape or Cancel closes it, Tab stays inside it,
// Cancel has the focus first, and the focus goes back to the button that opened it.
let pending = null;
let opener = null;
function confirmThen(text, yes, fn) {
  pending = fn;
  opener = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.testid : null;
  $("confirm-text").textContent = text;
  $("confirm-yes").textContent = yes;
  $("confirm").showModal();
  $("confirm-no").focus();
}
$("confirm-yes").addEventListener("click", () => { const fn = pending; pending = null; $("confirm").close(); if (fn) fn(); });
$("confirm-no").addEventListener("click", () => { pending = null; $("confirm").close(); });
$("confirm").addEventListener("close", () => {
  pending = null;
  const back = opener && document.querySelector(`[data-testid="${opener}"]`);
  if (back) back.focus();
});

// --------------------------------------------------------- the new-table form
const game = () => games.find((x) => x.name === $("game-name").value);
function seatKinds() {
  const g = game();
  const n = Number($("players").value);
  const box = $("seat-kinds");
  const old = [...box.querySelectorAll("select")].map((sel) => sel.value);  // a change event again keeps the choices
  box.textContent = "";
  for (let i = 0; i < n; i++) {
    const sel = h("select", { "data-testid": `kind-${i}`, "aria-label": `Seat ${i + 1}` }, h("option", { value: "" }, `Seat ${i + 1}: a person`),
      ...(g ? g.bots : []).map((b) => h("option", { value: b }, `Seat ${i + 1}: bot (${b})`)));
    if (old[i] && g && g.bots.includes(old[i])) sel.value = old[i];
    box.append(sel);
  }
}
const seconds = (ms) => `${Number((ms / 1000).toFixed(1))} s`;
function shown(o, v) {
  if (v === null || v === undefined) return o.none || "none";
  if (o.kind === "bool") return v ? "on" : "off";
  if (o.kind === "ms") return seconds(v);
  if (o.kind === "seat") return `Seat ${v + 1}`;
  if (o.kind === "choice") { const c = o.choices.find((x) => x[0] === v); return c ? c[1] : String(v); }
  return String(v);
}
// One field per setting the game declares (GameEntry.options): its kind, range and default,
// and one line saying what it changes.
function drawOptions() {
  const g = game();
  const box = $("options");
  const old = {};
  box.querySelectorAll("[data-option]").forEach((e) => { old[e.dataset.option] = e.type === "checkbox" ? e.checked : e.value; });
  box.textContent = "";
  if (!g) return;
  if (!g.options.length) { box.append(h("p", { class: "rooms-help" }, "This game has no settings to choose.")); return; }
  const players = Number($("players").value);
  for (const o of g.options) {
    const id = `opt-${o.name}`;
    const common = { id, "data-option": o.name, "data-testid": `option-${o.name}`, "aria-describedby": `${id}-help` };
    let input;
    if (o.kind === "bool") {
      input = h("input", { type: "checkbox", ...common });
      input.checked = Boolean(o.default);
    } else if (o.kind === "choice") {
      input = h("select", common, ...o.choices.map(([v, words]) => h("option", { value: v }, words)));
      input.value = o.default;
    } else if (o.kind === "seat") {
      input = h("select", common, ...Array.from({ length: players }, (_, i) => h("option", { value: i }, `Seat ${i + 1}`)));
      input.value = String(Math.min(o.default, players - 1));
    } else {
      const ms = o.kind === "ms";
      input = h("input", { type: "number", ...common, min: ms ? o.min / 1000 : o.min, max: ms ? o.max / 1000 : o.max, step: ms ? 0.1 : 1, placeholder: o.none || null });
      input.value = o.default === null ? "" : ms ? String(o.default / 1000) : String(o.default);
    }
    if (o.name in old && old[o.name] !== undefined) { if (o.kind === "bool") input.checked = old[o.name]; else if ([...(input.options || [])].every((x) => x.value !== old[o.name]) && input.tagName === "SELECT") { /* not offered now */ } else input.value = old[o.name]; }
    const range = o.kind === "ms" ? ` From ${o.min / 1000} to ${o.max / 1000} seconds.` : o.kind === "int" ? ` From ${o.min} to ${o.max}.` : "";
    const label = o.kind === "ms" ? `${o.label} (seconds)` : o.label;
    box.append(h("div", { class: "rooms-option" }, h("label", { for: id }, label), input,
      h("p", { class: "rooms-help", id: `${id}-help` }, `${o.help}${range} Default: ${shown(o, o.default)}.`)));
  }
}
// The form's values as the server takes them, or a sentence saying which field is wrong.
function readOptions() {
  const g = game();
  const out = {};
  for (const o of (g ? g.options : [])) {
    const e = $(`opt-${o.name}`);
    if (!e) continue;
    if (o.kind === "bool") { out[o.name] = e.checked; continue; }
    if (o.kind === "choice") { out[o.name] = e.value; continue; }
    if (o.kind === "seat") { out[o.name] = Number(e.value); continue; }
    const text = e.value.trim();
    if (text === "") {
      if (o.none) { out[o.name] = null; continue; }
      throw new Error(`${o.label} needs a value.`);
    }
    const n = Number(text);
    const v = o.kind === "ms" ? Math.round(n * 1000) : n;
    if (!Number.isFinite(n) || !Number.isInteger(v) || v < o.min || v > o.max) {
      throw new Error(o.kind === "ms" ? `${o.label} is from ${o.min / 1000} to ${o.max / 1000} seconds.` : `${o.label} is a whole number from ${o.min} to ${o.max}.`);
    }
    out[o.name] = v;
  }
  return out;
}
function setGames(list) {
  games = list;
  const sel = $("game-name");
  sel.textContent = "";
  for (const g of list) sel.append(h("option", { value: g.name }, g.title));
  const players = () => {
    const g = game();
    $("players").min = g.players[0]; $("players").max = g.players[1];
    $("players-help").textContent = `How many seats, people and bots together: ${g.players[0]} to ${g.players[1]} for ${g.title}.`;
  };
  sel.onchange = () => { players(); seatKinds(); drawOptions(); };
  $("players").onchange = () => { seatKinds(); drawOptions(); };
  players();
  seatKinds();
  drawOptions();
}
$("create").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const bots = {};
  document.querySelectorAll("#seat-kinds select").forEach((sel, i) => { if (sel.value) bots[i] = sel.value; });
  let options;
  try { options = readOptions(); } catch (e) { $("err").textContent = e.message; return; }
  send({ op: "create", table: { game: $("game-name").value, players: Number($("players").value), bots, options } });
});

// ------------------------------------------------------------------ the tables
const CONN = { connected: "connected", gone: "gone (no connection)", bot: "bot", free: "free: waiting for a student" };
function connection(x) { return x.kind === "bot" ? "bot" : x.online ? "connected" : x.taken ? "gone" : "free"; }
function action(button, help, id) {
  button.setAttribute("aria-describedby", id);
  return h("div", { class: "rooms-action" }, button, h("span", { class: "rooms-help", id }, help));
}
// One card per table, kept between lobby frames: a card is built anew only when something on
// it other than its move count changed (a seat, the clock, a lock, the end); the count alone is
// written into the card's status line. The lobby comes up to four times a second while bots
// play: a card rebuilt at every frame took the button from under a slow tap (a click needs the
// press and the release on one element), reset an open seat menu and cost a phone a redraw of
// every table.
const cards = new Map();  // code -> { el, sig, status }
function statusLine(t, g) {
  return `${g.title} · ${t.players} players · ${t.over ? "game over" : `${t.actions} moves`}${t.locked ? " · locked" : ""}`;
}
function tableCard(t, g) {
  const seats = t.seats.map((x) => {
    const state = connection(x);
    return h("li", { class: "rooms-seat", "data-testid": `seat-${t.code}-${x.seat}` },
      h("span", { class: "rooms-conn", "data-state": state, "data-testid": `conn-${t.code}-${x.seat}` },
        h("span", { class: `dot${x.online || x.kind === "bot" ? " on" : ""}`, "aria-hidden": "true" }), CONN[state]),
      h("span", {}, x.name && x.name !== `Seat ${x.seat + 1}` ? `Seat ${x.seat + 1}: ${x.name}` : `Seat ${x.seat + 1}`),
      x.moves ? h("span", { class: "moved rooms-help", "data-testid": `moved-${t.code}-${x.seat}` }, ` · moved to another device${x.moves > 1 ? ` ${x.moves} times` : ""}, last at ${new Date(x.moved_at * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}`) : "",
      x.kind === "person" ? h("button", { type: "button", class: "rooms-btn rooms-btn-danger", "data-testid": `bot-${t.code}-${x.seat}`,
        onclick: () => confirmThen(`Hand seat ${x.seat + 1} (${x.name}) at table ${t.code} to a bot? The student's device then only watches; you can seat it again from the watchers.`, "Hand to a bot", () => send({ op: "bot", code: t.code, seat: x.seat })) }, "Hand to a bot") : "");
  });
  const watchers = t.watchers.map((w) => h("span", { class: "rooms-seat" }, `${w.name} watches `,
    h("select", { "data-testid": `seat-watcher-${t.code}-${w.id}`, "aria-label": `Give ${w.name} a seat at table ${t.code}`, onchange: (ev) => ev.target.value !== "" && send({ op: "seat", code: t.code, watcher: w.id, seat: Number(ev.target.value) }) },
      h("option", { value: "" }, "give a seat…"), ...t.seats.map((x) => h("option", { value: x.seat }, `Seat ${x.seat + 1}`)))));
  const lock = h("button", { type: "button", class: "rooms-btn", "data-testid": `lock-${t.code}`,
    onclick: () => (t.locked ? send({ op: "lock", code: t.code, on: false })
      : confirmThen(`Lock table ${t.code}? Play stops and no one new gets a seat until you unlock it.`, "Lock the table", () => send({ op: "lock", code: t.code, on: true }))) }, t.locked ? "Unlock" : "Lock");
  const show = h("button", { type: "button", class: "rooms-btn", "data-testid": `show-${t.code}`, onclick: () => { shownCode = t.code; s.unmount(); $("shown-title").textContent = `Table ${t.code}`; $("shown-title").hidden = false; send({ op: "show", code: t.code }); } }, "Show here");
  const actions = [
    // real time: the clock starts for the whole table when the teacher says so ({op: "start"}, issue 25 item 1)
    // once it runs the button stays, disabled, saying so (the card's clock line says it too)
    g.realtime && !t.over ? (t.clock === "running"
      ? action(h("button", { type: "button", class: "rooms-btn rooms-btn-go", "data-testid": `start-${t.code}`, disabled: true }, "Running"),
        "The clock runs for everyone at this table.", `start-help-${t.code}`)
      : action(h("button", { type: "button", class: "rooms-btn rooms-btn-go", "data-testid": `start-${t.code}`, onclick: () => send({ op: "start", code: t.code }) }, t.clock === "paused" ? "Resume the game" : "Start the game"),
        t.clock === "paused" ? "Resumes the clock for everyone at this table." : "Starts the clock for everyone at this table.", `start-help-${t.code}`)) : "",
    action(lock, t.locked ? "Lets the table play on." : "Pauses play; no one new gets a seat.", `lock-help-${t.code}`),
    action(show, "Shows this table below, as everyone sees it.", `show-help-${t.code}`),
    h("div", { class: "rooms-action" }, h("a", { class: "rooms-link", href: `/watch/${t.code}`, target: "_blank", rel: "noopener", "data-testid": `projector-${t.code}` }, "Projector page"),
      h("span", { class: "rooms-help" }, "For the wall: the code, the address and the game.")),
  ];
  // a real-time table's clock: waiting for Start with its students' "I'm ready" counted, running or paused
  const people = t.seats.filter((x) => x.kind === "person").map((x) => x.seat);
  const ready = (t.ready || []).filter((seat) => people.includes(seat)).length;
  const CLOCK = { table: `waiting for Start (${ready} of ${people.length} ready)`, running: "running", paused: "paused: press Resume", waiting: "waiting for Start" };
  const clock = g.realtime && !t.over && CLOCK[t.clock] ? h("span", { "data-testid": `clock-${t.code}`, "data-state": t.clock }, ` · ${CLOCK[t.clock]}`) : "";
  const status = h("span", { "data-testid": `status-${t.code}` });  // written by drawTables
  const el = h("article", { class: "rooms-table", "data-testid": `table-${t.code}`, "data-code": t.code, "aria-label": `Table ${t.code}` },
    h("div", { class: "rooms-table-head" }, h("span", { class: "rooms-code", "data-testid": "code" }, t.code),
      h("span", {}, status, clock, h("span", { class: "rooms-help", "data-testid": `expires-${t.code}` }))),
    h("div", { class: "rooms-actions" }, ...actions),
    h("ul", { class: "rooms-seats", "aria-label": `Seats at table ${t.code}` }, ...seats),
    t.watchers.length || t.watchers_more ? h("div", { class: "rooms-watchers" }, ...watchers,
      // a full table's watchers past what one lobby frame holds: counted, seated as the first ones take seats
      t.watchers_more ? h("span", { class: "rooms-help", "data-testid": `watchers-more-${t.code}` }, `and ${t.watchers_more} more waiting to watch`) : "") : "");
  return { el, status };
}
// The lobby comes as deltas (rooms/lobby.py): the tables whose card changed, each with the
// code of the table before it ("after": the server's order), the codes of the tables gone;
// a connection's first frames are the full set ("full" on the first, "part" on all but the
// last): once it is whole, a card it does not hold is dropped.
let fresh = null;  // the codes of a full set still arriving
function drawTables(f) {
  const active = document.activeElement && document.activeElement.closest("#tables") ? document.activeElement : null;
  const box = $("tables");
  const titles = Object.fromEntries(games.map((g) => [g.name, g]));
  const drop = (code) => { const card = cards.get(code); if (card) { card.el.remove(); cards.delete(code); } };
  if (f.full) fresh = new Set();
  for (const code of f.gone || []) drop(code);
  for (const t of f.tables || []) {
    const g = titles[t.game] || { title: t.game, realtime: false };
    if (fresh) fresh.add(t.code);
    // everything the card shows or its buttons read but the move count (written below); not
    // the lobby's fields that change at every move or second and no card shows (to_act, saved,
    // expires_in, after)
    const sig = JSON.stringify([g.title, !!g.realtime, t.players, t.locked, t.clock, t.ready, t.over, t.seats, t.watchers, t.watchers_more]);
    let card = cards.get(t.code);
    if (!card || card.sig !== sig) {
      const made = tableCard(t, g);
      if (card) card.el.replaceWith(made.el);
      card = { ...made, sig };
      cards.set(t.code, card);
    }
    card.t = t;
    // the code's time left: counted down here from the moment the entry came
    card.closesAt = Date.now() + (t.expires_in || 0) * 1000;
    const line = statusLine(t, g);
    if (card.status.textContent !== line) card.status.textContent = line;
    // in the lobby's order, moving only a card out of place (a moved element loses the focus)
    const prev = t.after ? cards.get(t.after) : null;
    const want = prev ? prev.el.nextElementSibling : box.firstElementChild;
    if (want !== card.el) { if (prev) prev.el.after(card.el); else box.prepend(card.el); }
  }
  if (fresh && !f.part) { for (const code of [...cards.keys()]) if (!fresh.has(code)) drop(code); fresh = null; }
  let empty = box.querySelector(":scope > .rooms-empty");
  if (cards.size && empty) empty.remove();
  if (!cards.size && !empty) box.append(empty = h("p", { class: "rooms-help rooms-empty" }, "No table yet: make one with the form above."));
  const open = [...box.querySelectorAll(":scope > .rooms-table")].map((el) => cards.get(el.dataset.code)).filter((c) => c && !c.t.over);
  $("codes").textContent = cards.size ? `Table codes: ${open.map((c) => `${c.t.code} (${(titles[c.t.game] || { title: c.t.game }).title})`).join(" · ")}` : "";
  drawExpiry();
  // a rebuilt card had the focus: the control of the same name in the new card takes it
  if (active && !active.isConnected && active.dataset.testid) {
    const again = document.querySelector(`[data-testid="${active.dataset.testid}"]`);
    if (again) again.focus();
  }
}
// how long each table's code still lets students join (the server's code_ttl), counted here
function drawExpiry() {
  const now = Date.now();
  for (const [code, card] of cards) {
    const e = card.el.querySelector(`[data-testid="expires-${code}"]`);
    if (!e) continue;
    const ms = card.closesAt - now;
    const left = Math.floor(ms / 60000);  // whole minutes, never more than is left
    const text = card.t.over ? "" : ms <= 0 ? " · the code takes no new joins"
      : ` · joins open for another ${left >= 60 ? `${Math.floor(left / 60)} h ${left % 60} min` : left > 0 ? `${left} min` : "minute at most"}`;
    if (e.textContent !== text) e.textContent = text;
  }
}
setInterval(drawExpiry, 20000);
// whether the tables are saved (issue 23 item 5): said only when something is wrong
function drawSaving(saving) {
  let box = $("saving");
  if (!box) { box = h("p", { id: "saving", class: "rooms-err", role: "status", "data-testid": "saving" }); $("tables").before(box); }
  const parts = [];
  if (saving && !saving.ok) {
    const since = new Date(saving.since * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    const waiting = saving.unsaved === 1 ? "1 table waits" : `${saving.unsaved} tables wait`;
    parts.push(`Saving is failing since ${since} (${saving.error}): tables keep playing; nothing is lost while this server runs (${waiting} to be saved; close any program that has the database file open).`);
  }
  if (saving && saving.skipped && saving.skipped.length) {
    parts.push(`Not resumed, damaged in the database file (left as they are): ${saving.skipped.join(", ")}.`);
  }
  box.textContent = parts.join(" ");
}
// every table as CSV (a zip): the teacher's full record, for notebooks/class_data.ipynb (issue 27 item 4)
$("export").addEventListener("click", async () => {
  $("export-status").textContent = "exporting…";
  try {
    const r = await fetch("/export", { method: "POST", headers: { Authorization: `Bearer ${token}` }, cache: "no-store" });
    if (!r.ok) { const e = await r.json().catch(() => ({})); throw new Error(`${e.message || r.statusText}`); }
    const name = (r.headers.get("Content-Disposition") || "").match(/filename="([^"]+)"/);
    const url = URL.createObjectURL(await r.blob());
    const a = h("a", { href: url, download: name ? name[1] : "class-data.zip" });
    document.body.append(a); a.click(); a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    $("export-status").textContent = `saved ${name ? name[1] : "class-data.zip"}`;
  } catch (e) { $("export-status").textContent = `export failed: ${e.message}`; }
});
