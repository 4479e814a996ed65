import { screen } from "/assets/rooms.js";
const KEY = "bw-rooms-token";
const TABLE_KEY = "bw-rooms-table"; // the code of the table that token's seat is at
const $ = (id) => document.getElementById(id);
let joined = false;
let role = null;
let code = null;
let lastSeat = null; // the seat this device held (its header still names who plays it now)
// a QR code's address carries the table's code: the form is filled in
const given = (new URLSearchParams(location.search).get("code") || "").trim().toUpperCase().slice(0, 8);
if (given) $("code").value = given;
// The header names this device's seat and who holds it now (a seat handed to a bot says so).
function drawWho(model) {
  const names = ((model && model.get("settings")) || {}).names || [];
  const seat = model ? model.get("seat") : undefined;
  if (role === "seat" && Number.isInteger(seat) && seat >= 0) lastSeat = seat;
  let text = "";
  if (role === "seat" && lastSeat !== null) text = `Table ${code} · Seat ${lastSeat + 1}: ${names[lastSeat] || "you"}`;
  else if (role === "watch" && lastSeat !== null) text = `Table ${code} · you watch · Seat ${lastSeat + 1} is played by ${names[lastSeat] || "someone else"}`;
  else if (role === "watch") text = `Table ${code} · watching`;
  $("who").textContent = text;
  const note = $("watching");
  note.hidden = role !== "watch";
  note.textContent = lastSeat !== null
    ? "Your seat is played by someone else now: you are watching this table, and the teacher can give you a seat again."
    : "You are watching this table: the teacher will give you a seat.";
}
const s = screen($("game"), {
  hello(conn) {
    const token = localStorage.getItem(KEY);
    // the address names another table (its QR code: the next game, another class, the next
    // student at this computer): that table's join form, not this device's old seat
    if (token && (!given || given === localStorage.getItem(TABLE_KEY))) conn.send({ op: "resume", token });
    else $("join").hidden = false;
  },
  onStatus(state) { $("status").textContent = state === "online" ? "online" : state === "moved" ? "seat moved to another device" : "reconnecting…"; $("status").dataset.state = state; },
  onFrame(f, model) {
    if (f.op === "joined") {
      if (f.token) localStorage.setItem(KEY, f.token);
      if (f.code) localStorage.setItem(TABLE_KEY, f.code);
      joined = true;
      role = f.role;
      code = f.code;
      if (f.role === "seat") lastSeat = f.seat;
      $("join").hidden = true;
      $("err").textContent = "";
      drawWho(model);
    } else if (f.op === "state" && f.role) {
      role = f.role;
      if (f.code) code = f.code;
      drawWho(model);
    } else if (f.op === "error") {
      if (f.code === "bad_token") { localStorage.removeItem(KEY); localStorage.removeItem(TABLE_KEY); $("join").hidden = false; }
      if (!joined || f.code === "bad_token") $("err").textContent = `${f.message}`;
      document.body.dataset.lastError = f.code;
    }
  },
});
window.bwRooms = s; // this device's own screen (its seat's state only), for scripts and tests
$("join").addEventListener("submit", (ev) => {
  ev.preventDefault();
  $("err").textContent = "";
  s.conn.send({ op: "join", code: $("code").value.trim().toUpperCase(), name: $("name").value });
});
