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
function setDisabled(el, disabled) {
  const d = Boolean(disabled);
  if (el.disabled !== d) el.disabled = d;
}
function setStyle(el, prop, value) {
  const v = String(value);
  if (el.style.getPropertyValue(prop) !== v) el.style.setProperty(prop, v);
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
function expandRows(type, keys, rows, prefix, out2) {
  const [key, ...rest] = keys;
  if (!Array.isArray(rows)) throw new TypeError(`legal: rows for ${JSON.stringify(keys)} must be a list`);
  if (rest.length === 0) {
    for (const value of rows) out2.push({ type, ...prefix, [key]: value });
    return;
  }
  for (const pair of rows) {
    if (!Array.isArray(pair) || pair.length !== 2) throw new TypeError(`legal: rows for ${JSON.stringify(keys)} must be [value, rows] pairs`);
    expandRows(type, rest, pair[1], { ...prefix, [key]: pair[0] }, out2);
  }
}
function expandLegal(groups) {
  const out2 = [];
  for (const g of groups || []) {
    const keys = g.keys || [];
    if (keys.length === 0) {
      for (let n = 0; n < Number(g.rows); n++) out2.push({ type: g.type });
    } else {
      expandRows(g.type, keys, g.rows, {}, out2);
    }
  }
  return out2;
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
function renderLoop({ model, el, root, logList, draw, setRedraw, focusOrder, onKey: onKey2 = null }) {
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
  const keyHandler = onKey2 ? (ev) => onKey2(ev, redraw) : null;
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
  const tick2 = () => {
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
      if (timer === null && every) timer = every(tick2, TICK_MS);
      tick2();
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
function mountView({ model, el, game: game2 }) {
  const root = h("div", { class: `bw-root ${game2.rootClass}` });
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
  const g = game2.setup(frame);
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
    F.hint = hasKeys && !t.touch ? game2.keyHint ? game2.keyHint(t) : defaultKeyHint(F.keys) : "";
    setAttr(root, "tabindex", hasKeys ? "0" : null);
    setAttr(root, "data-lm-suppress-shortcuts", hasKeys ? "true" : null);
    setAttr(root, "data-clock", t.clock.realtime ? clock.state : null);
    showKeys();
    if (F.lock && (F.lock.rev !== t.rev || F.lock.error !== JSON.stringify(error) || F.lock.seat !== t.seat)) F.lock = null;
    setAttr(root, "data-phase", view2.phase ?? null);
    setAttr(root, "data-seat", String(t.seat));
    setAttr(root, "data-curtain", curtain.up ? "up" : "down");
    setAttr(root, "data-reveal", String(Boolean(settings.reveal)));
    if (game2.attrs) for (const [name, value] of Object.entries(game2.attrs(t))) setAttr(root, name, value);
    setText(title2, game2.title(t));
    setText(me2, settings.reveal ? "Teacher view: every secret is shown." : game2.me(t, g));
    const { entries, more } = logPager.update(t.log, listContext(t), t.page);
    updateLog(logList, entries);
    setChildren(logSection, [logHead, more, logList]);
    const errorNode = F.error(JSON.stringify(error), () => errorBanner(error, send));
    const opts = { names, shown: t.seat, toAct: t.toAct, alive: t.alive };
    for (let s = 0; s < names.length; s++) {
      const [extraKey, buildExtra] = game2.seat ? game2.seat(t, g, s) : ["", () => null];
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
      if (game2.reset) game2.reset(g);
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
    const panels2 = game2.panels(t, g) || {};
    setChildren(top, [header, errorNode, seats, banner, start, bar, panels2.top || []]);
    setChildren(side, [panels2.side || [], logSection]);
    setChildren(main, [panels2.main || [], side]);
  };
  const focusOrder = [
    '[data-testid="lift-curtain"]',
    '[data-testid="start"]',
    ...game2.focusOrder || [],
    '[data-testid="replay-back"]:not([disabled])',
    '[data-testid="run-bots"]'
  ];
  const onKey2 = (ev) => {
    const type = F.keys && Object.prototype.hasOwnProperty.call(F.keys, ev.key) ? F.keys[ev.key] : null;
    const plain = !ev.ctrlKey && !ev.metaKey && !ev.altKey;
    if (type !== null && F.live && plain) {
      ev.preventDefault();
      ev.stopPropagation();
      const action = ev.repeat ? null : (F.legal || []).find((a) => a.type === type);
      if (action) frame.act(action, ev.timeStamp);
      return;
    }
    if (game2.onKey) game2.onKey(ev, g, frame);
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
    onKey: onKey2
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
function view(game2) {
  return { render: ({ model, el }) => mountView({ model, el, game: game2 }) };
}

// ../brady_widgets/big_brother/view.js
var SEAT_COLORS = ["#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00"];
var ICON = { confrontation: "\u2753", gossip: "\u{1F4AC}", camera: "\u{1F4F7}" };
var ROOM_ICON = {
  "Living Room": "\u{1F6CB}",
  Kitchen: "\u{1F373}",
  "Men's Bedroom": "\u{1F6CF}",
  Garden: "\u{1F33B}",
  "Diary Room": "\u{1F4D4}",
  "Toilet/Shower": "\u{1F6BF}",
  "Women's Bedroom": "\u{1F6CF}",
  Storeroom: "\u{1F4E6}"
};
var KIND_WORD = { confrontation: "Card", gossip: "Gossip", camera: "Camera" };
var TARGET_TYPES = ["vote", "choose", "gossip_card", "rank", "pay"];
var PURPOSE = { nominations: "Nominations", eviction: "Eviction vote", final: "Final vote", confrontation: "Confrontation" };
function loopCells(n) {
  const W = Math.max(3, Math.ceil((n + 4) / 4));
  const H = Math.max(3, Math.ceil((n - 2 * W) / 2) + 2);
  const cells = [];
  for (let c = 1; c <= W; c++) cells.push([1, c]);
  for (let r = 2; r < H; r++) cells.push([r, W]);
  for (let c = W; c >= 1; c--) cells.push([H, c]);
  for (let r = H - 1; r > 1; r--) cells.push([r, 1]);
  return { W, H, cells: cells.slice(0, n) };
}
function spaceWords(space) {
  const [kind, room] = space || [];
  if (kind === "room") return room;
  return kind === "confrontation" ? "Confrontation card" : kind === "gossip" ? "Gossip" : kind === "camera" ? "Camera" : String(kind);
}
function pct(p) {
  const x = Math.round((Number(p) || 0) * 1e3) / 10;
  return `${x}%`;
}
function shortPct(p) {
  const x = (Number(p) || 0) * 100;
  return x >= 9.95 ? `${Math.round(x)}%` : `${Math.round(x * 10) / 10}%`;
}
function setup(frame) {
  return {
    frame,
    boardShape: null,
    centreNode: h("div", { class: "bw-bb-centre" }),
    boxLine: h("p", { class: "bw-why", "data-testid": "box" }),
    diceP: null,
    card: keyed(),
    gossip: keyed(),
    nominees: keyed(),
    candidates: keyed(),
    count: keyed(),
    ranks: keyed(),
    sums: keyed(),
    landDiv: null,
    oddsNode: h("section", { class: "bw-bb-odds", "data-testid": "odds", "aria-label": "Odds" }),
    oddsHead: h("h3", {}, "Odds"),
    oddsNone: h("p", { class: "bw-why" }, "No odds on this screen."),
    teacher: keyed(),
    prompt: h("p", { class: "bw-prompt", "data-testid": "prompt", "aria-live": "polite" }),
    // the layout is built once and patched: a redraw that made new wrappers moved the
    // whole board and controls in the DOM (a style and layout pass) on every click
    house: h("div", { class: "bw-bb-house" }),
    left: h("div", { class: "bw-bb-left" }),
    controls: h("section", { class: "bw-bb-controls", "aria-label": "Your move" }),
    dice: h("div", { class: "bw-bb-row", role: "group", "aria-label": "Dice" }),
    gossipRow: keyed(),
    secret: keyed(),
    cams: keyed(),
    cardRow: null,
    seatExtras: [],
    // per seat: its node in the seat bar and the parts patched in it
    roll: null,
    countdown: null,
    timer: null
  };
}
function title(t) {
  return t.content && t.content.title || "Big Brother";
}
function me(t) {
  if (t.seat < 0) return "Public view: nobody's vote cards are shown.";
  const v = t.view;
  const held = (v.my_cards || []).reduce((a, b) => a + b, 0);
  const evicted = (v.evicted || []).includes(t.seat) && v.returned !== t.seat;
  return `You are ${t.nameOf(t.seat)} (tag ${t.seat + 1})${evicted ? ", evicted: you still vote" : ""}: ${held} vote card${held === 1 ? "" : "s"} in hand.`;
}
function out(v, s) {
  return (v.evicted || []).includes(s) && v.returned !== s;
}
function seat(t, g, s) {
  const v = t.view;
  const track = t.content.track || [];
  const pos = (v.positions || [])[s];
  const card = v.card;
  const voted = card ? (card.voted || []).includes(s) : false;
  const picked = v.gossip ? (v.gossip.picked || []).includes(s) : false;
  const cams = ((v.camera || {}).held || [])[s] || 0;
  const marks = [
    out(v, s) ? "evicted" : null,
    v.returned === s ? "returned" : null,
    v.shielded === s ? "\u{1F6BF} no votes this turn" : null,
    (v.nominees || []).includes(s) ? "nominated" : null,
    (v.candidates || []).includes(s) ? "in the final" : null,
    voted ? "\u2714 voted" : null,
    picked ? "\u2714 gossip card picked" : null,
    cams ? `\u{1F4F7} ${cams} camera card${cams === 1 ? "" : "s"}` : null
  ].filter(Boolean);
  const where = out(v, s) ? "out of the house" : typeof pos === "number" ? `${pos} ${spaceWords(track[pos])}` : "";
  const tag = t.content.tags ? t.content.tags[s] : null;
  const key = JSON.stringify([where, marks, tag]);
  const build = () => {
    let x = g.seatExtras[s];
    if (!x) {
      const color = SEAT_COLORS[s % SEAT_COLORS.length];
      x = g.seatExtras[s] = {
        node: h("div", { class: "bw-seat-extra bw-bb-seat" }),
        pawn: h("span", { class: "bw-bb-pawn", style: { background: color, color: inkFor(color) }, "aria-hidden": "true" }, String(s + 1)),
        // each with one text node from the start, as setText keeps it (even when empty)
        where: h("span", { class: "bw-bb-where" }, ""),
        tag: h("span", { class: "bw-bb-tag" }, ""),
        marks: h("div", { class: "bw-bb-marks" }, "")
      };
    }
    setText(x.where, where);
    if (tag) setText(x.tag, tag);
    if (marks.length) setText(x.marks, marks.join(" \xB7 "));
    setChildren(x.node, [x.pawn, x.where, tag ? x.tag : null, marks.length ? x.marks : null]);
    return x.node;
  };
  return [key, build];
}
function board(t, g) {
  const v = t.view;
  const track = t.content.track || [];
  const shape = JSON.stringify([track, t.content.rooms || {}]);
  if (g.boardShape !== shape) {
    g.boardShape = shape;
    const { W, H, cells } = loopCells(track.length);
    g.spaces = track.map((space, i) => makeSpace(t, space, i, cells[i]));
    g.spaceKeys = [];
    g.pawnKeys = [];
    g.pawnNodes = [];
    g.boardNode = h(
      "ol",
      { class: "bw-bb-board", "data-testid": "board", "aria-label": "The house: spaces clockwise from the Living Room", style: { "grid-template-columns": `repeat(${W}, 1fr)`, "grid-template-rows": `repeat(${H}, auto)` } },
      g.spaces.map((sp) => sp.li)
    );
  }
  const land = (v.odds || {}).land || null;
  const roll = v.last_roll;
  const pawns = {};
  (v.positions || []).forEach((p, s) => {
    if (typeof p === "number" && !out(v, s)) (pawns[p] = pawns[p] || []).push(s);
  });
  track.forEach((space, i) => {
    const here = pawns[i] || [];
    const p = land ? land[i] : null;
    const landed = Boolean(roll && roll.to === i);
    const who = here.map((s) => t.nameOf(s));
    const key = JSON.stringify([who, p, landed]);
    const pawnKey = JSON.stringify([here, here.includes(v.mover) ? v.mover : null]);
    if (g.spaceKeys[i] !== key) {
      g.spaceKeys[i] = key;
      patchSpace(g.spaces[i], i, { who, p, landed });
    }
    if (g.pawnKeys[i] !== pawnKey) {
      g.pawnKeys[i] = pawnKey;
      patchPawns(g, g.spaces[i], here, v.mover);
    }
  });
  return g.boardNode;
}
function makeSpace(t, space, i, [r, c]) {
  const [kind, room] = space;
  const words = spaceWords(space);
  const desc = kind === "room" ? (t.content.rooms || {})[room] || "" : "";
  const odds = h("span", { class: "bw-bb-sp-odds" });
  const head = h("span", { class: "bw-bb-sp-head", "aria-hidden": "true" }, h("span", { class: "bw-bb-sp-no" }, `${i}${kind === "room" ? ROOM_ICON[room] || "\u{1F3E0}" : ICON[kind] || ""}`));
  const pawns = h("span", { class: "bw-bb-pawns", "aria-hidden": "true" });
  const li = h(
    "li",
    { class: `bw-bb-space bw-bb-${kind}`, style: { "grid-row": String(r), "grid-column": String(c) }, "data-testid": `space-${i}`, "data-kind": kind, title: desc || words },
    head,
    // (a break may follow the slash of "Toilet/Shower": whole words on two lines)
    h("span", { class: "bw-bb-sp-name", "aria-hidden": "true" }, kind === "room" ? room.replace("/", "/\u200B") : KIND_WORD[kind] || kind)
  );
  return { li, head, odds, pawns, kind, words };
}
function patchSpace(sp, i, { who, p, landed }) {
  const { li } = sp;
  setClass(li, `bw-bb-space bw-bb-${sp.kind}${landed ? " bw-bb-landed" : ""}${p ? " bw-bb-reach" : ""}`);
  setStyle(li, "--bw-bb-p", String(p || 0));
  setAttr(li, "data-odds", p === null ? null : String(p));
  setAttr(li, "aria-label", `Space ${i}: ${sp.words}${who.length ? `; here: ${who.join(", ")}` : ""}${p !== null ? `; chance to land here this turn ${pct(p)}` : ""}`);
  if (p) setText(sp.odds, shortPct(p));
  setChildren(sp.head, [sp.head.firstChild, p ? sp.odds : null]);
}
function patchPawns(g, sp, here, mover) {
  for (const s of here) {
    const color = SEAT_COLORS[s % SEAT_COLORS.length];
    g.pawnNodes[s] = g.pawnNodes[s] || h("span", { class: "bw-bb-pawn", "data-testid": `pawn-${s}`, style: { background: color, color: inkFor(color) } }, String(s + 1));
    setClass(g.pawnNodes[s], `bw-bb-pawn${s === mover ? " bw-bb-moving" : ""}`);
  }
  setChildren(sp.pawns, here.map((s) => g.pawnNodes[s]));
  setChildren(sp.li, [sp.li.firstChild, sp.li.children[1], here.length ? sp.pawns : null]);
}
var FACES = ["", "\u2680", "\u2681", "\u2682", "\u2683", "\u2684", "\u2685"];
function diceNode(t, g) {
  const roll = t.view.last_roll;
  if (!g.diceP) {
    g.diceP = h("p", { class: "bw-bb-dice", "data-testid": "dice" });
    g.diceNone = document.createTextNode("No roll yet.");
    g.diceFaces = h("span", { class: "bw-bb-faces", "aria-hidden": "true" }, "");
    g.diceText = document.createTextNode("");
  }
  if (!roll) {
    setAttr(g.diceP, "aria-label", null);
    setChildren(g.diceP, [g.diceNone]);
    return g.diceP;
  }
  const [a, b] = roll.dice;
  setAttr(g.diceP, "aria-label", `${t.nameOf(roll.seat)} rolled ${a} and ${b}: ${a + b}`);
  setText(g.diceFaces, `${FACES[a]}${FACES[b]}`);
  const text = ` ${t.nameOf(roll.seat)}: ${a} + ${b} = ${a + b}`;
  if (g.diceText.data !== text) g.diceText.data = text;
  setChildren(g.diceP, [g.diceFaces, g.diceText]);
  return g.diceP;
}
function cardNode(t, g) {
  const c = t.view.card;
  if (!c) return null;
  const purpose = PURPOSE[c.purpose] || "Question";
  const n = c.purpose === "eviction" || c.purpose === "final" ? ` (question ${c.number} of 3${c.extra ? `, extra card ${c.extra}` : ""})` : "";
  g.cardVoted = h("p", { class: "bw-why" }, votedLine(t));
  return h(
    "section",
    { class: `bw-bb-card bw-bb-sign${c.sign === "+" ? "plus" : "minus"}`, "data-testid": "card", "data-sign": c.sign, "aria-label": `${purpose}${n}` },
    h("h4", {}, `${purpose}${n}`),
    h("p", { class: "bw-bb-situation" }, c.situation),
    h("p", { class: "bw-bb-question" }, h("strong", {}, c.sign === "+" ? "(+) " : "(\u2212) "), c.question),
    g.cardVoted
  );
}
function votedLine(t) {
  const c = t.view.card;
  return `${(c.voted || []).length} voted \xB7 may receive votes: ${(c.targets || []).map((s) => t.nameOf(s)).join(", ")}`;
}
function gossipNode(t, g) {
  const gos = t.view.gossip;
  if (!gos) return null;
  const [a, b] = gos.dice;
  const mine = t.view.my_choice && t.view.my_choice.gossip_card !== void 0 ? t.view.my_choice.gossip_card : null;
  g.countdown = h("span", { class: "bw-bb-count", "data-testid": "gossip-countdown", role: "timer", "aria-live": "off" }, "");
  return h(
    "section",
    { class: "bw-bb-gossip", "data-testid": "gossip", "aria-label": "Gossip" },
    h("h4", {}, `\u{1F4AC} Gossip: ${t.nameOf(gos.lander)} and ${t.nameOf(gos.partner)}`),
    h("p", {}, `Dice ${a} and ${b}, ${gos.side === "+" ? "nice" : "not so nice"} side: who is `, h("strong", {}, `\u201C${gos.word}\u201D`), "?"),
    h("p", {}, `Picked: ${(gos.picked || []).length} of 2 \xB7 time left: `, g.countdown),
    mine !== null ? h("p", { "data-testid": "my-gossip-card" }, `Your card: ${mine + 1} (${t.nameOf(mine)})`) : null
  );
}
function tick(g) {
  const t = g.last;
  const node = g.countdown;
  const gos = t && t.view.gossip;
  const gone = Boolean(node) && !node.isConnected && g.countdownShown === node;
  if (!node || !gos || gone) {
    if (g.timer !== null) clearInterval(g.timer);
    g.timer = null;
    return;
  }
  if (node.isConnected) g.countdownShown = node;
  const now = g.frame.clock.stamp();
  const left = now === null ? null : Math.max(0, gos.deadline - now);
  setText(node, left === null ? "\u2026" : `${(left / 1e3).toFixed(1)} s`);
  setAttr(node, "data-left", left === null ? null : String(Math.round(left)));
}
function countNode(t) {
  const c = t.view.count;
  if (!c) return null;
  const totals = c.totals || [];
  const among = c.among || [];
  const top = Math.max(...among.map((s) => totals[s] || 0));
  const low = Math.min(...among.map((s) => totals[s] || 0));
  return h(
    "section",
    { class: "bw-bb-countbox", "data-testid": "tally", "aria-label": `Last count: ${PURPOSE[c.purpose] || c.purpose}` },
    h("h4", {}, `\u{1F5F3} Count: ${PURPOSE[c.purpose] || c.purpose}, round ${c.round}${c.extra ? ` (${c.extra} extra)` : ""}`),
    h(
      "ul",
      { class: "bw-bb-totals" },
      among.map((s) => {
        const n = totals[s] || 0;
        const mark = c.purpose === "nominations" ? n === low ? " \u25C0 fewest" : "" : n === top ? c.purpose === "final" ? " \u2605 most" : " \u25C0 most" : "";
        return h("li", { "data-testid": `total-${s}` }, `${t.nameOf(s)}: ${n} vote${n === 1 ? "" : "s"}${mark}`);
      })
    ),
    boxDetails(t, c.box || [])
  );
}
function boxDetails(t, box) {
  const rows = box.map((row, owner) => {
    const given = row.map((n, to) => n ? `${t.nameOf(to)}${n > 1 ? ` \xD7${n}` : ""}` : null).filter(Boolean);
    return given.length ? h("li", {}, `${t.nameOf(owner)} \u2192 ${given.join(", ")}`) : null;
  }).filter(Boolean);
  if (!rows.length) return null;
  return h("details", { class: "bw-bb-boxcards", "data-testid": "box-cards" }, h("summary", {}, "Every card shown"), h("ul", {}, rows));
}
function ranksNode(t) {
  const v = t.view;
  if (!v.ranks) return null;
  const rows = Object.entries(v.ranks).map(([s, order]) => h("li", {}, `${t.nameOf(Number(s))}: ${order.map((x) => t.nameOf(x)).join(", ")}`));
  return h(
    "section",
    { class: "bw-bb-ranks", "data-testid": "ranks", "aria-label": "The return" },
    h("h4", {}, v.returned !== null && v.returned !== void 0 ? `\u21A9 ${t.nameOf(v.returned)} returns: the rankings` : "The rankings"),
    h("ul", {}, rows)
  );
}
function centre(t, g) {
  const v = t.view;
  const names = t.names;
  const nominees = v.nominees && v.nominees.length ? v.nominees : null;
  const candidates = v.candidates && v.candidates.length ? v.candidates : null;
  const ranked = v.phase === "final_vote" || v.phase === "over";
  const { voted, targets, ...read } = v.card || {};
  const card = g.card(JSON.stringify([v.card ? read : null, names]), () => cardNode(t, g));
  if (card) setText(g.cardVoted, votedLine(t));
  setText(g.boxLine, `Ballot box: ${v.box_count || 0} card${v.box_count === 1 ? "" : "s"} \xB7 questions read: ${v.cards_read || 0}`);
  setChildren(g.centreNode, [
    diceNode(t, g),
    card,
    g.gossip(JSON.stringify([v.gossip ?? null, v.my_choice ?? null, names]), () => gossipNode(t, g)),
    g.nominees(JSON.stringify([nominees, names]), () => nominees ? h("p", { "data-testid": "nominees" }, `Nominated: ${nominees.map((s) => t.nameOf(s)).join(", ")}`) : null),
    g.candidates(JSON.stringify([candidates, names]), () => candidates ? h("p", { "data-testid": "candidates" }, `Final: ${candidates.map((s) => t.nameOf(s)).join(", ")}`) : null),
    g.count(JSON.stringify([v.count ?? null, names]), () => countNode(t)),
    g.ranks(JSON.stringify([ranked, v.ranks ?? null, v.returned ?? null, names]), () => ranked ? ranksNode(t) : null),
    g.boxLine
  ]);
  return g.centreNode;
}
function targetVerb(type) {
  return type === "vote" ? "Vote with card" : type === "choose" ? "Name" : type === "gossip_card" ? "Gossip card" : type === "pay" ? "Pay with card" : "Rank next";
}
function controls(t, g) {
  const v = t.view;
  const legal = t.legal;
  const act = (a) => g.frame.act(a);
  const can = (type) => legal.some((a) => a.type === type);
  if (!g.roll) {
    g.roll = liveButton({ testid: "roll", label: "Roll the dice (R)", text: "\u{1F3B2} Roll (R)", cls: "bw-btn-primary", onclick: () => act({ type: "roll" }) });
    setChildren(g.dice, [g.roll]);
  }
  setDisabled(g.roll, !can("roll"));
  setAttr(g.roll, "aria-label", t.touch ? "Roll the dice" : "Roll the dice (R)");
  setText(g.roll, t.touch ? "\u{1F3B2} Roll" : "\u{1F3B2} Roll (R)");
  setText(g.prompt, promptText(t));
  const gossip = legal.filter((a) => a.type === "gossip");
  const claims = legal.filter((a) => a.type === "claim");
  setChildren(g.controls, [
    g.prompt,
    g.dice,
    g.gossipRow(JSON.stringify([gossip, t.names]), () => gossipRow(t, g, gossip)),
    t.seat >= 0 ? cardRow(t, g) : null,
    g.secret(JSON.stringify([v.my_choice ?? null, t.names]), () => secretLine(t)),
    g.cams(JSON.stringify([v.my_camera ?? null, claims, t.names]), () => cameraList(t, g, claims))
  ]);
}
function gossipRow(t, g, gossip) {
  if (!gossip.length) return null;
  const buttons = gossip.map(
    (a) => button({
      testid: `gossip-${a.partner}-${a.side === "+" ? "plus" : "minus"}`,
      label: `Gossip with ${t.nameOf(a.partner)}, ${a.side === "+" ? "nice" : "not so nice"} side`,
      text: `\u{1F4AC} ${t.nameOf(a.partner)} ${a.side === "+" ? "(+)" : "(\u2212)"}`,
      onclick: () => g.frame.act(a)
    })
  );
  return h("div", { class: "bw-bb-row", role: "group", "aria-label": "Gossip with", "data-testid": "gossip-pick" }, buttons);
}
function cardRow(t, g) {
  const v = t.view;
  const mine = v.my_cards || [];
  const targets = t.legal.filter((a) => TARGET_TYPES.includes(a.type));
  const type = targets.length ? targets[0].type : "vote";
  if (!g.cardRow) {
    g.cardRow = h("div", { class: "bw-bb-row bw-bb-cards", role: "group", "data-testid": "vote-cards" });
    g.cardButtons = [];
    g.cardActs = [];
  }
  const shown = [];
  for (let s = 0; s < (v.players || 0); s++) {
    const a = targets.find((x) => x.target === s) || null;
    const n = mine[s] || 0;
    g.cardActs[s] = a;
    if (s === t.seat || !a && !n && (type === "vote" || type === "pay")) continue;
    const b = g.cardButtons[s] || (g.cardButtons[s] = cardButton(g, s));
    setAttr(b, "data-testid", a ? `${a.type === "gossip_card" ? "gcard" : a.type}-${s}` : `card-${s}`);
    const count = type === "vote" || type === "gossip_card" || type === "pay" ? `, ${n} left` : `, ${n} vote card${n === 1 ? "" : "s"}`;
    setAttr(b, "aria-label", `${targetVerb(a ? a.type : type)} ${s + 1}: ${t.nameOf(s)}${count}${t.touch ? "" : ` (key ${s + 1})`}`);
    setDisabled(b, !a);
    b.childNodes[1].data = ` ${t.nameOf(s)}`;
    setText(b.childNodes[2], ` \xD7${n}`);
    shown.push(b);
  }
  setAttr(g.cardRow, "aria-label", targets.length ? targetVerb(type) : "Your vote cards");
  setChildren(g.cardRow, shown);
  return g.cardRow;
}
function cardButton(g, s) {
  const color = SEAT_COLORS[s % SEAT_COLORS.length];
  const b = button({
    label: "",
    text: [h("span", { class: "bw-bb-pawn", style: { background: color, color: inkFor(color) }, "aria-hidden": "true" }, String(s + 1)), " ", h("span", { class: "bw-bb-left" }, "")],
    cls: "bw-bb-votecard",
    // the action is read at the click: the button stays while what it does changes
    onclick: () => !b.disabled && g.cardActs[s] && g.frame.act(g.cardActs[s])
  });
  return b;
}
function secretLine(t) {
  const choice = t.view.my_choice;
  if (choice && choice.vote !== void 0) return h("p", { "data-testid": "my-vote" }, `Your secret vote: card ${choice.vote + 1} (${t.nameOf(choice.vote)})`);
  if (choice && choice.rank) return h("p", { "data-testid": "my-rank" }, `Your ranking: ${choice.rank.map((s) => t.nameOf(s)).join(", ")}`);
  return null;
}
function cameraList(t, g, claims) {
  const cams = (t.view.my_camera || []).map(
    (c) => h(
      "li",
      { "data-testid": `camera-${c.card}` },
      `\u{1F4F7} ${c.text} `,
      c.caught_this_round ? h("span", { class: "bw-bb-left", "data-testid": `camera-${c.card}-used` }, "(caught someone this round: it catches again next round) ") : null,
      (c.claimable || []).map((s) => {
        const a = claims.find((x) => x.card === c.card && x.culprit === s);
        return button({ testid: `claim-${c.card}-${s}`, label: `Claim: ${t.nameOf(s)} was caught (${c.text})`, text: `Caught ${t.nameOf(s)}!`, cls: "bw-bb-claim", disabled: !a, onclick: () => g.frame.act(a) });
      })
    )
  );
  return cams.length ? h("ul", { class: "bw-bb-cams", "aria-label": "Your camera cards" }, cams) : null;
}
function promptText(t) {
  const v = t.view;
  if (v.over) {
    const won = (v.winners || []).map((s) => t.nameOf(s));
    return won.length ? `${won.join(" and ")} ${won.length === 1 ? "wins" : "win"} Big Brother!` : "The game is over.";
  }
  if (t.replaying) return "Replaying the game.";
  const legal = t.legal;
  const types = new Set(legal.map((a) => a.type));
  const keys = t.touch ? "" : " (keys 1-6)";
  if (types.has("roll")) return t.touch ? "Your turn: tap Roll." : "Your turn: roll the dice (R).";
  if (types.has("gossip")) return `Gossip: ${t.touch ? "tap" : "pick"} a housemate and a side of the gossip table.`;
  if (types.has("gossip_card")) return `${t.touch ? "Tap" : "Pick"} your secret gossip card before the time runs out${keys}.`;
  if (types.has("vote")) return `${t.touch ? "Tap one of your cards to vote in secret" : "Vote in secret with one of your cards"}${keys}. ${v.card ? v.card.question : ""}`;
  if (types.has("choose")) return v.prompt || `${t.touch ? "Tap" : "Choose"} a housemate${keys}.`;
  if (types.has("rank")) return `Rank the evicted housemates, best first${t.touch ? ": tap them in order" : keys}.`;
  if (types.has("pay")) {
    const p = v.paying || {};
    return `You owe ${t.nameOf(p.target)} a vote card but have none left: ${t.touch ? "tap" : "choose"} another card to put in the box${keys}.`;
  }
  if (types.has("claim")) return `Caught on camera! Claim your card. ${v.prompt || ""}`;
  return v.prompt || "Waiting\u2026";
}
function oddsPanel(t, g) {
  const o = t.view.odds;
  if (!o) {
    setChildren(g.oddsNode, [g.oddsHead, g.oddsNone]);
    return g.oddsNode;
  }
  const sums = g.sums(JSON.stringify(o.sums || []), () => sumsChart(o.sums || []));
  const land = landNode(t, g, o);
  setChildren(g.oddsNode, [g.oddsHead, sums, land]);
  return g.oddsNode;
}
function sumsChart(sums) {
  const max = Math.max(...sums, 1);
  const bars = sums.map(
    (n, i) => h(
      "li",
      { class: "bw-bb-sum", "aria-label": `sum ${i + 2}: ${n} of 36` },
      h("span", { class: "bw-bb-sumbar", style: { height: `${Math.round(n / max * 40)}px` }, "aria-hidden": "true" }),
      h("span", { class: "bw-bb-sumlabel", "aria-hidden": "true" }, String(i + 2))
    )
  );
  return [h("p", { class: "bw-why" }, "Sum of two dice (ways out of 36): 7 is six times as likely as 2."), h("ol", { class: "bw-bb-sums", "data-testid": "odds-sums" }, bars)];
}
function landNode(t, g, o) {
  const land = o.land;
  if (!g.landDiv) {
    g.landNone = h("p", { class: "bw-why" }, "The board shows where the mover may land while a turn is on.");
    g.landLead = document.createTextNode("");
    g.landRolls = h("strong", { "data-testid": "odds-rolls" }, "");
    g.landOl = h("ol", { class: "bw-bb-best" });
    g.landLis = [];
    g.landDiv = h("div", { "data-testid": "odds-land" }, h("p", {}, g.landLead, g.landRolls, " rolls left this turn. Most likely:"), g.landOl);
  }
  if (!land) return g.landNone;
  const track = t.content.track || [];
  const best = land.map((p, i) => [p, i]).filter(([p]) => p > 0).sort((a, b) => b[0] - a[0] || a[1] - b[1]).slice(0, 4);
  const lead = `${t.nameOf(o.mover)} moves on from space ${o.start}; about `;
  if (g.landLead.data !== lead) g.landLead.data = lead;
  setText(g.landRolls, String(o.rolls));
  const items = best.map(([p, i], k) => {
    const li = g.landLis[k] || (g.landLis[k] = h("li", {}, ""));
    setText(li, `${i} ${spaceWords(track[i])}: ${pct(p)}`);
    return li;
  });
  setChildren(g.landOl, items);
  return g.landDiv;
}
function teacherPanel(t) {
  const v = t.view;
  if (!t.settings.reveal || !v.hands) return null;
  const ballot = v.ballot || {};
  const rows = Object.entries(ballot).map(([s, target]) => h("li", {}, `${t.nameOf(Number(s))} \u2192 ${t.nameOf(target)}`));
  return h(
    "section",
    { class: "bw-bb-teacher", "data-testid": "teacher-ballot", "aria-label": "Secret votes (teacher)" },
    h("h3", {}, "Secret votes of this question"),
    rows.length ? h("ul", {}, rows) : h("p", { class: "bw-why" }, "None yet.")
  );
}
function panels(t, g) {
  g.last = t;
  const v = t.view;
  const c = centre(t, g);
  if (v.gossip && g.timer === null) g.timer = setInterval(() => tick(g), 100);
  tick(g);
  setChildren(g.house, [board(t, g), c]);
  controls(t, g);
  setChildren(g.left, [g.house, g.controls]);
  const odds = oddsPanel(t, g);
  const teach = g.teacher(JSON.stringify([t.settings.reveal, v.ballot ?? null, t.names]), () => teacherPanel(t));
  return {
    main: [g.left],
    side: [odds, teach]
  };
}
function onKey(ev, g, frame) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.repeat) return;
  const t = g.last;
  if (!t || t.view.over || t.replaying || t.curtain.up) return;
  if (!/^[1-9]$/.test(ev.key)) return;
  const target = Number(ev.key) - 1;
  const a = t.legal.find((x) => TARGET_TYPES.includes(x.type) && x.target === target);
  if (a) {
    ev.preventDefault();
    frame.act(a, ev.timeStamp);
  }
}
var game = {
  rootClass: "bw-big-brother",
  title,
  setup,
  me,
  seat,
  panels,
  focusOrder: ['[data-testid="roll"]:not([disabled])', '[data-testid^="pay-"]:not([disabled])', '[data-testid^="vote-"]:not([disabled])', '[data-testid^="gossip-"]:not([disabled])', '[data-testid^="choose-"]:not([disabled])', '[data-testid^="rank-"]:not([disabled])', '[data-testid^="gcard-"]:not([disabled])'],
  onKey
};
var view_default = view(game);
export {
  SEAT_COLORS,
  TARGET_TYPES,
  view_default as default,
  loopCells,
  shortPct,
  spaceWords
};
