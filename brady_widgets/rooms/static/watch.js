import { screen } from "/assets/rooms.js";
const code = decodeURIComponent(location.pathname.split("/").pop()).toUpperCase();
document.getElementById("code").textContent = code;
document.getElementById("join-at").textContent = `Join at ${location.host} with the code ${code}`;
screen(document.getElementById("game"), {
  hello(conn) { conn.send({ op: "watch", code }); },
  onStatus(state) { document.getElementById("status").textContent = state; },
});
