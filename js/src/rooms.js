// The rooms page's side: a model shim that the game views (the same bundles as the
// notebook widget, /views/<game>.js) cannot tell from anywidget's (get, on, off, send),
// and one WebSocket to the rooms server that reconnects by itself.

/** anywidget's model, as the views use it: get, on("change:x"), off, send. */
export class Model {
  constructor(sendIntent) {
    this.state = {};
    this.handlers = new Map();
    this.sendIntent = sendIntent;
  }
  get(key) { return this.state[key]; }
  on(event, fn) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event).add(fn);
  }
  off(event, fn) {
    if (!event) { this.handlers.clear(); return; }
    const set = this.handlers.get(event);
    if (set) { if (fn) set.delete(fn); else set.clear(); }
  }
  send(msg) { this.sendIntent(msg); }
  /** The server's traits for this screen (all of them after a connect, else the changed ones). */
  update(partial) {
    const changed = Object.keys(partial);
    for (const key of changed) this.state[key] = partial[key];
    for (const key of changed) for (const fn of [...(this.handlers.get(`change:${key}`) || [])]) fn();
  }
}

/** The close code of a connection whose seat was opened on another device: no reconnect. */
export const CLOSE_TAKEN_OVER = 4001;

/** A page that has heard nothing for this long (ms) sends `{"op": "ping"}`... */
export const QUIET_MS = 15000;
/** ...and a connection that answers nothing within this long (ms) after it is dead: replaced. */
export const PONG_WAIT_MS = 10000;

/**
 * One socket to /ws that reconnects (0.25 s, doubling to 4 s) and calls `hello()` on
 * every (re)connect, so the page can resume its seat with its token. A connection the
 * server closed because the seat moved to another device (CLOSE_TAKEN_OVER) stays closed:
 * reconnecting would take the seat back and the two devices would fight over it.
 *
 * A connection can also die without a close (a phone changes Wi-Fi, a laptop sleeps): the
 * browser then says nothing for minutes, and the screen would look online while no frame
 * comes. So a page that has heard nothing for QUIET_MS pings the server (which answers
 * `{"op": "pong"}`, never handed to `onFrame`), and when PONG_WAIT_MS more pass without a
 * frame it drops that socket and reconnects, as after a close.
 */
export function connect({ onFrame, hello, onStatus = () => {} }) {
  let ws = null;
  let delay = 250;
  let closed = false;
  let heard = 0; // when the open socket last opened or brought a frame (Date.now())
  let pinged = 0; // when it was pinged and has not answered since (0: not pinged)
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
  const lost = (state) => {
    onStatus(state);
    if (closed) return;
    setTimeout(open, delay);
    delay = Math.min(4000, delay * 2);
  };
  const open = () => {
    ws = new WebSocket(url);
    ws.onopen = () => { delay = 250; heard = Date.now(); pinged = 0; hello(); onStatus("online"); };
    ws.onmessage = (ev) => {
      heard = Date.now();
      pinged = 0;
      let f;
      try { f = JSON.parse(ev.data); } catch { return; }
      if (f && f.op === "pong") return;
      onFrame(f);
    };
    ws.onclose = (ev) => {
      if (ev && ev.code === CLOSE_TAKEN_OVER) closed = true;
      lost(closed && ev && ev.code === CLOSE_TAKEN_OVER ? "moved" : "offline");
    };
  };
  const check = () => {
    if (closed) { clearInterval(watch); return; }
    if (!ws || ws.readyState !== 1) return; // connecting or closed: onopen / onclose decide
    const now = Date.now();
    if (pinged && now - pinged >= PONG_WAIT_MS) {
      // a silent, dead connection: its late events must not reach the page or reconnect twice
      const dead = ws;
      dead.onopen = dead.onmessage = dead.onclose = null;
      try { dead.close(); } catch { /* already gone */ }
      ws = null;
      lost("offline");
    } else if (!pinged && now - heard >= QUIET_MS) {
      ws.send(JSON.stringify({ op: "ping" }));
      pinged = now;
    }
  };
  const watch = setInterval(check, 1000);
  open();
  return {
    send(frame) { if (ws && ws.readyState === 1) { ws.send(JSON.stringify(frame)); return true; } return false; },
    close() { closed = true; clearInterval(watch); if (ws) ws.close(); },
  };
}

const views = new Map();

/** Mount the game's view (its bundle and stylesheet) in `el` for `model`; the view name from /games.json. */
export async function mountGame(el, model, game) {
  if (!views.size) {
    const games = await (await fetch("/games.json")).json();
    for (const g of games) views.set(g.name, g.view);
  }
  const view = views.get(game) || "generic";
  if (!document.querySelector(`link[data-view="${view}"]`)) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = `/views/${view}.css`;
    link.dataset.view = view;
    document.head.appendChild(link);
  }
  const mod = await import(`/views/${view}.js`);
  return mod.default.render({ model, el });
}

/**
 * A screen on a table: the model, the intents numbered by `seq`, the view mounted on
 * the first state. `onFrame` gets the other frames (joined, error, lobby...).
 *
 * After a reconnect the view is mounted afresh on the full snapshot that follows, so
 * everything a view asks for when it starts is asked again: a real-time view's clock
 * request (which starts a table's clock after a server restart, and measures the
 * offset anew) in particular. Until that view is mounted the page is not called
 * "online": what it shows is the screen from before the cut, and a click on it could
 * land on a view about to be replaced.
 *
 * `mount(el, model, game)` mounts a game's view and resolves to its cleanup
 * (default: mountGame; the unit tests pass their own).
 */
export function screen(el, { hello, onFrame = () => {}, onStatus = () => {}, mount = mountGame }) {
  let seq = 0;
  let mounted = null;
  let game = null;
  let conn = null;
  let remount = false;
  let generation = 0; // a view still loading when it is unmounted is cleaned up as it arrives
  let heldOnline = false; // a reconnect's "online" waits for the fresh view (or any other answer)
  const status = (state) => {
    heldOnline = state === "online" && remount && mounted !== null;
    if (!heldOnline) onStatus(state);
  };
  const releaseOnline = () => { if (heldOnline) { heldOnline = false; onStatus("online"); } };
  const model = new Model((msg) => conn && conn.send({ op: "msg", seq: ++seq, msg }));
  const unmountView = () => { generation++; if (mounted) mounted(); mounted = null; el.textContent = ""; };
  const frames = (f) => {
    if (f.op === "taken_over") {
      unmountView();
      game = null;
      model.state = {};
      const note = document.createElement("p");
      note.className = "bw-rooms-moved";
      note.setAttribute("role", "alert");
      note.dataset.testid = "taken-over";
      note.textContent = f.message;
      el.append(note);
    }
    if (f.op === "state") {
      const g = f.state.settings && f.state.settings.game;
      if (g && g !== game && mounted) { mounted(); mounted = null; model.state = {}; }
      if (remount && mounted) { unmountView(); }
      remount = false;
      model.update(f.state);
      if (g) game = g;
      if (!mounted && game) {
        mounted = () => {};
        const mine = generation;
        mount(el, model, game).then((cleanup) => {
          if (mine !== generation) { if (cleanup) cleanup(); return; }
          mounted = cleanup || (() => {});
          releaseOnline();
        });
      } else releaseOnline();
    } else releaseOnline();
    onFrame(f, model);
  };
  let opened = 0;
  conn = connect({ onFrame: frames, hello: () => { if (opened++) remount = true; hello(conn); }, onStatus: status });
  return { model, conn, unmount() { unmountView(); game = null; model.state = {}; } };
}
