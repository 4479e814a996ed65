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
  const pct = Math.round(Math.max(0, Math.min(1, Number(p) || 0)) * 1e3) / 10;
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
        "aria-valuenow": String(pct),
        "aria-label": `${label}: ${pct}%`
      },
      h("span", { class: "bw-bar-fill", style: { width: `${pct}%` } })
    ),
    h("span", { class: "bw-bar-value" }, `${pct}%`)
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
function updateBar(el, label, p) {
  const pct = Math.round(Math.max(0, Math.min(1, Number(p) || 0)) * 1e3) / 10;
  const [labelEl, track, value] = el.children;
  setText(labelEl, label);
  setAttr(track, "aria-valuenow", String(pct));
  setAttr(track, "aria-label", `${label}: ${pct}%`);
  setStyle(track.firstElementChild, "width", `${pct}%`);
  setText(value, `${pct}%`);
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

// ../brady_widgets/costume_party/view.js
var AREA = { blue: "blue", yellow: "yellow", red: "red", green: "green", hall: "hall" };
var PATTERN_NAME = { blue: "stripes", yellow: "dots", red: "checks", green: "waves", hall: "plain" };
var FACE_SYMBOL = { blue: "\u25B2", yellow: "\u25CF", red: "\u25A0", green: "\u25C6", hall: "\u25CB", black: "\u2617" };
function labels(content) {
  const rooms = {};
  for (const r of content.rooms || []) rooms[r.id] = r;
  const figures = content.figures || [];
  const fig = (id) => {
    const f = figures[id];
    return f ? `${f.name} the ${f.costume}` : `Figure ${id}`;
  };
  const emoji = (id) => figures[id] ? figures[id].emoji : "?";
  const room = (id) => rooms[id] ? rooms[id].name : id;
  return { rooms, fig, emoji, room, order: (content.rooms || []).map((r) => r.id) };
}
function lastRoller(view2, log) {
  if ((view2.phase === "move" || view2.phase === "black") && (view2.to_act || []).length) return view2.to_act[0];
  for (let i = log.length - 1; i >= 0; i--) if (log[i].type === "roll" && typeof log[i].seat === "number") return log[i].seat;
  return null;
}
function blackReasons({ canDraw, kills, mine, deckCount, faceUp, fig }) {
  const out = { draw: null, kill: null };
  if (!canDraw) {
    out.draw = deckCount === 0 ? "You cannot draw: the deck is empty, so you must kill." : `You cannot draw: you already hold ${faceUp} face-up cards (the most allowed), so you must kill.`;
  }
  if (mine !== null && mine !== void 0) {
    if (kills.length === 1 && kills[0] === mine)
      out.kill = `Your ${fig(mine)} is alone in its room, so the only figure you can kill is yourself.`;
    else if (kills.length && !kills.includes(mine))
      out.kill = "You may kill any other figure in your character's room (not yourself: you are not alone).";
  }
  return out;
}
function faceText(face, L) {
  if (!face) return "none yet";
  return face === "black" ? "black" : `${face} (${L.room(face)})`;
}
function setup(frame) {
  return {
    frame,
    local: { selected: null },
    // view-only state: the selected figure
    board: h("div", { class: "bw-board", role: "group", "aria-label": "The party: five rooms" }),
    left: h("div", { class: "bw-left" }),
    // the controls above the board: the main action stays in view
    keys: {},
    // section -> the JSON of the inputs it was last drawn from
    cache: null,
    // per-content caches (rooms, figures, controls, odds): see `caches`
    table: keyed()
  };
}
function prepare(t, g) {
  const contentKey = JSON.stringify([t.content, t.names]);
  if (changed(g, "content", contentKey) || !g.cache) {
    g.cache = caches();
    g.L = labels(t.content);
    g.keys = { content: contentKey };
  }
  return g.L;
}
function me(t, g) {
  const L = prepare(t, g);
  const mine = t.view.my_character;
  if (mine !== null && mine !== void 0) return `You are ${L.emoji(mine)} ${L.fig(mine)} (${t.nameOf(t.seat)}).`;
  return "Public view: nobody's secrets are shown.";
}
function seat(t, g, s) {
  const L = prepare(t, g);
  const { view: view2, nameOf } = t;
  const revealed = view2.revealed || [];
  const faceUp = view2.face_up || [];
  const secrets = view2.secrets || null;
  const key = JSON.stringify([g.keys.content, revealed[s] ?? null, secrets ? secrets[s] : null, faceUp[s] || []]);
  const build = () => h(
    "div",
    { class: "bw-seat-extra" },
    revealed[s] !== null && revealed[s] !== void 0 ? h("div", { class: "bw-seat-revealed" }, `was ${L.emoji(revealed[s])} ${L.fig(revealed[s])}`) : secrets ? h("div", { class: "bw-seat-secret" }, `secretly ${L.emoji(secrets[s])} ${L.fig(secrets[s])}`) : null,
    (faceUp[s] || []).length ? h(
      "div",
      { class: "bw-cards", "aria-label": `${nameOf(s)}'s face-up cards` },
      (faceUp[s] || []).map((c) => h("span", { class: "bw-card", title: L.fig(c) }, `${L.emoji(c)} ${L.fig(c)}`))
    ) : null
  );
  return [key, build];
}
function caches() {
  return { seatItems: [], seatKeys: [], rooms: /* @__PURE__ */ new Map(), figures: /* @__PURE__ */ new Map(), controls: null, kills: /* @__PURE__ */ new Map(), odds: null };
}
function changed(g, section, key) {
  if (g.keys[section] === key) return false;
  g.keys[section] = key;
  return true;
}
function panels(t, g) {
  const { board, local, frame, left } = g;
  const { view: view2, legal, replay, nameOf } = t;
  const L = prepare(t, g);
  const C = g.cache;
  const phase = view2.phase || "roll";
  const moves = legal.filter((a) => a.type === "move");
  const movable = new Set(moves.map((a) => a.figure));
  if (local.selected !== null && !movable.has(local.selected)) local.selected = null;
  const targets = new Set(moves.filter((a) => a.figure === local.selected).map((a) => a.to));
  const kills = legal.filter((a) => a.type === "kill").map((a) => a.figure);
  const canDraw = legal.some((a) => a.type === "draw");
  const canRoll = legal.some((a) => a.type === "roll");
  const act = (action) => {
    local.selected = null;
    frame.act(action);
  };
  const redraw = frame.redraw;
  const toAct = view2.to_act || [];
  const mine = view2.my_character;
  const secrets = view2.secrets || null;
  const myTurn = legal.length > 0;
  let prompt;
  if (view2.over) prompt = "The game is over.";
  else if (replay.active && replay.step < replay.length) prompt = "Replaying the game.";
  else if (!myTurn) prompt = `Waiting for ${toAct.map(nameOf).join(", ") || "\u2026"}.`;
  else if (phase === "roll") prompt = "Your turn: roll the die.";
  else if (phase === "move")
    prompt = local.selected === null ? `You rolled ${faceText(view2.last_roll, L)}: pick a highlighted figure, then a room.` : `Move ${L.fig(local.selected)}: pick a highlighted room.`;
  else if (phase === "black")
    prompt = canDraw ? "You rolled black: kill a figure in your character's room, or draw a card." : "You rolled black: you must kill a figure in your character's room.";
  else prompt = "";
  if (!C.controls) {
    const k = {};
    k.prompt = h("p", { class: "bw-prompt", "data-testid": "prompt" });
    k.roll = liveButton({
      testid: "roll",
      label: "Roll the die",
      text: "\u{1F3B2} Roll",
      cls: "bw-btn-primary",
      onclick: () => act({ type: "roll" })
    });
    k.chip = h("span", { class: "bw-face-chip", "aria-hidden": "true" });
    k.lastText = document.createTextNode("");
    k.last = h("span", { "data-testid": "last-roll" });
    k.die = h("div", { class: "bw-die" });
    k.draw = liveButton({ testid: "draw", label: "Draw", text: "", onclick: () => act({ type: "draw" }) });
    k.black = h("div", { class: "bw-black", role: "group", "aria-label": "Black: kill or draw" });
    k.whyDraw = h("p", { class: "bw-why", "data-testid": "why-draw" });
    k.whyKill = h("p", { class: "bw-why", "data-testid": "why-kill" });
    k.section = h("section", { class: "bw-controls", "aria-label": "Your move" }, k.prompt, k.die);
    C.controls = k;
  }
  const K = C.controls;
  setText(K.prompt, prompt);
  setDisabled(K.roll, !canRoll);
  const face = view2.last_roll;
  setClass(K.last, `bw-last-roll bw-face-${face || "none"}`);
  setAttr(K.last, "data-face", face || "");
  if (face) setText(K.chip, FACE_SYMBOL[face] || "?");
  const roller = face ? lastRoller(view2, t.log) : null;
  const lastText = `Last roll: ${faceText(face, L)}${roller === null ? "" : ` (${roller === t.seat ? "you" : nameOf(roller)})`}`;
  if (K.lastText.data !== lastText) K.lastText.data = lastText;
  setChildren(K.last, [face ? K.chip : null, K.lastText]);
  setChildren(K.die, [K.roll, K.last]);
  const showBlack = phase === "black" && myTurn;
  if (showBlack) {
    const killButtons = kills.map((f) => {
      const label = f === mine ? `Kill ${L.fig(f)} (yourself: you are alone)` : `Kill ${L.fig(f)}`;
      let b = C.kills.get(f);
      if (!b || b.getAttribute("aria-label") !== label) {
        b = button({
          testid: `kill-${f}`,
          label,
          text: `\u{1F5E1} Kill ${L.emoji(f)} ${L.fig(f)}${f === mine ? " (yourself)" : ""}`,
          cls: "bw-btn-kill",
          onclick: () => act({ type: "kill", figure: f })
        });
        C.kills.set(f, b);
      }
      return b;
    });
    const why = blackReasons({
      canDraw,
      kills,
      mine,
      deckCount: view2.deck_count ?? 0,
      faceUp: ((view2.face_up || [])[t.seat] || []).length,
      fig: L.fig
    });
    setAttr(K.draw, "aria-label", canDraw ? "Draw the top character card" : `Draw (not allowed). ${why.draw}`);
    setText(K.draw, `\u{1F0CF} Draw a card (${view2.deck_count ?? 0} left)`);
    setDisabled(K.draw, !canDraw);
    setText(K.whyDraw, why.draw || "");
    setText(K.whyKill, why.kill || "");
    setChildren(K.black, [killButtons, K.draw]);
    setChildren(K.section, [K.prompt, K.die, K.black, why.kill ? K.whyKill : null, why.draw ? K.whyDraw : null]);
  } else {
    setChildren(K.section, [K.prompt, K.die]);
  }
  const rooms = view2.rooms || {};
  const adjacency = view2.adjacency || {};
  const order = L.order.length ? L.order : Object.keys(rooms);
  const boardKey = JSON.stringify([rooms, adjacency, order, [...movable], local.selected, [...targets], kills, mine ?? null, secrets]);
  if (changed(g, "board", boardKey)) {
    const boxes = [];
    for (const r of order) {
      const info = L.rooms[r] || { name: r, color: "#999" };
      const figs = rooms[r] || [];
      const isTarget = targets.has(r);
      let R = C.rooms.get(r);
      if (!R) {
        R = {};
        R.go = h("span", { class: "bw-room-go" }, " \u21E6 move here");
        R.button = liveButton({
          testid: `room-${r}`,
          label: info.name,
          text: [h("span", { class: "bw-room-symbol", "aria-hidden": "true" }, FACE_SYMBOL[r] || ""), h("span", { class: "bw-room-name" }, info.name)],
          cls: "bw-room-button",
          onclick: () => act({ type: "move", figure: local.selected, to: r })
        });
        R.next = h("div", { class: "bw-room-next" });
        R.figures = h("div", { class: "bw-figures" });
        R.box = h(
          "section",
          {
            "data-testid": `roombox-${r}`,
            "data-room": r,
            style: { "grid-area": AREA[r] || "auto", "--room-color": info.color, "--room-ink": inkFor(info.color) }
          },
          R.button,
          R.next,
          R.figures
        );
        R.symbolAndName = [R.button.children[0], R.button.children[1]];
        C.rooms.set(r, R);
      }
      setClass(R.box, `bw-room bw-pattern-${PATTERN_NAME[r] || "plain"}${isTarget ? " bw-target" : ""}`);
      setAttr(R.box, "aria-label", `${info.name}: ${figs.length} figure${figs.length === 1 ? "" : "s"}`);
      setAttr(R.button, "aria-label", isTarget ? `Move ${L.fig(local.selected)} to ${info.name}` : info.name);
      setDisabled(R.button, !isTarget);
      setChildren(R.button, [R.symbolAndName, isTarget ? R.go : null]);
      setText(R.next, `next to: ${(adjacency[r] || []).map((n) => L.room(n)).join(", ")}`);
      setChildren(
        R.figures,
        figs.map((f) => figureButton(C, L, f, { info, movable, local, mine, kills, secrets, nameOf, redraw }))
      );
      boxes.push(R.box);
    }
    setChildren(board, boxes);
  }
  const tableKey = JSON.stringify([g.keys.content, view2.deck_count ?? 0, view2.left || [], view2.killed || []]);
  const table = g.table(tableKey, () => {
    const gone = (ids, what) => ids && ids.length ? h("p", { class: "bw-gone" }, `${what}: `, ids.map((f) => `${L.emoji(f)} ${L.fig(f)}`).join(", ")) : null;
    return h(
      "section",
      { class: "bw-table", "aria-label": "The table" },
      h("p", { class: "bw-deck", "data-testid": "deck" }, `Deck: ${view2.deck_count ?? 0} card${view2.deck_count === 1 ? "" : "s"}`),
      gone(view2.left, "Left the party"),
      gone(view2.killed, "Killed")
    );
  });
  const forecasting = !view2.over && !(replay.active && replay.step < replay.length) && typeof t.seat === "number" && t.seat >= 0;
  const forecast = forecasting ? frame.send : null;
  if (changed(g, "odds", JSON.stringify([view2.odds ?? null, forecasting])) || !C.odds) drawOdds(C, L, view2.odds, nameOf, forecast);
  setChildren(left, [K.section, board]);
  return { main: [left], side: [table, C.odds.section] };
}
function figureButton(C, L, f, { info, movable, local, mine, kills, secrets, nameOf, redraw }) {
  let F = C.figures.get(f);
  if (!F) {
    F = {};
    F.emoji = h("span", { class: "bw-emoji", "aria-hidden": "true" }, L.emoji(f));
    F.name = h("span", { class: "bw-fig-name" }, L.fig(f).split(" the ")[0]);
    F.you = h("span", { class: "bw-you", "aria-hidden": "true" }, "you");
    F.gaps = [document.createTextNode(" "), document.createTextNode(" ")];
    F.owner = h("span", { class: "bw-owner", "aria-hidden": "true" });
    F.button = liveButton({
      testid: `figure-${f}`,
      label: L.fig(f),
      text: [F.emoji, F.name],
      title: L.fig(f),
      onclick: () => {
        local.selected = local.selected === f ? null : f;
        redraw();
      }
    });
    C.figures.set(f, F);
  }
  const canMove = movable.has(f);
  const selected = local.selected === f;
  const isMine = f === mine;
  const killable = kills.includes(f);
  const owner = secrets ? secrets.indexOf(f) : -1;
  const b = F.button;
  setAttr(
    b,
    "aria-label",
    // the name starts with what the token shows ("Ana you"), as a speech-input user would say it
    `${L.fig(f).split(" the ")[0]}${isMine ? " you" : ""}${owner >= 0 ? ` ${nameOf(owner)}` : ""}: ${L.fig(f)}${isMine ? ", your character" : ""}${owner >= 0 ? `, ${nameOf(owner)}'s character` : ""}, in ${info.name}${canMove ? ", can move" : ""}${killable ? ", can be killed" : ""}`
  );
  setAttr(b, "aria-pressed", canMove ? String(selected) : null);
  setDisabled(b, !canMove);
  setClass(
    b,
    `bw-btn bw-figure${canMove ? " bw-movable" : ""}${selected ? " bw-selected" : ""}${isMine ? " bw-mine" : ""}${killable ? " bw-killable" : ""}`
  );
  if (owner >= 0) setText(F.owner, nameOf(owner));
  setChildren(b, [F.emoji, F.name, isMine ? [F.gaps[0], F.you] : null, owner >= 0 ? [F.gaps[1], F.owner] : null]);
  return b;
}
function forecastForm(row, opp, send) {
  const input = h("input", {
    type: "number",
    min: "0",
    max: "100",
    step: "1",
    inputmode: "numeric",
    class: "bw-forecast-input",
    "data-testid": `forecast-input-${opp}`
  });
  const label = h("label", { class: "bw-forecast-label" });
  const status = h("span", { class: "bw-forecast-status", role: "status", "data-testid": `forecast-status-${opp}` });
  const save = () => {
    const raw = input.value.trim();
    const percent = raw === "" ? null : Number(raw);
    row.send({ type: MSG.FORECAST, event: { opponent: Number(opp), figure: row.top }, percent });
    status.textContent = raw !== "" && percent >= 0 && percent <= 100 ? `You said ${raw} %.` : "";
  };
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter") {
      e.preventDefault();
      save();
    }
  });
  const saveButton = button({ testid: `forecast-save-${opp}`, label: "Save my forecast", text: "Save", onclick: save });
  const form = h("div", { class: "bw-forecast", role: "group", "data-testid": `forecast-${opp}` }, label, " ", input, " % ", saveButton, " ", status);
  row.send = send;
  return { form, label, input, saveButton };
}
function drawOdds(C, L, odds, nameOf, send = null) {
  if (!C.odds) {
    C.odds = {
      section: h("section", { class: "bw-odds", "aria-label": "Odds", "data-testid": "odds" }),
      title: h("h3", {}, "Odds"),
      next: h("h4", {}, "Next roll"),
      who: h("h4", {}, "Who is who? (from what you have seen)"),
      none: h("p", {}, "No odds to show."),
      die: /* @__PURE__ */ new Map(),
      seats: /* @__PURE__ */ new Map(),
      // the forecasts are folded away until the student opens them (the panel stays short on a laptop)
      toggle: h("button", { type: "button", class: "bw-btn bw-forecast-toggle", "data-testid": "forecast-toggle", "aria-expanded": "false" }),
      last: null
    };
    C.odds.toggle.addEventListener("click", () => {
      C.forecastOpen = !C.forecastOpen;
      if (C.odds.last) drawOdds(...C.odds.last);
    });
  }
  const O = C.odds;
  O.last = [C, L, odds, nameOf, send];
  const open = Boolean(C.forecastOpen);
  setAttr(O.toggle, "aria-expanded", String(open));
  setText(O.toggle, open ? "Hide my forecasts" : "\u270E My forecasts");
  setAttr(O.toggle, "aria-label", open ? "Hide my forecasts" : "My forecasts: type your own chance for each player");
  if (!odds) {
    setChildren(O.section, [O.title, O.none]);
    return;
  }
  const dieBars = Object.entries(odds.die || {}).map(([face, p]) => {
    const label = `${FACE_SYMBOL[face] || ""} ${face === "black" ? "black" : L.room(face)}`;
    let b = O.die.get(face);
    if (!b) O.die.set(face, b = bar(label, p, { cls: `bw-bar-${face}` }));
    return updateBar(b, label, p);
  });
  const rows = Object.entries(odds.identity || {}).map(([opp, probs]) => {
    const all = Object.entries(probs).sort((a, b) => b[1] - a[1] || Number(a[0]) - Number(b[0]));
    const even = all.length > 0 && all[0][1] === all[all.length - 1][1];
    let row = O.seats.get(opp);
    if (!row) {
      row = {
        name: h("div", { class: "bw-odds-name" }),
        note: h("div", { class: "bw-odds-note" }),
        bars: []
      };
      row.div = h("div", { class: "bw-odds-seat", "data-testid": `odds-seat-${opp}` });
      O.seats.set(opp, row);
    }
    setText(row.name, `${nameOf(Number(opp))} is most likely\u2026`);
    const top3 = all.slice(0, 3).map(([f, p], n) => {
      const label = `${L.emoji(Number(f))} ${L.fig(Number(f))}`;
      if (!row.bars[n]) row.bars[n] = bar(label, p);
      return updateBar(row.bars[n], label, p);
    });
    const showNote = even && all.length > 1;
    if (showNote) setText(row.note, `No clue yet: all ${all.length} possible figures are equally likely.`);
    if (send && all.length) {
      if (!row.forecast) row.forecast = forecastForm(row, opp, send);
      row.send = send;
      row.top = Number(all[0][0]);
      const said = `Your forecast: the chance that ${nameOf(Number(opp))} is ${L.fig(row.top)}`;
      setText(row.forecast.label, said);
      setAttr(row.forecast.input, "aria-label", `${said}, in percent`);
      setAttr(row.forecast.saveButton, "aria-label", `Save my forecast about ${nameOf(Number(opp))}`);
    }
    setChildren(row.div, [row.name, top3, showNote ? row.note : null, open && send && all.length ? row.forecast.form : null]);
    return row.div;
  });
  const canForecast = Boolean(send) && rows.length > 0;
  setChildren(O.section, [O.title, O.next, dieBars, rows.length ? O.who : null, canForecast ? O.toggle : null, rows]);
}
var FOCUS_ORDER = [
  '[data-testid="roll"]:not([disabled])',
  ".bw-figure.bw-selected",
  ".bw-room-button:not([disabled])",
  ".bw-figure.bw-movable",
  '[data-testid^="kill-"]'
];
var view_default = view({
  rootClass: "bw-costume",
  title: () => "Costume Party Detective",
  setup,
  me,
  seat,
  panels,
  reset: (g) => {
    g.cache = null;
    g.local.selected = null;
  },
  focusOrder: FOCUS_ORDER,
  onKey: (ev, g, frame) => {
    if (ev.key === "Escape" && g.local.selected !== null) {
      g.local.selected = null;
      frame.redraw();
    }
  }
});
export {
  blackReasons,
  view_default as default,
  lastRoller
};
