// src/dom.js
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
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
function button({ testid, label, text, onclick, disabled = false, pressed = null, cls = "", title }) {
  return h(
    "button",
    {
      type: "button",
      class: `bw-btn ${cls}`.trim(),
      "data-testid": testid,
      "aria-label": label,
      "aria-pressed": pressed === null ? null : String(Boolean(pressed)),
      title: title || null,
      disabled,
      onclick: disabled ? null : onclick
    },
    text === void 0 ? label : text
  );
}
function bar(label, p, { testid = null, cls = "" } = {}) {
  const pct2 = Math.round(Math.max(0, Math.min(1, Number(p) || 0)) * 1e3) / 10;
  return h(
    "div",
    { class: `bw-bar ${cls}`.trim(), "data-testid": testid },
    h("span", { class: "bw-bar-label" }, label),
    h(
      "span",
      {
        class: "bw-bar-track",
        role: "meter",
        "aria-valuemin": "0",
        "aria-valuemax": "100",
        "aria-valuenow": String(pct2),
        "aria-label": `${label}: ${pct2}%`
      },
      h("span", { class: "bw-bar-fill", style: { width: `${pct2}%` } })
    ),
    h("span", { class: "bw-bar-value" }, `${pct2}%`)
  );
}
var INK = /* @__PURE__ */ new Map();
function inkFor(hex) {
  if (!INK.has(hex)) {
    if (INK.size >= 256) INK.clear();
    INK.set(hex, computeInk(hex));
  }
  return INK.get(hex);
}
function computeInk(hex) {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex || "");
  if (!m) return "#000";
  const n = parseInt(m[1], 16);
  const lin = (c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const lum = 0.2126 * lin(n >> 16 & 255) + 0.7152 * lin(n >> 8 & 255) + 0.0722 * lin(n & 255);
  return 1.05 / (lum + 0.05) >= (lum + 0.05) / 0.05 ? "#fff" : "#000";
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
function seatItem(opts, seat2) {
  const li = h("li", { "data-testid": `seat-${seat2}` }, h("div", { class: "bw-seat-head" }));
  patchSeatItem(li, opts, seat2, opts.extra ? opts.extra(seat2) : null);
  return li;
}
function patchSeatItem(li, { names, shown, toAct, alive }, seat2, extra) {
  const name = names[seat2];
  const turn = toAct.includes(seat2);
  const isAlive = alive[seat2] !== false;
  const me2 = seat2 === shown;
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
function logPanel(title = "Log") {
  const list = h("ol", {
    class: "bw-log-list",
    "aria-live": "polite",
    "aria-relevant": "additions",
    "data-testid": "log",
    // a list that scrolls (a game caps its height) is reached by keyboard too
    tabindex: "0",
    "aria-label": `${title} entries`
  });
  const head = h("h3", {}, title);
  const panel = h("section", { class: "bw-log", "aria-label": title }, head, list);
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
function startPanel(state, { seat: seat2, ready, humans, hint, touch = false, onStart }) {
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
    if (seat2 < 0) {
      lines = [`The teacher starts the game (${count}).`];
    } else if (ready.includes(seat2)) {
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
  const title = h("h2", { class: "bw-title" });
  const me2 = h("p", { class: "bw-me-line", "data-testid": "me" });
  const header = h("header", { class: "bw-header", role: "none" }, title, me2);
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
    setText(title, game.title(t));
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
    const bar2 = F.bar(JSON.stringify([replay, Boolean(settings.teacher), Boolean(settings.reveal), runBots]), () => {
      const items = [
        replayControl(replay, send),
        settings.teacher ? revealToggle(Boolean(settings.reveal), send) : null,
        runBots ? liveButton({ testid: "run-bots", label: "Let the bots play", onclick: () => send({ type: MSG.RUN_BOTS }) }) : null
      ].filter(Boolean);
      return items.length ? h("div", { class: "bw-replay-bar" }, items) : null;
    });
    const panels2 = game.panels(t, g) || {};
    setChildren(top, [header, errorNode, seats, banner, start, bar2, panels2.top || []]);
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

// ../brady_widgets/brady_bunch/view.js
var VIA = { snoop: "as a Snoop", cookie: "with the Cookie", woman: "with the woman's token", man: "with the man's token", dog: "with the dog's token" };
var ASK_LABEL = {
  ask_played: "What card did you play?",
  ask_looked: "Whose card did you look at?",
  ask_number: "What number did they play?",
  ask_truth: "Is \u2026 telling the truth?",
  ask_suspect: "Who is the Troublemaker?"
};
var ASK_KINDS = Object.keys(ASK_LABEL);
function askKindLabel(L, k) {
  const full = L.questions[k] ? L.questions[k].replace("{about}", "\u2026") : ASK_LABEL[k];
  return full === ASK_LABEL[k] ? full : `${ASK_LABEL[k]} (${full})`;
}
var ROLE_SPOTS = [
  ["troublemakers", "troublemaker", "Troublemaker"],
  ["sidekicks", "sidekick", "Sidekick"],
  ["tattletales", "tattletale", "Tattletale"]
];
function labels(content) {
  const colors = {};
  for (const k of content.kids || []) colors[k.name] = k.color;
  const cards = {};
  for (const c of content.cards || []) cards[c.value] = c.name;
  const tokens = {};
  for (const t of content.tokens || []) tokens[t.id] = t;
  const questions = content.questions || {};
  const card = (v) => `${v} (${cards[v] || "?"})`;
  const token = (id) => tokens[id] ? tokens[id].name : `the ${id}'s token`;
  const color = (kid) => colors[kid] || "#777";
  return { card, token, color, questions, cards };
}
function questionText(q, L) {
  const kind = q.question || q.type;
  let text = L.questions[kind] || ASK_LABEL[kind] || kind;
  if (kind === "ask_truth") text = text.replace("{about}", q.about ?? "\u2026");
  if (kind !== "ask_suspect" && q.round !== void 0 && q.round !== null) text += ` (round ${q.round})`;
  return text;
}
function kidChip(kid, L, extra = "") {
  return h(
    "span",
    { class: `bw-kid-chip ${extra}`.trim(), style: { "--kid-color": L.color(kid), "--kid-ink": inkFor(L.color(kid)) } },
    h("span", { class: "bw-swatch", "aria-hidden": "true" }),
    kid
  );
}
function group(label, testid, ...children) {
  return h("div", { class: "bw-group", role: "group", "aria-label": label, "data-testid": testid }, ...children);
}
function choice({ testid, label, text, pressed, onclick }) {
  return button({ testid, label, text, pressed, cls: "bw-choice", onclick });
}
function setup(frame) {
  return {
    frame,
    local: {},
    // view-only choices (question/claim panels)
    left: h("div", { class: "bw-left" }),
    talkPager: pagedList("talk", { send: frame.send, redraw: frame.redraw, label: "table talk" }),
    labels: keyed(),
    track: keyed(),
    controls: keyed(),
    board: keyed(),
    secrets: keyed(),
    talk: keyed(),
    odds: keyed(),
    final: keyed()
  };
}
var prepare = (t, g) => g.labels(JSON.stringify(t.content), () => labels(t.content));
function me(t, g) {
  const { view: view2, names, seat: seat2 } = t;
  const role = view2.role || "public";
  if (role === "alice") return `You are Alice${names[seat2] && names[seat2] !== "Alice" ? ` (${names[seat2]})` : ""}: find the Troublemaker.`;
  if (role === "kid") return `You are ${view2.me}${names[seat2] && names[seat2] !== view2.me ? ` (${names[seat2]})` : ""}, a Brady kid.`;
  return "Public view: nobody's secrets are shown.";
}
function seatRole(name, s, kid, L) {
  if (s === 0) return name === "Alice" ? null : h("span", { class: "bw-seat-extra", "data-testid": `seat-role-${s}` }, "as Alice");
  if (!kid) return null;
  if (name === kid) return h("span", { class: "bw-seat-extra bw-swatch-only", style: { "--kid-color": L.color(kid) } }, h("span", { class: "bw-swatch", "aria-hidden": "true" }));
  return h("span", { class: "bw-seat-extra", "data-testid": `seat-role-${s}` }, "as ", kidChip(kid, L));
}
function seat(t, g, s) {
  const L = prepare(t, g);
  const kid = (t.content.seat_kid || {})[s] ?? null;
  const name = t.nameOf(s);
  const key = JSON.stringify([s === 0, kid, kid ? L.color(kid) : null, name]);
  return [key, () => seatRole(name, s, kid, L)];
}
function panels(t, g) {
  const { view: view2, legal, names, replaying } = t;
  const { local, frame } = g;
  const L = prepare(t, g);
  const phase = view2.phase || "reveal";
  const role = view2.role || "public";
  const trackKey = JSON.stringify([view2.round, view2.rounds, phase, view2.snoops, view2.requests, view2.reveals, view2.tokens, view2.token_used, view2.cookie, view2.snooper, view2.oliver_cards, view2.deck_count, view2.snoop_deck, view2.over, t.content.tokens]);
  const track = g.track(trackKey, () => roundTrack(view2, L, t.content));
  const controlsKey = () => JSON.stringify([legal, view2.pending, view2.hand, view2.my_cards, view2.peeks, phase, view2.round, view2.snooper, view2.cookie, view2.token, view2.requests, view2.me, local, view2.over, replaying, view2.questions, view2.max_questions, (view2.talk || []).length, (view2.talk || []).slice(-1).map((st) => st.i), names, view2.to_act]);
  let built = false;
  const controls = g.controls(controlsKey(), () => {
    built = true;
    return controlsPanel({ view: view2, legal, local, L, frame, replaying, names, content: t.content });
  });
  if (built) g.controls(controlsKey(), () => controls);
  const board = g.board(JSON.stringify([view2.kids, view2.board ?? null, view2.hands ?? null, view2.peeks, view2.my_cards, view2.me, view2.round, view2.exposed, view2.cookie, view2.snooper, phase, view2.pending, t.content]), () => boardPanel(view2, L));
  const secrets = g.secrets(JSON.stringify([role, view2.me, view2.hand, view2.my_cards, view2.peeks, view2.my_sign, view2.all_peeks ?? null, names]), () => secretsPanel(view2, L, names));
  const final = g.final(JSON.stringify([view2.over, view2.roles, view2.kids, view2.accused]), () => finalPanel(view2, L));
  setChildren(g.left, [track, controls, final, board, secrets]);
  const { entries, more } = g.talkPager.update(view2.talk || [], listContext(t), t.page);
  const talk = g.talk(JSON.stringify([entries, Boolean(more), t.content]), () => talkPanel(entries, more, L));
  const odds = g.odds(JSON.stringify([role, view2.odds ?? null]), () => oddsPanel(view2.odds, role, L, frame.send));
  return { main: [g.left], side: [odds, talk] };
}
function tokenHelp(content) {
  var _a;
  const tokens = content.tokens || [];
  const by = {};
  for (const t of tokens) (by[_a = t.peeks] || (by[_a] = [])).push(t.name);
  const parts = Object.entries(by).map(([n, names]) => `${names.join(" and ")}: ${n} card${Number(n) === 1 ? "" : "s"}`);
  return `A Help Token lets Alice secretly look at face-down cards after the talk${parts.length ? ` (${parts.join("; ")})` : ""}, once a game.`;
}
function roundTrack(view2, L, content) {
  const rounds = [];
  for (let r = 1; r <= (view2.rounds || 4); r++) {
    const current = r === view2.round && !view2.over;
    const done = r < view2.round || view2.over;
    rounds.push(
      h(
        "li",
        { class: `bw-round${current ? " bw-current" : ""}${done ? " bw-done" : ""}`, "data-testid": `round-${r}`, "aria-current": current ? "step" : null },
        `Round ${r}`,
        h("span", { class: "bw-round-snoops" }, `${(view2.reveals || [])[r - 1] ?? "?"} Snoop${(view2.reveals || [])[r - 1] === 1 ? "" : "s"}`)
      )
    );
  }
  const snoops = view2.snoops || [];
  const requests = view2.requests || [];
  return h(
    "section",
    { class: "bw-table", "aria-label": "Round track and Snoop cards" },
    h("ol", { class: "bw-rounds", "aria-label": "Round track", "data-testid": "rounds" }, rounds),
    h(
      "div",
      { class: "bw-snoops", "data-testid": "snoops", "aria-label": "Snoop cards this round" },
      h("span", { class: "bw-label" }, "Snoop cards: "),
      snoops.length ? snoops.map((k) => h("span", { class: `bw-snoop-card${view2.snooper === k ? " bw-active" : ""}` }, kidChip(k, L), view2.snooper === k ? " (looking now)" : null)) : h("span", { class: "bw-muted" }, view2.over ? "\u2014" : "not revealed yet"),
      requests.length ? h("span", { class: "bw-requests" }, " \xB7 Requests: ", requests.map((q) => `${q.snoop} \u2192 ${q.about}`).join(", ")) : null
    ),
    h(
      "p",
      { class: "bw-tokens" },
      `Help Tokens left: ${(view2.tokens || []).map((t) => L.token(t)).join(", ") || "none"}`,
      view2.token_used ? ` \xB7 spent this round: ${L.token(view2.token_used)}` : "",
      view2.cookie ? ` \xB7 Cookie this round: ${view2.cookie}` : "",
      view2.cousin_oliver ? ` \xB7 Cousin Oliver's cards: ${view2.oliver_cards}` : "",
      ` \xB7 Mischief deck: ${view2.deck_count ?? 0} \xB7 Snoop deck: ${view2.snoop_deck ?? 0}`
    ),
    (view2.tokens || []).length && !view2.over ? h("p", { class: "bw-why", "data-testid": "token-help" }, tokenHelp(content)) : null
  );
}
function knownValue(view2, kid) {
  const slot = (view2.kids || []).find((k) => k.kid === kid) || {};
  if (slot.face_up !== null && slot.face_up !== void 0) return { value: slot.face_up, how: "face up" };
  if (view2.board && view2.board[kid] !== null && view2.board[kid] !== void 0) return { value: view2.board[kid], how: "teacher" };
  if (view2.me === kid && slot.played && view2.my_cards) return { value: view2.my_cards[view2.round - 1], how: "yours" };
  const peek = (view2.peeks || []).filter((p) => p.round === view2.round && p.kid === kid).pop();
  if (peek && slot.played) return { value: peek.value, how: "you looked" };
  return null;
}
function boardPanel(view2, L) {
  const slots = (view2.kids || []).map((k) => {
    const known = knownValue(view2, k.kid);
    let state = "empty";
    let text = "no card";
    if (k.played) {
      state = k.face_up !== null && k.face_up !== void 0 ? "up" : known ? "known" : "down";
      text = state === "up" ? `face up: ${L.card(k.face_up)}` : known ? `${L.card(known.value)} (${known.how})` : "face down";
    }
    const tags = [];
    if (k.kid === view2.me) tags.push("you");
    if (k.silent) tags.push("silent kid");
    if ((view2.snoops || []).includes(k.kid)) tags.push("Snoop");
    if (view2.cookie === k.kid) tags.push("Cookie this round");
    if (view2.pending && view2.pending.kid === k.kid) tags.push("asked");
    const hand = view2.hands && view2.hands[k.kid] ? ` (${view2.hands[k.kid].join(", ")})` : "";
    const pile = view2.tucked_cards && view2.tucked_cards[k.kid] ? ` (${view2.tucked_cards[k.kid].join(", ")})` : "";
    return h(
      "li",
      {
        class: `bw-slot${k.kid === view2.me ? " bw-mine" : ""}`,
        "data-testid": `slot-${k.kid}`,
        "data-kid": k.kid,
        style: { "--kid-color": L.color(k.kid), "--kid-ink": inkFor(L.color(k.kid)) },
        "aria-label": `${k.kid}: card ${text}, hand ${k.hand}, score pile ${k.tucked}, cookies ${k.cookies}`
      },
      h("div", { class: "bw-slot-head" }, kidChip(k.kid, L), tags.length ? h("span", { class: "bw-tag" }, tags.join(", ")) : null),
      h(
        "div",
        { class: `bw-board-card bw-card-${state}`, "data-testid": `card-${k.kid}`, "data-state": state },
        state === "empty" ? "\u2014" : state === "down" ? "\u{1F0A0}" : String(state === "up" ? k.face_up : known.value),
        h("span", { class: "bw-card-text" }, text)
      ),
      h(
        "dl",
        { class: "bw-slot-facts" },
        h("dt", {}, "Hand"),
        h("dd", {}, k.silent ? "\u2014" : `${k.hand}${hand}`),
        h("dt", {}, "Score pile"),
        h("dd", {}, `${k.tucked}${pile}`),
        h("dt", {}, "Cookies"),
        h("dd", { "data-testid": `cookies-${k.kid}` }, k.silent ? "\u2014" : `${"\u{1F36A}".repeat(k.cookies)}${k.cookies}${k.sign ? ` (${k.sign})` : k.signed ? " (sign chosen)" : ""}`),
        // the sum on one line (narrow no-break spaces: it wrapped one term per line)
        k.score !== null && k.score !== void 0 ? [h("dt", {}, "Score"), h("dd", { class: "bw-slot-score", "data-testid": `score-${k.kid}` }, `${(k.cards || []).join("\u202F+\u202F")}\u202F\u2192\u202F${k.score}`)] : null
      )
    );
  });
  return h("section", { class: "bw-board", "aria-label": "The board" }, h("h3", {}, "The board"), h("ol", { class: "bw-slots", "data-testid": "board" }, slots));
}
function secretsPanel(view2, L, names) {
  const items = [];
  if (view2.role === "kid") {
    items.push(h("p", {}, `Your hand: ${(view2.hand || []).map(L.card).join(", ") || "empty"}`));
    const mine = view2.my_cards || [];
    if (mine.length) items.push(h("p", {}, `Your cards: ${mine.map((v, i) => `round ${i + 1}: ${L.card(v)}`).join("; ")}`));
    if (view2.my_sign) items.push(h("p", {}, `Your Cookie sign: ${view2.my_sign}`));
  }
  const peeks = view2.peeks || [];
  if (peeks.length) {
    items.push(h("h4", {}, "What you saw with your eyes open"));
    items.push(h("ul", { class: "bw-peeks" }, peeks.map((p) => h("li", {}, `Round ${p.round}: ${p.kid}'s card ${VIA[p.via] || ""} was ${L.card(p.value)}`))));
  }
  if (view2.all_peeks) {
    const all = Object.entries(view2.all_peeks).flatMap(([s, ps]) => ps.map((p) => `${names[Number(s)] ?? s} saw ${p.kid}'s round ${p.round} card: ${p.value}`));
    if (all.length) items.push(h("h4", {}, "Every peek (teacher)"), h("ul", { class: "bw-peeks" }, all.map((t) => h("li", {}, t))));
  }
  if (!items.length) return null;
  return h("section", { class: "bw-secrets", "aria-label": "Only you see this", "data-testid": "secrets" }, h("h3", {}, "Only you see this"), items);
}
function talkPanel(talk, more, L) {
  return h(
    "section",
    { class: "bw-talk", "aria-label": "Table talk" },
    h("h3", {}, "Table talk"),
    more,
    talk.length ? h(
      "ol",
      { class: "bw-talk-list", "data-testid": "talk" },
      talk.map(
        (st) => h(
          "li",
          { "data-testid": `talk-${st.i}`, class: `bw-talk-${st.kind}` },
          h("span", { class: "bw-talk-when" }, `R${st.round}${st.question ? " \xB7 answer" : " \xB7 volunteered"}`),
          " ",
          kidChip(st.speaker, L),
          `: \u201C${st.text}\u201D`
        )
      )
    ) : h("p", { class: "bw-muted", "data-testid": "talk" }, "Nobody has said anything yet.")
  );
}
var pct = (p) => `${Math.round(Number(p) * 1e3) / 10}%`;
var ODDS_SUM_NOTE = "Kids tied for the highest total are each counted as the Troublemaker, so these chances can add up to more than 100%.";
function oddsPanel(odds, role, L, send) {
  if (role === "kid") return null;
  const attrs = { class: "bw-odds", "aria-label": "Alice's notebook", "data-testid": "odds" };
  const title = h("h3", {}, "Alice's notebook");
  if (!odds || !Array.isArray(odds.kids)) return h("section", attrs, title, h("p", { class: "bw-muted" }, "No odds to show yet."));
  const trust = typeof odds.trust === "number" ? odds.trust : null;
  const trusted = odds.kids.some((k) => typeof k.p_highest_trust === "number");
  const rows = odds.kids.map((k) => {
    const seen = (k.seen || []).map((v) => v === null || v === void 0 ? "?" : String(v)).join(" + ");
    return h(
      "div",
      { class: "bw-odds-kid", "data-testid": `odds-${k.kid}` },
      h("div", { class: "bw-odds-head" }, kidChip(k.kid, L), h("span", { class: "bw-odds-seen" }, ` cards: ${seen || "none yet"}${k.cookies ? `, ${k.cookies}\u{1F36A}${k.sign ? ` (${k.sign})` : ""}` : ""}`)),
      bar("ignoring the talk", k.p_highest),
      trusted && typeof k.p_highest_trust === "number" ? bar(`trusting the talk`, k.p_highest_trust) : null
    );
  });
  const how = odds.method === "exact" ? "Exact odds." : `Estimated from ${odds.samples} deals (\xB1 ${pct(odds.error || 0)}).`;
  return h(
    "section",
    attrs,
    title,
    h(
      "p",
      { class: "bw-muted" },
      "Chance that each kid ends with the highest total (the Troublemaker), from what Alice has seen",
      trusted && trust !== null ? `; "trusting the talk" believes each statement with probability ${pct(trust)}.` : "."
    ),
    trust !== null ? trustSlider(trust, send) : null,
    rows,
    h("p", { class: "bw-why", "data-testid": "odds-sum" }, ODDS_SUM_NOTE),
    h("p", { class: "bw-odds-note" }, how, odds.warning ? ` ${odds.warning}` : "")
  );
}
function trustSlider(trust, send) {
  const out = h("output", { class: "bw-trust-value", "data-testid": "trust-value" }, pct(trust));
  const input = h("input", {
    type: "range",
    min: "0",
    max: "1",
    step: "0.05",
    value: String(trust),
    "aria-label": "Trust in what the kids say",
    "aria-valuetext": pct(trust),
    "data-testid": "trust",
    oninput: (e) => {
      out.textContent = pct(e.target.value);
    },
    onchange: (e) => send({ type: MSG.OPTION, name: "trust", value: Number(e.target.value) })
  });
  return h("label", { class: "bw-trust" }, "Trust in what the kids say: ", input, " ", out);
}
function finalPanel(view2, L) {
  if (!view2.over || !view2.roles) return null;
  const byKid = Object.fromEntries((view2.kids || []).map((k) => [k.kid, k]));
  const spots = ROLE_SPOTS.map(([key, id, title]) => {
    const kids = view2.roles[key] || [];
    return h(
      "div",
      { class: `bw-spot bw-spot-${id}`, "data-testid": `spot-${id}` },
      h("h4", {}, kids.length > 1 ? `${title}s` : title),
      kids.length ? kids.map(
        (kid) => h(
          "div",
          { class: "bw-tile" },
          kidChip(kid, L),
          h("span", { class: "bw-tile-score", "data-testid": `final-score-${kid}` }, ` ${(byKid[kid]?.cards || []).join(" + ")}${byKid[kid]?.cookies ? ` ${byKid[kid].sign || "+"}${byKid[kid].cookies}\u{1F36A}` : ""} = ${byKid[kid]?.score}`)
        )
      ) : h("p", { class: "bw-muted" }, "nobody")
    );
  });
  const right = (view2.roles.troublemakers || []).includes(view2.accused);
  return h(
    "section",
    { class: "bw-final", "aria-label": "The reveal", "data-testid": "final" },
    h("h3", {}, "The reveal"),
    h("div", { class: "bw-spots" }, spots),
    h("p", { class: `bw-accusation ${right ? "bw-right" : "bw-wrong"}`, "data-testid": "accusation" }, `Alice accused ${view2.accused}: ${right ? "right! Alice and the Tattletales win." : "wrong! The Troublemaker and the Sidekicks win."}`)
  );
}
function truthFor(view2, L) {
  const q = view2.pending || {};
  const r = q.round ?? view2.round;
  const lines = [];
  const mine = view2.my_cards || [];
  if (mine[r - 1] !== void 0) lines.push(`You played ${L.card(mine[r - 1])} in round ${r}.`);
  const peeks = (view2.peeks || []).filter((p) => p.round === r);
  if (peeks.length) for (const p of peeks) lines.push(`In round ${r} you looked at ${p.kid}'s card ${VIA[p.via] || ""}: ${L.card(p.value)}.`);
  else lines.push(`You looked at nobody's card in round ${r}.`);
  if (q.question === "ask_truth") {
    const said = view2.pending_said;
    lines.push(said ? `${q.about} said: \u201C${said}\u201D` : `${q.about} has said nothing about your card in round ${r}.`);
  }
  return h("div", { class: "bw-truth", "data-testid": "truth", "aria-label": "What you really know" }, h("h4", {}, "What you really know (only you see this)"), lines.map((t) => h("p", {}, t)));
}
function controlsPanel({ view: view2, legal, local, L, frame, replaying, names, content }) {
  const redraw = frame.redraw;
  const act = (action) => {
    if (!frame.act(action)) return;
    for (const k of Object.keys(local)) if (!k.startsWith("ask")) delete local[k];
  };
  const of = (type) => legal.filter((a) => a.type === type);
  const has = (type) => legal.some((a) => a.type === type);
  const phase = view2.phase;
  const prompt = h("p", { class: "bw-prompt", "data-testid": "prompt" });
  const body = [];
  const toAct = (view2.to_act || []).map((s) => names[s] ?? `Seat ${s + 1}`);
  let text;
  if (view2.over) text = "The game is over.";
  else if (replaying) text = "Replaying the game.";
  else if (!legal.length) text = `Waiting for ${toAct.join(", ") || "\u2026"}.`;
  if (legal.length) {
    if (has("reveal_snoops")) {
      text = `Round ${view2.round}: reveal the Snoop cards.`;
      body.push(button({ testid: "reveal-snoops", label: "Reveal the Snoop cards", text: "\u{1F0CF} Reveal the Snoop cards", cls: "bw-btn-primary", onclick: () => act({ type: "reveal_snoops" }) }));
    }
    if (has("request") || has("lights_out")) {
      text = "The kids play their cards. Ask a Snoop to look at a kid's card, or say lights out.";
      const bySnoop = /* @__PURE__ */ new Map();
      for (const a of of("request")) {
        if (!bySnoop.has(a.kid)) bySnoop.set(a.kid, []);
        bySnoop.get(a.kid).push(a);
      }
      for (const [snoop, acts] of bySnoop) {
        body.push(
          group(
            `Ask ${snoop} to look at`,
            null,
            h("span", { class: "bw-label" }, `Ask ${snoop} to snoop on: `),
            acts.map((a) => button({ testid: `request-${snoop}-${a.about}`, label: `Ask ${snoop} to look at ${a.about}'s card`, text: a.about, onclick: () => act(a) }))
          )
        );
      }
      if (has("lights_out")) body.push(button({ testid: "lights-out", label: "Lights out: the Snoops look", text: "\u{1F319} Lights out", cls: "bw-btn-primary", onclick: () => act({ type: "lights_out" }) }));
    }
    if (has("play")) {
      text = "Play a Mischief card face down.";
      const playable = new Set(of("play").map((a) => a.value));
      body.push(
        group(
          "Your hand",
          "hand",
          (view2.hand || []).map(
            (v, i) => button({
              testid: view2.hand.indexOf(v) === i ? `play-${v}` : null,
              // two cards of one value: one test id (legal lists values once)
              label: `Play ${L.card(v)}`,
              text: h("span", { class: "bw-hand-card" }, h("strong", {}, String(v)), ` ${L.cards[v] || ""}`),
              disabled: !playable.has(v),
              cls: `bw-hand${i > 0 && view2.hand[i - 1] === v ? " bw-dup" : ""}`,
              onclick: () => act({ type: "play", value: v })
            })
          )
        )
      );
    }
    if (has("peek")) {
      const why = { snoop: "Eyes closed: you are a Snoop. Look at one card.", cookie_peek: "Eyes closed: you have the Cookie. Look at one card.", help_peek: `Eyes closed: look at a card with ${L.token(view2.token)}.` };
      text = why[phase] || "Look at a card.";
      const req = (view2.requests || []).filter((r) => r.snoop === view2.me).map((r) => r.about);
      body.push(
        group(
          "Look at a card",
          null,
          of("peek").map(
            (a) => button({ testid: `peek-${a.kid}`, label: `Look at ${a.kid}'s card`, text: [`\u{1F440} ${a.kid}`, req.includes(a.kid) ? " (Alice asked)" : ""], onclick: () => act(a) })
          )
        )
      );
    }
    if (has("claim")) {
      text = "Say what a kid played this round (true or not), or pass.";
      const claims = of("claim");
      const kids = [...new Set(claims.map((a) => a.kid))];
      if (!kids.includes(local.claimKid)) local.claimKid = kids.includes(view2.me) ? view2.me : kids[0];
      const values = [...new Set(claims.filter((a) => a.kid === local.claimKid).map((a) => a.value))];
      if (!values.includes(local.claimValue)) local.claimValue = values[0];
      const pick = (k, v) => () => {
        local[k] = v;
        redraw();
      };
      body.push(
        group(
          "Claim",
          "claim",
          h("div", {}, h("span", { class: "bw-label" }, "Kid: "), kids.map((k) => choice({ testid: `claim-kid-${k}`, label: `Claim about ${k}`, text: k === view2.me ? `${k} (me)` : k, pressed: local.claimKid === k, onclick: pick("claimKid", k) }))),
          h("div", {}, h("span", { class: "bw-label" }, "played: "), values.map((v) => choice({ testid: `claim-value-${v}`, label: `played ${L.card(v)}`, text: String(v), pressed: local.claimValue === v, onclick: pick("claimValue", v) }))),
          button({ testid: "claim-send", label: "Say it", text: `Say: \u201C${local.claimKid === view2.me ? "I" : local.claimKid} played ${L.card(local.claimValue)}\u201D`, cls: "bw-btn-primary", onclick: () => act({ type: "claim", kid: local.claimKid, value: local.claimValue }) }),
          has("pass") ? button({ testid: "claim-pass", label: "Say nothing", text: "Pass", onclick: () => act({ type: "pass" }) }) : null
        )
      );
    }
    const asks = legal.filter((a) => ASK_KINDS.includes(a.type));
    if (asks.length || has("cookie") || has("end_round")) {
      text = phase === "final" ? "Ask final questions, then end the round." : "Ask the kids questions, then give one a Cookie.";
      if (asks.length) body.push(questionPanel(asks, view2, local, L, act, redraw));
      else if (phase === "talk" || phase === "final") body.push(h("p", { class: "bw-muted" }, "No more questions this round."));
      if (has("cookie"))
        body.push(group("Give a Cookie", null, h("span", { class: "bw-label" }, "Give a Cookie to: "), of("cookie").map((a) => button({ testid: `cookie-${a.kid}`, label: `Give ${a.kid} a Cookie`, text: `\u{1F36A} ${a.kid}`, onclick: () => act(a) }))));
      if (has("end_round")) body.push(button({ testid: "end-round", label: "End the round", text: "End the round \u25B6", cls: "bw-btn-primary", onclick: () => act({ type: "end_round" }) }));
    }
    if (has("use_token")) {
      text = "Spend a Help Token to look at cards?";
      body.push(h("p", { class: "bw-why" }, tokenHelp(content)));
      body.push(
        group(
          "Help Tokens",
          null,
          of("use_token").map((a) => button({ testid: `token-${a.token}`, label: `Spend ${L.token(a.token)}`, text: `Spend ${L.token(a.token)}`, onclick: () => act(a) })),
          has("pass") ? button({ testid: "token-pass", label: "Keep the tokens", text: "Keep them", onclick: () => act({ type: "pass" }) }) : null
        )
      );
    }
    if (has("expose")) {
      text = "Cousin Oliver: expose a card (turn it face up), or pass.";
      body.push(
        group(
          "Expose",
          null,
          of("expose").map((a) => button({ testid: `expose-${a.kid}`, label: `Expose ${a.kid}'s card`, text: `Flip ${a.kid}`, onclick: () => act(a) })),
          has("pass") ? button({ testid: "expose-pass", label: "Expose nothing", text: "Pass", onclick: () => act({ type: "pass" }) }) : null
        )
      );
    }
    if (has("sign")) {
      text = "Your Cookies: add (+) or subtract (\u2212) one point each, in secret.";
      body.push(
        group(
          "Cookie sign",
          null,
          legal.filter((a) => a.type === "sign").map((a) => button({ testid: a.plus ? "sign-plus" : "sign-minus", label: a.plus ? "Cookies add a point each" : "Cookies take a point each", text: a.plus ? "+ add" : "\u2212 subtract", onclick: () => act(a) }))
        )
      );
    }
    if (has("accuse")) {
      text = "Accuse the kid you think is the Troublemaker.";
      body.push(group("Accuse", null, of("accuse").map((a) => button({ testid: `accuse-${a.kid}`, label: `Accuse ${a.kid}`, text: `\u{1F449} ${a.kid}`, cls: "bw-btn-accuse", onclick: () => act(a) }))));
    }
    const says = legal.filter((a) => a.type.startsWith("say_"));
    if (says.length) {
      text = `Alice asks you: \u201C${questionText(view2.pending || {}, L)}\u201D`;
      body.push(answerPanel(says, view2, local, L, act, redraw));
    }
  }
  if (view2.pending && !answers(legal)) {
    body.push(h("p", { class: "bw-pending" }, `Alice asked ${view2.pending.kid}: \u201C${questionText(view2.pending, L)}\u201D`));
  }
  setText(prompt, text ?? "");
  return h("section", { class: "bw-controls", "aria-label": "Your move" }, prompt, body);
}
var answers = (legal) => legal.some((a) => a.type.startsWith("say_"));
function questionPanel(asks, view2, local, L, act, redraw) {
  const kinds = ASK_KINDS.filter((k) => asks.some((a) => a.type === k));
  if (!kinds.includes(local.askKind)) local.askKind = kinds[0];
  const ofKind = asks.filter((a) => a.type === local.askKind);
  const kids = [...new Set(ofKind.map((a) => a.kid))];
  if (!kids.includes(local.askKid)) local.askKid = kids[0];
  const ofKid = ofKind.filter((a) => a.kid === local.askKid);
  const abouts = [...new Set(ofKid.filter((a) => a.about !== void 0).map((a) => a.about))];
  if (abouts.length && !abouts.includes(local.askAbout)) local.askAbout = abouts[0];
  const ofAbout = abouts.length ? ofKid.filter((a) => a.about === local.askAbout) : ofKid;
  const rounds = [...new Set(ofAbout.filter((a) => a.round !== void 0).map((a) => a.round))];
  if (rounds.length && !rounds.includes(local.askRound)) local.askRound = rounds.includes(view2.round) ? view2.round : rounds[rounds.length - 1];
  const action = ofAbout.find((a) => a.round === void 0 || a.round === local.askRound);
  const pick = (k, v) => () => {
    local[k] = v;
    redraw();
  };
  const left = view2.max_questions === null || view2.max_questions === void 0 ? "" : ` (${view2.max_questions - view2.questions} left this round)`;
  return group(
    "Ask a question",
    "question",
    h("h3", {}, `Ask a question${left}`),
    // the panel's first heading under the title (h2): no level skipped
    h("div", { class: "bw-row" }, h("span", { class: "bw-label" }, "Question: "), kinds.map((k) => choice({ testid: `ask-kind-${k}`, label: askKindLabel(L, k), text: ASK_LABEL[k], pressed: local.askKind === k, onclick: pick("askKind", k) }))),
    h("div", { class: "bw-row" }, h("span", { class: "bw-label" }, "Ask: "), kids.map((k) => choice({ testid: `ask-kid-${k}`, label: `Ask ${k}`, text: kidChip(k, L), pressed: local.askKid === k, onclick: pick("askKid", k) }))),
    abouts.length ? h("div", { class: "bw-row" }, h("span", { class: "bw-label" }, "About: "), abouts.map((k) => choice({ testid: `ask-about-${k}`, label: `About ${k}`, text: k, pressed: local.askAbout === k, onclick: pick("askAbout", k) }))) : null,
    rounds.length ? h("div", { class: "bw-row" }, h("span", { class: "bw-label" }, "Round: "), rounds.map((r) => choice({ testid: `ask-round-${r}`, label: `Round ${r}`, text: String(r), pressed: local.askRound === r, onclick: pick("askRound", r) }))) : null,
    h(
      "div",
      { class: "bw-ask-row" },
      button({
        testid: "ask",
        label: action ? `Ask ${action.kid}: ${questionText(action, L)}` : "Ask",
        text: action ? `Ask ${action.kid}: \u201C${questionText(action, L)}\u201D` : "Ask",
        cls: "bw-btn-primary",
        disabled: !action,
        onclick: () => act(action)
      }),
      lastAnswer(view2, L)
    )
  );
}
function lastAnswer(view2, L) {
  const attrs = { class: "bw-last-answer", "data-testid": "last-answer", "aria-live": "polite" };
  if (view2.pending) return h("div", attrs, h("span", { class: "bw-muted" }, `Waiting for ${view2.pending.kid}'s answer\u2026`));
  const answer = [...view2.talk || []].reverse().find((st) => st.question);
  if (!answer) return h("div", attrs, h("span", { class: "bw-muted" }, "The answer shows here."));
  return h("div", attrs, h("span", { class: "bw-label" }, `Answer (round ${answer.round}): `), kidChip(answer.speaker, L), `: \u201C${answer.text}\u201D`);
}
function answerPanel(actions, view2, local, L, act, redraw) {
  const parts = [];
  const ofType = (t) => actions.filter((a) => a.type === t);
  if (ofType("say_card").length) parts.push(h("div", { class: "bw-row" }, h("span", { class: "bw-label" }, "I played: "), ofType("say_card").map((a) => button({ testid: `say-card-${a.value}`, label: `Say: I played ${L.card(a.value)}`, text: L.card(a.value), onclick: () => act(a) }))));
  const numbers = ofType("say_number");
  if (numbers.length) {
    const kids = [...new Set(numbers.map((a) => a.kid))];
    parts.push(
      h(
        "table",
        { class: "bw-number-grid", "aria-label": "I looked at \u2026 and it was \u2026" },
        kids.map(
          (k) => h(
            "tr",
            {},
            h("th", { scope: "row" }, `${k}: `),
            numbers.filter((a) => a.kid === k).map((a) => h("td", {}, button({ testid: `say-number-${k}-${a.value}`, label: `Say: I looked at ${k}'s card, it was ${a.value}`, text: String(a.value), cls: "bw-btn-small", onclick: () => act(a) })))
          )
        )
      )
    );
  }
  if (ofType("say_looked").length)
    parts.push(h("div", { class: "bw-row" }, h("span", { class: "bw-label" }, numbers.length ? "Or: " : "I looked at: "), ofType("say_looked").map((a) => button({ testid: `say-looked-${a.kid}`, label: a.kid === "nobody" ? "Say: I looked at nobody's card" : `Say: I looked at ${a.kid}'s card`, text: a.kid === "nobody" ? "nobody" : a.kid, onclick: () => act(a) }))));
  if (ofType("say_yes_no").length)
    parts.push(h("div", { class: "bw-row" }, ofType("say_yes_no").map((a) => button({ testid: a.yes ? "say-yes" : "say-no", label: a.yes ? "Say yes" : "Say no", text: a.yes ? "Yes" : "No", onclick: () => act(a) }))));
  if (ofType("say_suspect").length)
    parts.push(h("div", { class: "bw-row" }, h("span", { class: "bw-label" }, "The Troublemaker is: "), ofType("say_suspect").map((a) => button({ testid: `say-suspect-${a.kid}`, label: `Say: ${a.kid} is the Troublemaker`, text: a.kid, onclick: () => act(a) }))));
  return h("div", { class: "bw-answer-wrap" }, group("Your answer", "answer", parts), truthFor(view2, L));
}
var FOCUS_ORDER = [".bw-controls .bw-btn-primary:not([disabled])", ".bw-controls button:not([disabled])"];
var view_default = view({
  rootClass: "bw-brady",
  title: () => "The Brady Bunch Party Game",
  attrs: (t) => ({ "data-role": t.view.role || "public" }),
  setup,
  me,
  seat,
  panels,
  reset: (g) => {
    for (const k of Object.keys(g.local)) delete g.local[k];
  },
  focusOrder: FOCUS_ORDER
});
export {
  ODDS_SUM_NOTE,
  view_default as default,
  lastAnswer,
  questionText,
  seatRole,
  tokenHelp
};
