// src/dom.js
function h(tag, attrs2 = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs2 || {})) {
    if (value === null || value === void 0 || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "style" && typeof value === "object") {
      for (const [prop, v] of Object.entries(value)) el.style.setProperty(prop, String(v));
    } else if (key === "disabled") {
      el.disabled = Boolean(value);
    } else if (key === "value") {
      el.value = value;
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}
function append(el, children) {
  for (const child of children) {
    if (child === null || child === void 0 || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}
function button({ testid, label, text, onclick, disabled = false, pressed = null, cls = "", title: title2 }) {
  return h(
    "button",
    {
      type: "button",
      class: `bw-btn ${cls}`.trim(),
      "data-testid": testid,
      "aria-label": label,
      "aria-pressed": pressed === null ? null : String(Boolean(pressed)),
      title: title2 || null,
      disabled,
      onclick: disabled ? null : onclick
    },
    text === void 0 ? label : text
  );
}
function setText(el, text) {
  const s = String(text);
  const first = el.firstChild;
  if (first && first === el.lastChild && first.nodeType === 3) {
    if (first.data !== s) first.data = s;
  } else if (el.textContent !== s) {
    el.textContent = s;
  }
}
function setAttr(el, name, value) {
  if (value === null || value === void 0 || value === false) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
    return;
  }
  const v = value === true ? "" : String(value);
  if (el.getAttribute(name) !== v) el.setAttribute(name, v);
}
function setClass(el, cls) {
  if (el.getAttribute("class") !== cls) el.setAttribute("class", cls);
}
function setDisabled(el, disabled) {
  const d = Boolean(disabled);
  if (el.disabled !== d) el.disabled = d;
}
function place(parent, node, ref) {
  if (typeof parent.moveBefore === "function" && node.parentNode && node.isConnected && parent.isConnected) {
    try {
      parent.moveBefore(node, ref);
      return;
    } catch {
    }
  }
  parent.insertBefore(node, ref);
}
function setChildren(parent, nodes) {
  const want = nodes.flat(Infinity).filter((n) => n !== null && n !== void 0 && n !== false);
  const keep = new Set(want);
  let cur = parent.firstChild;
  for (const node of want) {
    while (cur && cur !== node && !keep.has(cur)) {
      const next = cur.nextSibling;
      parent.removeChild(cur);
      cur = next;
    }
    if (cur === node) {
      cur = cur.nextSibling;
      continue;
    }
    place(parent, node, cur);
  }
  while (cur) {
    const next = cur.nextSibling;
    parent.removeChild(cur);
    cur = next;
  }
}
function liveButton(opts) {
  const el = button({ ...opts, disabled: false, onclick: (ev) => !el.disabled && opts.onclick && opts.onclick(ev) });
  if (opts.disabled) el.disabled = true;
  return el;
}
function keyed() {
  let lastKey;
  let node = null;
  return (key, build) => {
    if (key !== lastKey) {
      lastKey = key;
      node = build();
    }
    return node;
  };
}

// src/messages.js
var MSG = Object.freeze({
  ACT: "act",
  LIFT_CURTAIN: "lift_curtain",
  REPLAY: "replay",
  REVEAL: "reveal",
  CLEAR_ERROR: "clear_error",
  RUN_BOTS: "run_bots",
  OPTION: "option",
  PAGE: "page",
  CLOCK: "clock",
  START: "start",
  VISIBLE: "visible",
  FORECAST: "forecast"
});
var TRAITS = ["seat", "view", "legal", "log_lines", "error", "curtain", "settings", "content", "replay", "rev", "page", "clock"];
function expandRows(type, keys, rows, prefix, out) {
  const [key, ...rest] = keys;
  if (!Array.isArray(rows)) throw new TypeError(`legal: rows for ${JSON.stringify(keys)} must be a list`);
  if (rest.length === 0) {
    for (const value of rows) out.push({ type, ...prefix, [key]: value });
    return;
  }
  for (const pair of rows) {
    if (!Array.isArray(pair) || pair.length !== 2) throw new TypeError(`legal: rows for ${JSON.stringify(keys)} must be [value, rows] pairs`);
    expandRows(type, rest, pair[1], { ...prefix, [key]: pair[0] }, out);
  }
}
function expandLegal(groups) {
  const out = [];
  for (const g of groups || []) {
    const keys = g.keys || [];
    if (keys.length === 0) {
      for (let n = 0; n < Number(g.rows); n++) out.push({ type: g.type });
    } else {
      expandRows(g.type, keys, g.rows, {}, out);
    }
  }
  return out;
}
var lastRaw = null;
var lastExpanded = [];
function readTraits(model) {
  const raw = model.get("legal") || [];
  if (raw !== lastRaw) {
    lastExpanded = expandLegal(raw);
    lastRaw = raw;
  }
  const rev = model.get("rev");
  return {
    send: (msg) => model.send(msg),
    seat: model.get("seat"),
    view: model.get("view") || {},
    legal: lastExpanded,
    log: model.get("log_lines") || [],
    error: model.get("error") || {},
    curtain: model.get("curtain") || {},
    settings: model.get("settings") || {},
    content: model.get("content") || {},
    replay: model.get("replay") || {},
    rev: typeof rev === "number" ? rev : 0,
    page: model.get("page") || {},
    clock: model.get("clock") || {}
  };
}

// src/seatbar.js
function seatItem(opts, seat) {
  const li = h("li", { "data-testid": `seat-${seat}` }, h("div", { class: "bw-seat-head" }));
  patchSeatItem(li, opts, seat, opts.extra ? opts.extra(seat) : null);
  return li;
}
function patchSeatItem(li, { names, shown, toAct, alive }, seat, extra) {
  const name = names[seat];
  const turn = toAct.includes(seat);
  const isAlive = alive[seat] !== false;
  const me2 = seat === shown;
  const status = [turn ? "to act" : null, isAlive ? null : "out", me2 ? "you" : null].filter(Boolean).join(", ");
  setClass(li, `bw-seat${turn ? " bw-turn" : ""}${isAlive ? "" : " bw-out"}${me2 ? " bw-me" : ""}`);
  setAttr(li, "data-turn", String(turn));
  setAttr(li, "data-alive", String(isAlive));
  setAttr(li, "aria-current", turn ? "true" : null);
  setAttr(li, "aria-label", status ? `${name} (${status})` : name);
  const head = li.firstChild;
  let parts = PARTS.get(head);
  if (!parts) {
    parts = {
      marker: h("span", { class: "bw-seat-marker", "aria-hidden": "true" }),
      name: h("strong", {}),
      you: h("span", { class: "bw-tag" }, "you"),
      out: h("span", { class: "bw-tag bw-tag-out" }, "out")
    };
    PARTS.set(head, parts);
  }
  setText(parts.marker, turn ? "\u25B6" : isAlive ? "\u25CF" : "\u2715");
  setText(parts.name, name);
  setChildren(head, [parts.marker, parts.name, me2 ? parts.you : null, isAlive ? null : parts.out]);
  setChildren(li, [head, extra]);
  return li;
}
var PARTS = /* @__PURE__ */ new WeakMap();
function seatList() {
  return h("ol", { class: "bw-seats", "aria-label": "Players", "data-testid": "seats" });
}

// src/log.js
function logPanel(title2 = "Log") {
  const list = h("ol", {
    class: "bw-log-list",
    "aria-live": "polite",
    "aria-relevant": "additions",
    "data-testid": "log",
    // a list that scrolls (a game caps its height) is reached by keyboard too
    tabindex: "0",
    "aria-label": `${title2} entries`
  });
  const head = h("h3", {}, title2);
  const panel = h("section", { class: "bw-log", "aria-label": title2 }, head, list);
  return { panel, list, head };
}
var keyOf = (e) => `${e.i}\0${e.type}\0${e.action ?? ""}\0${e.text}`;
function item(e) {
  const n = typeof e.action === "number" && e.action > 0 ? e.action : null;
  return h(
    "li",
    { class: `bw-log-${e.type}`, "data-i": String(e.i), "data-key": keyOf(e), "data-action": n === null ? null : String(n) },
    n === null ? null : h("span", { class: "bw-log-n", title: `after action ${n}`, "aria-hidden": "true" }, `${n}.`),
    e.text
  );
}
var KEYS = /* @__PURE__ */ new WeakMap();
function updateLog(list, entries) {
  const want = entries.map(keyOf);
  const wanted = new Set(want);
  let have = KEYS.get(list);
  if (!have || have.length !== list.children.length) have = [...list.children].map((li) => li.dataset.key);
  let drop = 0;
  while (drop < have.length && !wanted.has(have[drop])) drop++;
  for (let k = 0; k < drop; k++) list.firstElementChild.remove();
  if (drop) have = have.slice(drop);
  const start = have.length ? want.indexOf(have[0]) : 0;
  const fits = start >= 0 && start + have.length <= want.length && have.every((k, n) => k === want[start + n]);
  KEYS.set(list, want);
  if (!fits) {
    list.replaceChildren(...entries.map(item));
    return entries.length;
  }
  if (start > 0) list.prepend(...entries.slice(0, start).map(item));
  const fresh = entries.slice(start + have.length);
  for (const e of fresh) list.appendChild(item(e));
  return fresh.length;
}

// src/error.js
function errorBanner(error, send) {
  if (!error || !error.code) return null;
  return h(
    "div",
    { class: "bw-error", role: "alert", "data-testid": "error", "data-code": error.code },
    // the sentence only: the code stays in data-code (for developers and tests), never in the text
    h("span", { class: "bw-error-text" }, error.message || "That is not possible right now."),
    button({
      testid: "error-dismiss",
      label: "Dismiss the error",
      text: "\u2715",
      cls: "bw-btn-small",
      onclick: () => send({ type: MSG.CLEAR_ERROR })
    })
  );
}

// src/curtain.js
function curtainPanel(curtain, names, send) {
  if (!curtain || !curtain.up) return null;
  const name = names[curtain.seat] ?? `Seat ${curtain.seat + 1}`;
  return h(
    "div",
    {
      class: "bw-curtain",
      role: "dialog",
      "aria-modal": "true",
      "aria-label": `Pass to ${name}`,
      "data-testid": "curtain"
    },
    h("p", { class: "bw-curtain-title" }, `Pass to ${name}`),
    h("p", {}, "Everyone else: look away. Nothing secret is on screen until the button is pressed."),
    button({
      testid: "lift-curtain",
      label: `I am ${name}, show my screen`,
      cls: "bw-btn-primary",
      onclick: () => send({ type: MSG.LIFT_CURTAIN })
    })
  );
}

// src/replay.js
function replayControl(replay, send) {
  if (!replay || !replay.active) return null;
  const { step, length } = replay;
  const go = (n) => send({ type: MSG.REPLAY, step: n });
  return h(
    "div",
    { class: "bw-replay", role: "group", "aria-label": "Replay", "data-testid": "replay" },
    button({
      testid: "replay-back",
      label: "Replay: back one action",
      text: "\u25C0 Back",
      disabled: step <= 0,
      onclick: () => go(step - 1)
    }),
    h("input", {
      type: "range",
      min: "0",
      max: String(length),
      step: "1",
      value: String(step),
      "data-testid": "replay-slider",
      "aria-label": "Replay: after action",
      "aria-valuetext": `action ${step} of ${length}`,
      onchange: (ev) => go(Number(ev.target.value))
    }),
    button({
      testid: "replay-forward",
      label: "Replay: forward one action",
      text: "Forward \u25B6",
      disabled: step >= length,
      onclick: () => go(step + 1)
    }),
    h("span", { class: "bw-replay-step", "data-testid": "replay-step" }, `Action ${step} of ${length}`)
  );
}
function revealToggle(reveal, send) {
  return button({
    testid: "reveal-toggle",
    label: "Teacher: reveal all",
    text: reveal ? "Teacher: hide secrets" : "Teacher: reveal all",
    pressed: reveal,
    cls: "bw-reveal",
    onclick: () => send({ type: MSG.REVEAL, on: !reveal })
  });
}
function statusBanner(view2, replay, nameOf) {
  let id = null;
  let text = "";
  if (view2.over) {
    const winners = (view2.winners || []).map(nameOf);
    id = "winner";
    text = typeof view2.end === "string" && view2.end ? `\u{1F3C6} ${view2.end}` : `\u{1F3C6} ${winners.join(" and ") || "Nobody"} ${winners.length === 1 ? "wins" : "win"}!`;
  } else if (replay && replay.active && replay.step < replay.length) {
    id = "replay-banner";
    text = `Replay: after action ${replay.step} of ${replay.length}`;
  }
  const build = () => id === null ? null : h("div", { class: id === "winner" ? "bw-winner" : "bw-winner bw-replaying", role: "status", "data-testid": id }, text);
  return [JSON.stringify(id === null ? null : [id, text]), build];
}

// src/mount.js
function renderLoop({ model, el, root, logList, draw, setRedraw, focusOrder, onKey = null }) {
  el.appendChild(root);
  let queued = false;
  const win = root.ownerDocument.defaultView || globalThis;
  const nextFrame = win.requestAnimationFrame ? (fn) => win.requestAnimationFrame(fn) : (fn) => setTimeout(fn, 0);
  let scrollQueued = false;
  let before = null;
  const scrollToEnd = () => {
    scrollQueued = false;
    const ref = before;
    before = null;
    const atEnd = !ref || !ref.isConnected || ref.getBoundingClientRect().bottom <= logList.getBoundingClientRect().bottom + 4;
    if (atEnd) logList.scrollTop = logList.scrollHeight;
  };
  const redraw = () => {
    queued = false;
    const active = root.ownerDocument.activeElement;
    const hadFocus = Boolean(active && root.contains(active) && active !== root);
    const focusId = hadFocus ? active.getAttribute("data-testid") : null;
    const lastLog = logList.lastElementChild;
    draw();
    if (logList.lastElementChild !== lastLog && !scrollQueued) {
      scrollQueued = true;
      before = lastLog && lastLog.isConnected ? lastLog : null;
      nextFrame(scrollToEnd);
    }
    if (!hadFocus) return;
    const curtainUp = Boolean(root.querySelector('[data-testid="lift-curtain"]'));
    if (!curtainUp && active.isConnected && root.contains(active) && !active.disabled) {
      if (root.ownerDocument.activeElement !== active) active.focus({ preventScroll: true });
      return;
    }
    let target = focusId && !curtainUp ? root.querySelector(`[data-testid="${focusId}"]`) : null;
    if (!target || target.disabled) {
      target = null;
      for (const sel of focusOrder) {
        target = root.querySelector(sel);
        if (target && !target.disabled) break;
        target = null;
      }
    }
    if (target) target.focus({ preventScroll: true });
  };
  setRedraw(redraw);
  const schedule = () => {
    if (!queued) {
      queued = true;
      queueMicrotask(() => queued && redraw());
    }
  };
  for (const key of TRAITS) model.on(`change:${key}`, schedule);
  const keyHandler = onKey ? (ev) => onKey(ev, redraw) : null;
  if (keyHandler) root.addEventListener("keydown", keyHandler);
  const keepFocus = (ev) => {
    if (ev.target instanceof Element && ev.target.closest("button")) ev.preventDefault();
  };
  root.addEventListener("mousedown", keepFocus);
  redraw();
  return () => {
    queued = false;
    for (const key of TRAITS) model.off(`change:${key}`, schedule);
    if (keyHandler) root.removeEventListener("keydown", keyHandler);
    root.removeEventListener("mousedown", keepFocus);
    root.remove();
  };
}

// src/paged.js
var keyOf2 = (e) => JSON.stringify([e.i, e.type ?? e.kind ?? null, e.text]);
function continues(prev, win) {
  if (!prev.length) return true;
  if (!win.length || win[0].i < prev[0].i) return false;
  const at = new Map(prev.map((e) => [e.i, keyOf2(e)]));
  return win.every((e) => !at.has(e.i) || at.get(e.i) === keyOf2(e));
}
function pagedList(list, { send, redraw, label }) {
  const st = { earlier: [], prev: [], ctx: void 0, asked: null, shown: [] };
  const more = liveButton({
    testid: `earlier-${list}`,
    label: `Show earlier ${label}`,
    text: "Show earlier",
    cls: "bw-btn-small bw-earlier",
    onclick: () => {
      const first = st.shown[0];
      if (!first || !(first.i > 0)) return;
      st.asked = { list, before: first.i };
      send({ type: MSG.PAGE, list, before: first.i });
      redraw();
    }
  });
  return {
    /**
     * The entries to show (earlier pages, then the window) and the button (or null).
     * @param {{i: number}[]} win the synced window
     * @param {string} ctx what the list is of (seat, replay step, reveal): a change drops the pages
     * @param {{list?: string, before?: number, items?: any[]}} page the `page` trait
     */
    update(win, ctx, page) {
      if (ctx !== st.ctx || !continues(st.prev, win)) {
        st.earlier = [];
        st.asked = ctx === st.ctx ? st.asked : null;
        st.ctx = ctx;
      } else if (st.earlier.length && st.prev.length) {
        st.earlier = st.earlier.concat(st.prev.filter((e) => e.i < win[0].i));
      }
      st.prev = win;
      const first = st.earlier.length ? st.earlier[0] : win[0];
      const { asked } = st;
      if (asked && page && page.list === list && page.before === asked.before && first && first.i === asked.before) {
        st.earlier = (page.items || []).filter((e) => e.i < asked.before).concat(st.earlier);
        st.asked = null;
      }
      st.shown = st.earlier.length ? st.earlier.concat(win) : win;
      return { entries: st.shown, more: st.shown.length && st.shown[0].i > 0 ? more : null };
    }
  };
}

// src/clock.js
var TICK_MS = 100;
var ON_SCREEN_RATIO = 0.25;
var ON_SCREEN_PX = 240;
var perfNow = () => globalThis.performance ? globalThis.performance.now() : Date.now();
var newId = () => `v${Math.random().toString(36).slice(2, 12)}`;
function formatLeft(ms) {
  if (ms >= 6e4) {
    const s = Math.ceil(ms / 1e3);
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  }
  return `${(ms / 1e3).toFixed(1)} s`;
}
function spokenLeft(ms) {
  if (ms >= 6e4) {
    const s = Math.ceil(ms / 1e3);
    const m = Math.floor(s / 60);
    return `${m} minute${m === 1 ? "" : "s"} ${s % 60} seconds left`;
  }
  return `${(ms / 1e3).toFixed(1)} seconds left`;
}
function viewClock({ send, now = perfNow, setInterval: every = globalThis.setInterval, clearInterval: stopEvery = globalThis.clearInterval }) {
  const viewId = newId();
  let id = viewId;
  const node = h("p", { class: "bw-clock", "data-testid": "clock", role: "timer", "aria-live": "off", hidden: true });
  const windowNode = h("p", { class: "bw-clock bw-clock-window", "data-testid": "clock-window", role: "timer", "aria-live": "off", hidden: true });
  let offset = null;
  let asked = false;
  let askAgain = false;
  let wasRunning = false;
  let clock = {};
  let timer = null;
  const leftTo = (at) => {
    if (offset === null || at === null || at === void 0) return null;
    return Math.max(0, at - (now() + offset));
  };
  const show = (el, ms, label) => {
    const on = ms !== null;
    if (el.hidden !== !on) el.hidden = !on;
    if (!on) return;
    setText(el, label ? `${label}: ${formatLeft(ms)}` : formatLeft(ms));
    setAttr(el, "data-left", String(Math.round(ms)));
    setAttr(el, "aria-label", label ? `${label}: ${spokenLeft(ms)}` : spokenLeft(ms));
  };
  const tick = () => {
    const running = Boolean(clock.realtime && clock.running);
    const hasEnd = clock.end !== null && clock.end !== void 0;
    const main = running ? leftTo(hasEnd ? clock.end : clock.deadline) : null;
    const win = running && hasEnd && clock.window !== null && clock.window !== void 0 ? leftTo(clock.window) : null;
    const single = !hasEnd && clock.window !== null && clock.window !== void 0 ? clock.label || "" : "";
    show(node, main, single);
    show(windowNode, win, clock.label || "Window");
  };
  const api = {
    node,
    windowNode,
    /** the id of this view's newest clock request */
    get id() {
      return id;
    },
    /** this view's own id, for as long as it lives (its visibility reports carry it) */
    viewId,
    get offset() {
      return offset;
    },
    /** the clock's state: running | waiting | paused | table | over ("" for a turn-based game) */
    get state() {
      return clock.realtime ? clock.state || (clock.running ? "running" : "waiting") : "";
    },
    /** @param {any} c the clock trait */
    update(c) {
      clock = c || {};
      if (!clock.realtime) return;
      if (!asked) {
        asked = true;
        send({ type: MSG.CLOCK, id });
      }
      const running = Boolean(clock.running);
      if (wasRunning && !running) {
        offset = null;
        askAgain = true;
      }
      if (running && askAgain) {
        askAgain = false;
        id = newId();
        send({ type: MSG.CLOCK, id });
      }
      wasRunning = running;
      if (offset === null && running && clock.sync === id && typeof clock.now === "number") offset = clock.now - now();
      if (timer === null && every) timer = every(tick, TICK_MS);
      tick();
    },
    /** Game ms of a performance.now()-based time (default: now); null before the offset is known. */
    stamp(t) {
      const n = now();
      if (typeof t !== "number" || !Number.isFinite(t) || Math.abs(t - n) > 6e4) t = n;
      return offset === null ? null : Math.round((t + offset) * 1e3) / 1e3;
    },
    stop() {
      if (timer !== null && stopEvery) stopEvery(timer);
      timer = null;
    }
  };
  return api;
}
function watchVisibility(el, onChange, { IntersectionObserver: IO = globalThis.IntersectionObserver, doc = el.ownerDocument } = {}) {
  if (typeof IO !== "function") return () => {
  };
  let inView = null;
  let last = null;
  const report = () => {
    if (inView === null) return;
    const on = inView && doc.visibilityState !== "hidden";
    if (on !== last) {
      last = on;
      onChange(on);
    }
  };
  const observer = new IO(
    (entries) => {
      const entry = entries[entries.length - 1];
      if (!entry) return;
      const height = entry.intersectionRect ? entry.intersectionRect.height : 0;
      inView = Boolean(entry.isIntersecting) && (entry.intersectionRatio >= ON_SCREEN_RATIO || height >= ON_SCREEN_PX);
      report();
    },
    { threshold: [0, 0.1, ON_SCREEN_RATIO, 0.5, 0.75, 1] }
  );
  observer.observe(el);
  const onVisibility = () => report();
  doc.addEventListener("visibilitychange", onVisibility);
  return () => {
    observer.disconnect();
    doc.removeEventListener("visibilitychange", onVisibility);
  };
}

// src/frame.js
var WAITING = /* @__PURE__ */ new Set(["waiting", "paused", "table"]);
function keyName(key) {
  if (key === " ") return "Space";
  return key.length === 1 ? key.toUpperCase() : key;
}
function defaultKeyHint(keys) {
  const byType = /* @__PURE__ */ new Map();
  for (const [key, type] of Object.entries(keys || {})) if (!byType.has(type)) byType.set(type, key);
  const parts = [...byType].map(([type, key]) => `${keyName(key)} to ${String(type).replace(/_/g, " ")}`);
  return parts.length ? `Press ${parts.join(", ")}` : "";
}
function startPanel(state, { seat, ready, humans, hint, touch = false, onStart }) {
  const press = touch ? "tap" : "press";
  const start = (label, text) => h("button", { type: "button", class: "bw-btn bw-btn-primary bw-start-btn", "data-testid": "start", "aria-label": label, onclick: onStart }, text);
  let head;
  let lines;
  let btn = null;
  if (state === "paused") {
    head = "Paused";
    lines = ["The game stopped when it left the screen: no time passes and nobody plays."];
    btn = start("Resume the game", "\u25B6 Resume");
  } else if (state === "table") {
    const count = `${ready.length} of ${humans.length} ready`;
    head = "Waiting for the class";
    if (seat < 0) {
      lines = [`The teacher starts the game (${count}).`];
    } else if (ready.includes(seat)) {
      lines = [`You are ready (${count}). The game starts when everyone is ready or the teacher starts it.`];
    } else {
      lines = [`${touch ? "Tap" : "Press"} I'm ready when you are (${count}). The game starts when everyone is ready or the teacher starts it.`];
      btn = start("I'm ready", "\u270B I'm ready");
    }
  } else {
    head = "Ready?";
    lines = [`The clock starts when you ${press} Start. Until then no time passes and nobody plays.`];
    btn = start("Start the game", "\u25B6 Start");
  }
  if (hint && btn) lines.push(`${hint}: the game has the keys while it runs.`);
  return h(
    "section",
    { class: "bw-start", "data-testid": "start-panel", "data-state": state, "aria-label": head },
    h("h3", { class: "bw-start-head" }, head),
    lines.map((line) => h("p", { class: "bw-start-text" }, line)),
    btn
  );
}
function touchScreen() {
  return typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
}
var ACT_LOCK_MS = 5e3;
function listContext(t) {
  return JSON.stringify([t.seat, Boolean(t.replay.active), t.replay.step ?? null, Boolean(t.settings.reveal), Boolean(t.curtain.up)]);
}
function mountView({ model, el, game }) {
  const root = h("div", { class: `bw-root ${game.rootClass}` });
  const title2 = h("h2", { class: "bw-title" });
  const me2 = h("p", { class: "bw-me-line", "data-testid": "me" });
  const header = h("header", { class: "bw-header", role: "none" }, title2, me2);
  const clock = viewClock({ send: (msg) => model.send(msg) });
  const keysHint = h("p", { class: "bw-keys", "data-testid": "keys-hint", "aria-live": "polite", hidden: true });
  header.append(clock.node, clock.windowNode, keysHint);
  const top = h("div", { class: "bw-top" });
  const side = h("div", { class: "bw-side" });
  const main = h("div", { class: "bw-main" });
  const { panel: logSection, list: logList, head: logHead } = logPanel();
  const seats = seatList();
  root.append(top, main);
  const F = {
    error: keyed(),
    curtain: keyed(),
    banner: keyed(),
    bar: keyed(),
    seatKeys: [],
    // per seat: the game's extra part's key, its node, the item
    seatExtras: [],
    seatItems: [],
    drawnRev: 0,
    lock: null,
    // {rev, error, seat, at}: an act sent and not answered yet
    start: keyed(),
    hint: "",
    // the game's key hint ("" : no keys)
    running: false
    // the real-time clock runs (a turn-based game: always)
  };
  const hasFocus = () => {
    const active = root.ownerDocument.activeElement;
    return Boolean(active && root.contains(active));
  };
  const showKeys = () => {
    const on = Boolean(F.hint) && F.live && F.running;
    if (keysHint.hidden !== !on) keysHint.hidden = !on;
    if (!on) return;
    const focused = hasFocus();
    setText(keysHint, focused ? `Keys: ${F.hint}` : "Click to play with keys");
    setAttr(keysHint, "data-focused", String(focused));
    setAttr(root, "data-keys", focused ? "game" : "page");
  };
  const onStart = () => {
    model.send({ type: MSG.START });
    if (root.getAttribute("tabindex") !== null) root.focus({ preventScroll: true });
  };
  let redrawNow = () => {
  };
  const frame = {
    root,
    clock,
    send: (msg) => model.send(msg),
    redraw: () => redrawNow(),
    act(action, when) {
      const now = Date.now();
      const state = { rev: model.get("rev"), error: JSON.stringify(model.get("error") || {}), seat: model.get("seat") };
      const L = F.lock;
      if (L && L.rev === state.rev && L.error === state.error && L.seat === state.seat && now - L.at < ACT_LOCK_MS) return false;
      F.lock = { ...state, at: now };
      const msg = { type: MSG.ACT, action, rev: F.drawnRev };
      const at = (model.get("clock") || {}).realtime ? clock.stamp(when) : null;
      if (at !== null) msg.at = at;
      model.send(msg);
      return true;
    }
  };
  const logPager = pagedList("log", { send: frame.send, redraw: frame.redraw, label: "log entries" });
  const g = game.setup(frame);
  const draw = () => {
    const traits = readTraits(model);
    const { view: view2, settings, curtain, replay, error, send } = traits;
    const names = settings.names || [];
    const t = {
      ...traits,
      names,
      nameOf: (s) => names[s] ?? `Seat ${s + 1}`,
      toAct: view2.over ? [] : view2.to_act || [],
      alive: view2.alive || [],
      replaying: Boolean(replay.active && replay.step < replay.length),
      touch: touchScreen()
    };
    setAttr(root, "data-pointer", t.touch ? "coarse" : "fine");
    F.drawnRev = t.rev;
    clock.update(t.clock);
    F.keys = settings.keys || {};
    F.legal = t.legal;
    F.live = !curtain.up && !t.replaying && !view2.over;
    F.running = !t.clock.realtime || Boolean(t.clock.running);
    const hasKeys = Object.keys(F.keys).length > 0;
    F.hint = hasKeys && !t.touch ? game.keyHint ? game.keyHint(t) : defaultKeyHint(F.keys) : "";
    setAttr(root, "tabindex", hasKeys ? "0" : null);
    setAttr(root, "data-lm-suppress-shortcuts", hasKeys ? "true" : null);
    setAttr(root, "data-clock", t.clock.realtime ? clock.state : null);
    showKeys();
    if (F.lock && (F.lock.rev !== t.rev || F.lock.error !== JSON.stringify(error) || F.lock.seat !== t.seat)) F.lock = null;
    setAttr(root, "data-phase", view2.phase ?? null);
    setAttr(root, "data-seat", String(t.seat));
    setAttr(root, "data-curtain", curtain.up ? "up" : "down");
    setAttr(root, "data-reveal", String(Boolean(settings.reveal)));
    if (game.attrs) for (const [name, value] of Object.entries(game.attrs(t))) setAttr(root, name, value);
    setText(title2, game.title(t));
    setText(me2, settings.reveal ? "Teacher view: every secret is shown." : game.me(t, g));
    const { entries, more } = logPager.update(t.log, listContext(t), t.page);
    updateLog(logList, entries);
    setChildren(logSection, [logHead, more, logList]);
    const errorNode = F.error(JSON.stringify(error), () => errorBanner(error, send));
    const opts = { names, shown: t.seat, toAct: t.toAct, alive: t.alive };
    for (let s = 0; s < names.length; s++) {
      const [extraKey, buildExtra] = game.seat ? game.seat(t, g, s) : ["", () => null];
      if (F.seatKeys[s] !== extraKey || !F.seatItems[s]) {
        F.seatKeys[s] = extraKey;
        F.seatExtras[s] = buildExtra(s);
      }
      if (F.seatItems[s]) patchSeatItem(F.seatItems[s], opts, s, F.seatExtras[s]);
      else F.seatItems[s] = seatItem({ ...opts, extra: () => F.seatExtras[s] }, s);
    }
    for (const list of [F.seatItems, F.seatKeys, F.seatExtras]) list.length = names.length;
    setChildren(seats, F.seatItems);
    const curtainNode = F.curtain(JSON.stringify([curtain, names]), () => curtainPanel(curtain, names, send));
    main.hidden = Boolean(curtainNode);
    if (curtainNode) {
      setChildren(top, [header, errorNode, seats, curtainNode]);
      setChildren(side, []);
      setChildren(main, []);
      if (game.reset) game.reset(g);
      return;
    }
    const [bannerKey, buildBanner] = statusBanner(view2, replay, t.nameOf);
    const banner = F.banner(bannerKey, buildBanner);
    const state = t.clock.realtime && F.live ? clock.state : "";
    const startKey = WAITING.has(state) ? JSON.stringify([state, t.seat, t.clock.ready || [], settings.humans || [], F.hint, t.touch]) : "";
    const start = F.start(
      startKey,
      () => startKey ? startPanel(state, { seat: t.seat, ready: t.clock.ready || [], humans: settings.humans || [], hint: F.hint, touch: t.touch, onStart }) : null
    );
    const runBots = Boolean(settings.paused && !t.clock.realtime);
    const bar = F.bar(JSON.stringify([replay, Boolean(settings.teacher), Boolean(settings.reveal), runBots]), () => {
      const items = [
        replayControl(replay, send),
        settings.teacher ? revealToggle(Boolean(settings.reveal), send) : null,
        runBots ? liveButton({ testid: "run-bots", label: "Let the bots play", onclick: () => send({ type: MSG.RUN_BOTS }) }) : null
      ].filter(Boolean);
      return items.length ? h("div", { class: "bw-replay-bar" }, items) : null;
    });
    const panels2 = game.panels(t, g) || {};
    setChildren(top, [header, errorNode, seats, banner, start, bar, panels2.top || []]);
    setChildren(side, [panels2.side || [], logSection]);
    setChildren(main, [panels2.main || [], side]);
  };
  const focusOrder = [
    '[data-testid="lift-curtain"]',
    '[data-testid="start"]',
    ...game.focusOrder || [],
    '[data-testid="replay-back"]:not([disabled])',
    '[data-testid="run-bots"]'
  ];
  const onKey = (ev) => {
    const type = F.keys && Object.prototype.hasOwnProperty.call(F.keys, ev.key) ? F.keys[ev.key] : null;
    const plain = !ev.ctrlKey && !ev.metaKey && !ev.altKey;
    if (type !== null && F.live && plain) {
      ev.preventDefault();
      ev.stopPropagation();
      const action = ev.repeat ? null : (F.legal || []).find((a) => a.type === type);
      if (action) frame.act(action, ev.timeStamp);
      return;
    }
    if (game.onKey) game.onKey(ev, g, frame);
    if (ev.defaultPrevented) {
      ev.stopPropagation();
      return;
    }
    if (ev.key === "Escape" && plain && ev.target === root) root.blur();
  };
  const onFocus = () => showKeys();
  root.addEventListener("focusin", onFocus);
  root.addEventListener("focusout", () => setTimeout(showKeys, 0));
  let onScreen = false;
  const stopWatching = watchVisibility(root, (on) => {
    if (!(model.get("clock") || {}).realtime) return;
    onScreen = on;
    model.send({ type: MSG.VISIBLE, id: clock.viewId, on });
  });
  const cleanup = renderLoop({
    model,
    el,
    root,
    logList,
    draw,
    setRedraw: (fn) => redrawNow = fn,
    focusOrder,
    onKey
  });
  const pointer = typeof matchMedia === "function" ? matchMedia("(pointer: coarse)") : null;
  const onPointer = () => redrawNow();
  if (pointer && pointer.addEventListener) pointer.addEventListener("change", onPointer);
  return () => {
    if (pointer && pointer.removeEventListener) pointer.removeEventListener("change", onPointer);
    clock.stop();
    stopWatching();
    if (onScreen) {
      try {
        model.send({ type: MSG.VISIBLE, id: clock.viewId, on: false });
      } catch {
      }
    }
    root.removeEventListener("focusin", onFocus);
    cleanup();
  };
}
function view(game) {
  return { render: ({ model, el }) => mountView({ model, el, game }) };
}

// ../brady_widgets/total_black/view.js
function labels(content) {
  const animals = {};
  for (const a of content.animals || []) animals[a.id] = a;
  const name = (id) => animals[id] ? animals[id].name : String(id);
  const emoji = (id) => animals[id] ? animals[id].emoji : "?";
  return { name, emoji, card: (id) => `${emoji(id)} ${name(id)}` };
}
function setup(frame) {
  const g = {
    frame,
    card: h("section", { class: "bw-tb-card", "data-testid": "card", "aria-label": "Your card" }),
    heard: h("section", { class: "bw-tb-heard", "data-testid": "heard", "aria-label": "The cry you heard" }),
    prompt: h("p", { class: "bw-prompt bw-tb-prompt", "data-testid": "prompt", "aria-live": "polite" }),
    hold: null,
    progress: h("p", { class: "bw-tb-progress", "data-testid": "progress" }),
    found: keyed(),
    odds: keyed(),
    cries: keyed()
  };
  g.hold = liveButton({
    testid: "hold",
    label: "Hold hands",
    text: "\u{1F91D} Hold hands",
    cls: "bw-btn-primary bw-tb-hold",
    disabled: true,
    onclick: () => g.frame.act({ type: "hold" })
  });
  return g;
}
function title(t) {
  return t.content && t.content.title || "Total Black";
}
function me(t) {
  const L = labels(t.content);
  const v = t.view;
  if (t.seat < 0 || !v.my_card) return "Public view: nobody's card is shown.";
  return `You are ${t.nameOf(t.seat)}: a ${L.card(v.my_card)}, you cry ${v.my_cry}`;
}
function promptText(t) {
  const v = t.view;
  const canHold = t.legal.some((a) => a.type === "hold");
  if (v.over) return "The lights are on: the game is over.";
  if (t.replaying) return "Replaying the game.";
  if (t.seat < 0) return "Public view: the players are in the dark.";
  if ((v.found || [])[t.seat]) return "You found your partner! Wait in the light for the others.";
  if (v.held) return "You are holding out your hand: if it is your partner's, you are found when the round ends.";
  if (v.heard == null) return "Nobody in front of you this round: wait for the next bump.";
  const same = v.heard === v.my_cry;
  const act = t.touch ? "tap Hold hands" : "press H (or Hold hands)";
  if (!canHold) return "Wait for the next bump.";
  return same ? `That is your cry! If you think it is your partner, ${act}.` : `Not your cry: let this one go and wait for the next bump (or ${act} anyway).`;
}
function foundPanel(t, L) {
  const pairs = t.view.found_pairs || [];
  return h(
    "section",
    { class: "bw-tb-found", "data-testid": "found", "aria-label": "Pairs found" },
    h("h3", {}, "Found"),
    pairs.length ? h(
      "ul",
      {},
      pairs.map(
        ([a, b, card]) => h("li", { "data-testid": `found-${card}`, class: a === t.seat || b === t.seat ? "bw-tb-mine" : "" }, `${L.emoji(card)} ${t.nameOf(a)} and ${t.nameOf(b)}, the ${L.name(card)} pair`)
      )
    ) : h("p", { class: "bw-why" }, "No pair found yet.")
  );
}
var pct = (p) => `${Math.round((p || 0) * 1e3) / 10}%`;
function oddsPanel(t) {
  const o = t.view.odds;
  return h(
    "section",
    { class: "bw-tb-odds", "data-testid": "odds", "aria-label": "Odds" },
    h("h3", {}, "Odds"),
    o ? [
      h("p", { "data-testid": "odds-meet" }, `You bump into your partner this round with chance ${o.meet} (${pct(o.p_meet)}): one of the ${o.others} others in the dark.`),
      h("p", { "data-testid": "odds-same" }, `If you hear your own cry (${o.cry}), it is your partner with chance ${o.same_cry} (${pct(o.p_same_cry)}).`),
      h("p", { class: "bw-why" }, "From your card and the pairs found (not from the cries you heard before).")
    ] : h("p", { class: "bw-why" }, "No odds: you are not in the dark.")
  );
}
function criesPanel(t, L) {
  const groups = t.content.cries || {};
  const mine = t.view.my_cry;
  return h(
    "details",
    { class: "bw-tb-legend", "data-testid": "legend" },
    h("summary", {}, "Which animals share a cry"),
    h(
      "ul",
      {},
      Object.entries(groups).map(([cry, ids]) => h("li", { class: cry === mine ? "bw-tb-mine" : "" }, `${cry} ${ids.map(L.card).join(", ")}`))
    )
  );
}
function panels(t, g) {
  const L = labels(t.content);
  const v = t.view;
  const mine = v.my_card;
  setChildren(g.card, mine ? [h("span", { class: "bw-tb-emoji", "aria-hidden": "true" }, L.emoji(mine)), h("span", {}, `You are a ${L.name(mine)}. You cry `), h("strong", {}, v.my_cry)] : []);
  const heard = v.heard;
  const out = t.seat >= 0 && Boolean((v.found || [])[t.seat]);
  setAttr(g.heard, "data-cry", heard || "");
  setAttr(g.heard, "data-same", heard != null && heard === v.my_cry ? "true" : "false");
  setChildren(g.heard, mine && !v.over && !out ? [h("span", { class: "bw-tb-round" }, `Round ${v.round}: you hear`), h("strong", { class: "bw-tb-cry" }, heard || "\u2026 silence")] : []);
  const canHold = t.legal.some((a) => a.type === "hold") && !t.replaying;
  setDisabled(g.hold, !canHold);
  const label = v.held ? "Holding hands" : "Hold hands";
  setText(g.hold, v.held ? "\u{1F91D} Holding\u2026" : t.touch ? "\u{1F91D} Hold hands" : "\u{1F91D} Hold hands (H)");
  setAttr(g.hold, "aria-label", t.touch ? label : `${label} (H)`);
  setAttr(g.hold, "aria-pressed", v.held ? "true" : "false");
  setText(g.prompt, promptText(t));
  setText(g.progress, `${v.pairs_found || 0} of ${v.pairs || 0} pairs found`);
  const found = g.found(JSON.stringify([v.found_pairs || [], t.names, t.seat, g.keyContent]), () => foundPanel(t, L));
  const cries = g.cries(JSON.stringify([t.content.cries || {}, mine]), () => criesPanel(t, L));
  const odds = g.odds(JSON.stringify(v.odds ?? null), () => oddsPanel(t));
  const player = t.seat >= 0 && mine;
  return {
    main: [h("div", { class: "bw-tb-dark" }, g.card, g.heard, g.prompt, player && !v.over && !out ? g.hold : null, g.progress)],
    side: [found, odds, cries]
  };
}
function attrs(t) {
  const v = t.view;
  return {
    "data-phase": v.phase || null,
    "data-held": v.held ? "true" : "false",
    "data-found": t.seat >= 0 && (v.found || [])[t.seat] ? "true" : "false"
  };
}
var view_default = view({
  rootClass: "bw-total-black",
  title,
  setup: (frame) => {
    const g = setup(frame);
    g.keyContent = "";
    return g;
  },
  me,
  panels: (t, g) => {
    g.keyContent = JSON.stringify(t.content.animals || []);
    return panels(t, g);
  },
  attrs,
  focusOrder: ['[data-testid="hold"]']
});
export {
  view_default as default,
  promptText
};
