// src/rooms.js
var Model = class {
  constructor(sendIntent) {
    this.state = {};
    this.handlers = /* @__PURE__ */ new Map();
    this.sendIntent = sendIntent;
  }
  get(key) {
    return this.state[key];
  }
  on(event, fn) {
    if (!this.handlers.has(event)) this.handlers.set(event, /* @__PURE__ */ new Set());
    this.handlers.get(event).add(fn);
  }
  off(event, fn) {
    if (!event) {
      this.handlers.clear();
      return;
    }
    const set = this.handlers.get(event);
    if (set) {
      if (fn) set.delete(fn);
      else set.clear();
    }
  }
  send(msg) {
    this.sendIntent(msg);
  }
  /** The server's traits for this screen (all of them after a connect, else the changed ones). */
  update(partial) {
    const changed = Object.keys(partial);
    for (const key of changed) this.state[key] = partial[key];
    for (const key of changed) for (const fn of [...this.handlers.get(`change:${key}`) || []]) fn();
  }
};
var CLOSE_TAKEN_OVER = 4001;
var QUIET_MS = 15e3;
var PONG_WAIT_MS = 1e4;
function connect({ onFrame, hello, onStatus = () => {
} }) {
  let ws = null;
  let delay = 250;
  let closed = false;
  let heard = 0;
  let pinged = 0;
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
  const lost = (state) => {
    onStatus(state);
    if (closed) return;
    setTimeout(open, delay);
    delay = Math.min(4e3, delay * 2);
  };
  const open = () => {
    ws = new WebSocket(url);
    ws.onopen = () => {
      delay = 250;
      heard = Date.now();
      pinged = 0;
      hello();
      onStatus("online");
    };
    ws.onmessage = (ev) => {
      heard = Date.now();
      pinged = 0;
      let f;
      try {
        f = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (f && f.op === "pong") return;
      onFrame(f);
    };
    ws.onclose = (ev) => {
      if (ev && ev.code === CLOSE_TAKEN_OVER) closed = true;
      lost(closed && ev && ev.code === CLOSE_TAKEN_OVER ? "moved" : "offline");
    };
  };
  const check = () => {
    if (closed) {
      clearInterval(watch);
      return;
    }
    if (!ws || ws.readyState !== 1) return;
    const now = Date.now();
    if (pinged && now - pinged >= PONG_WAIT_MS) {
      const dead = ws;
      dead.onopen = dead.onmessage = dead.onclose = null;
      try {
        dead.close();
      } catch {
      }
      ws = null;
      lost("offline");
    } else if (!pinged && now - heard >= QUIET_MS) {
      ws.send(JSON.stringify({ op: "ping" }));
      pinged = now;
    }
  };
  const watch = setInterval(check, 1e3);
  open();
  return {
    send(frame) {
      if (ws && ws.readyState === 1) {
        ws.send(JSON.stringify(frame));
        return true;
      }
      return false;
    },
    close() {
      closed = true;
      clearInterval(watch);
      if (ws) ws.close();
    }
  };
}
var views = /* @__PURE__ */ new Map();
async function mountGame(el, model, game) {
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
function screen(el, { hello, onFrame = () => {
}, onStatus = () => {
}, mount = mountGame }) {
  let seq = 0;
  let mounted = null;
  let game = null;
  let conn = null;
  let remount = false;
  let generation = 0;
  let heldOnline = false;
  const status = (state) => {
    heldOnline = state === "online" && remount && mounted !== null;
    if (!heldOnline) onStatus(state);
  };
  const releaseOnline = () => {
    if (heldOnline) {
      heldOnline = false;
      onStatus("online");
    }
  };
  const model = new Model((msg) => conn && conn.send({ op: "msg", seq: ++seq, msg }));
  const unmountView = () => {
    generation++;
    if (mounted) mounted();
    mounted = null;
    el.textContent = "";
  };
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
      if (g && g !== game && mounted) {
        mounted();
        mounted = null;
        model.state = {};
      }
      if (remount && mounted) {
        unmountView();
      }
      remount = false;
      model.update(f.state);
      if (g) game = g;
      if (!mounted && game) {
        mounted = () => {
        };
        const mine = generation;
        mount(el, model, game).then((cleanup) => {
          if (mine !== generation) {
            if (cleanup) cleanup();
            return;
          }
          mounted = cleanup || (() => {
          });
          releaseOnline();
        });
      } else releaseOnline();
    } else releaseOnline();
    onFrame(f, model);
  };
  let opened = 0;
  conn = connect({ onFrame: frames, hello: () => {
    if (opened++) remount = true;
    hello(conn);
  }, onStatus: status });
  return { model, conn, unmount() {
    unmountView();
    game = null;
    model.state = {};
  } };
}
export {
  CLOSE_TAKEN_OVER,
  Model,
  PONG_WAIT_MS,
  QUIET_MS,
  connect,
  mountGame,
  screen
};
