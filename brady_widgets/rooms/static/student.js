import { screen } from "/assets/rooms.js";
const KEY = "bw-rooms-token";
const $ = (id) => document.getElementById(id);
let joined = false;
const s = screen($("game"), {
  hello(conn) {
    const token = localStorage.getItem(KEY);
    if (token) conn.send({ op: "resume", token });
    else $("join").hidden = false;
  },
  onStatus(state) { $("status").textContent = state === "online" ? "online" : state === "moved" ? "seat moved to another device" : "reconnecting…"; $("status").dataset.state = state; },
  onFrame(f) {
    if (f.op === "joined") {
      if (f.token) localStorage.setItem(KEY, f.token);
      joined = true;
      $("join").hidden = true;
      $("watching").hidden = f.role !== "watch";
      $("who").textContent = f.role === "seat" ? `Table ${f.code} · seat ${f.seat + 1}` : `Table ${f.code} · watching`;
    } else if (f.op === "state" && f.role) {
      $("watching").hidden = f.role !== "watch";
    } else if (f.op === "error") {
      if (f.code === "bad_token") { localStorage.removeItem(KEY); $("join").hidden = false; }
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
