import { screen } from "/assets/rooms.js";
const KEY = "bw-rooms-teacher";
const m = location.hash.match(/[#&]t=([^&]+)/);
if (m) { sessionStorage.setItem(KEY, decodeURIComponent(m[1])); history.replaceState(null, "", location.pathname); }
const token = sessionStorage.getItem(KEY);
const $ = (id) => document.getElementById(id);
let games = [];
const h = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) { if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else if (v !== null && v !== undefined) e.setAttribute(k, v); }
  for (const k of kids) e.append(k);
  return e;
};
const s = screen($("shown"), {
  hello(conn) {
    if (!token) { $("err").textContent = "Open the teacher's link printed by `brady-widgets rooms`."; return; }
    conn.send({ op: "teacher", token });
    if (shownCode) conn.send({ op: "show", code: shownCode });
  },
  onStatus(state) { $("status").textContent = state; },
  onFrame(f) {
    if (f.op === "error") { $("err").textContent = `${f.code}: ${f.message}`; document.body.dataset.lastError = f.code; }
    else if (f.op === "lobby") { if (!games.length) setGames(f.games); games = f.games; drawTables(f.tables); drawSaving(f.saving); }
    else if (f.op === "created") { $("err").textContent = ""; }
  },
});
let shownCode = null;
const send = (frame) => s.conn.send(frame);
function seatKinds() {
  const g = games.find((x) => x.name === $("game-name").value);
  const n = Number($("players").value);
  const box = $("seat-kinds");
  const old = [...box.querySelectorAll("select")].map((sel) => sel.value);  // a change event again keeps the choices
  box.textContent = "";
  for (let i = 0; i < n; i++) {
    const sel = h("select", { "data-testid": `kind-${i}` }, h("option", { value: "" }, `seat ${i + 1}: a person`),
      ...(g ? g.bots : []).map((b) => h("option", { value: b }, `seat ${i + 1}: bot (${b})`)));
    if (old[i] && g && g.bots.includes(old[i])) sel.value = old[i];
    box.append(sel);
  }
}
function setGames(list) {
  games = list;
  const sel = $("game-name");
  sel.textContent = "";
  for (const g of list) sel.append(h("option", { value: g.name }, g.title));
  sel.onchange = () => { const g = games.find((x) => x.name === sel.value); $("players").min = g.players[0]; $("players").max = g.players[1]; seatKinds(); };
  $("players").onchange = seatKinds;
  seatKinds();
}
$("create").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const bots = {};
  document.querySelectorAll("#seat-kinds select").forEach((sel, i) => { if (sel.value) bots[i] = sel.value; });
  let options = {};
  try { options = $("options").value.trim() ? JSON.parse($("options").value) : {}; }
  catch { $("err").textContent = "options must be JSON, e.g. {\"max_questions\": 2}"; return; }
  send({ op: "create", table: { game: $("game-name").value, players: Number($("players").value), bots, options } });
});
function drawTables(tables) {
  const box = $("tables");
  box.textContent = "";
  for (const t of tables) {
    const seats = t.seats.map((x) => h("span", { class: "seat", "data-testid": `seat-${t.code}-${x.seat}` },
      h("span", { class: `dot${x.online || x.kind === "bot" ? " on" : ""}` }), `${x.seat + 1}. ${x.name}${x.kind === "bot" ? "" : x.taken ? (x.online ? "" : " (offline)") : " (free)"}`,
      x.moves ? h("span", { class: "moved", "data-testid": `moved-${t.code}-${x.seat}` }, ` · moved to another device${x.moves > 1 ? ` ${x.moves} times` : ""}, last at ${new Date(x.moved_at * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}`) : "",
      x.kind === "person" ? h("button", { "data-testid": `bot-${t.code}-${x.seat}`, onclick: () => send({ op: "bot", code: t.code, seat: x.seat }) }, "hand to a bot") : ""));
    const watchers = t.watchers.map((w) => h("span", { class: "seat" }, `${w.name} watches `,
      h("select", { "data-testid": `seat-watcher-${t.code}-${w.id}`, onchange: (ev) => ev.target.value !== "" && send({ op: "seat", code: t.code, watcher: w.id, seat: Number(ev.target.value) }) },
        h("option", { value: "" }, "seat…"), ...t.seats.map((x) => h("option", { value: x.seat }, `seat ${x.seat + 1}`)))));
    box.append(h("div", { class: "tbl", "data-testid": `table-${t.code}`, "data-code": t.code },
      h("span", { class: "code", "data-testid": "code" }, t.code), ` ${t.game} · ${t.players} players · ${t.over ? "over" : `${t.actions} actions`}${t.locked ? " · locked" : ""} `,
      h("button", { "data-testid": `lock-${t.code}`, onclick: () => send({ op: "lock", code: t.code, on: !t.locked }) }, t.locked ? "unlock" : "lock"),
      h("button", { "data-testid": `show-${t.code}`, onclick: () => { shownCode = t.code; s.unmount(); $("shown-title").textContent = `Table ${t.code}`; send({ op: "show", code: t.code }); } }, "show here"),
      h("a", { href: `/watch/${t.code}`, target: "_blank", rel: "noopener" }, "projector"),
      h("div", {}, ...seats), h("div", {}, ...watchers)));
  }
}
// whether the tables are saved (issue 23 item 5): said only when something is wrong
function drawSaving(saving) {
  let box = $("saving");
  if (!box) { box = h("p", { id: "saving", class: "err", role: "status", "data-testid": "saving" }); $("tables").before(box); }
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
    if (!r.ok) { const e = await r.json().catch(() => ({})); throw new Error(`${e.code || r.status}: ${e.message || r.statusText}`); }
    const name = (r.headers.get("Content-Disposition") || "").match(/filename="([^"]+)"/);
    const url = URL.createObjectURL(await r.blob());
    const a = h("a", { href: url, download: name ? name[1] : "class-data.zip" });
    document.body.append(a); a.click(); a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    $("export-status").textContent = `saved ${name ? name[1] : "class-data.zip"}`;
  } catch (e) { $("export-status").textContent = `export failed: ${e.message}`; }
});
