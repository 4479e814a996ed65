import { screen } from "/assets/rooms.js";
const code = decodeURIComponent(location.pathname.split("/").pop()).toUpperCase();
const $ = (id) => document.getElementById(id);
$("code").textContent = code;
$("join-at").textContent = `${location.origin}/`;
$("qr").src = `/qr.svg?code=${encodeURIComponent(code)}`;
$("qr").addEventListener("error", () => { $("qr").hidden = true; });  // no segno: the address alone
// the students' address as the server knows it (the LAN address or --public-url), not this page's
fetch("/join.json", { cache: "no-store" }).then((r) => r.json()).then((j) => { $("join-at").textContent = j.url; }).catch(() => {});
screen($("game"), {
  hello(conn) { conn.send({ op: "watch", code }); },
  onStatus(state) { $("status").textContent = state === "online" ? "online" : "reconnecting…"; $("status").dataset.state = state; },
});
