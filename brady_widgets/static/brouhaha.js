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

// ../brady_widgets/brouhaha/view.js
var FROZEN = /* @__PURE__ */ new Set(["slap", "reveal", "hunt"]);
function labels(content) {
  const animals = {};
  for (const a of content.animals || []) animals[a.id] = a;
  const name = (id) => id === "hunter" ? "Hunter" : animals[id] ? animals[id].name : String(id);
  const emoji = (id) => id === "hunter" ? "\u{1F3F9}" : animals[id] ? animals[id].emoji : "?";
  const card = (id) => `${emoji(id)} ${name(id)}`;
  return { animals, name, emoji, card };
}
function distinct(hand) {
  const out = [];
  for (const c of hand || []) if (!out.includes(c)) out.push(c);
  return out;
}
function seatKey(s) {
  return String((s + 1) % 10);
}
function synth() {
  const s = globalThis.speechSynthesis;
  const U = globalThis.SpeechSynthesisUtterance;
  return s && typeof s.speak === "function" && typeof U === "function" ? { s, U } : null;
}
function setup(frame) {
  return {
    frame,
    local: { hunting: false, speech: false, spoken: null },
    hand: h("section", { class: "bw-bh-hand", "aria-label": "Your cards", "data-testid": "hand" }),
    actions: h("div", { class: "bw-bh-actions", role: "group", "aria-label": "Actions" }),
    prompt: h("p", { class: "bw-prompt", "data-testid": "prompt", "aria-live": "polite" }),
    // the slap button and the cries, together: in the flow on a laptop, docked at the bottom
    // of the screen on a touch screen (in thumb reach, with every cry in view: view.css)
    dock: h("section", { class: "bw-bh-dock", "aria-label": "Cries and slap", "data-testid": "dock" }),
    cries: h("ul", { class: "bw-bh-cries", "aria-label": "Cries on the table", "data-testid": "cries" }),
    slap: null,
    speech: null,
    odds: keyed(),
    reveal: keyed(),
    legend: keyed(),
    party: keyed(),
    reserves: keyed()
  };
}
function title(t) {
  return t.content && t.content.title || "Brouhaha";
}
function me(t, g) {
  const L = labels(t.content);
  const party = t.content.party;
  if (party) return `One keyboard, ${Object.keys(party.keys || {}).length} players: each has a slap key; nobody's cards are shown.`;
  const down = t.view.my_down;
  if (t.seat < 0) return "Public view: nobody's cards are shown.";
  const mine = down ? `your face-down card is ${L.card(down)}${t.view.pinned ? " (pinned by a Hunter)" : ""}` : "no card face down";
  return `You are ${t.nameOf(t.seat)}: ${mine}.`;
}
function seat(t, g, s) {
  const L = labels(t.content);
  const v = t.view;
  const cry = (v.cries || [])[s] ?? null;
  const reserve = (v.reserves || [])[s] || [];
  const hunter = v.hunter_down === s || v.hunt && v.hunt.hunter === s;
  const rv = v.reveal && (v.reveal.seats || []).includes(s) ? v.reveal.cards[v.reveal.seats.indexOf(s)] : null;
  const slapped = v.slap ? v.slap.first === s ? 1 : v.slap.second === s ? 2 : 0 : 0;
  const target = g.local.hunting && t.legal.some((a) => a.type === "hunt" && a.target === s);
  const myTarget = v.hunt && v.hunt.target === s;
  const partyKey = t.content.party ? (t.content.party.keys || {})[String(s)] || null : null;
  const passed = v.passing ? (v.passing.chosen || []).includes(s) : false;
  const handSize = (v.hand_sizes || [])[s] ?? null;
  const secret = Array.isArray(v.down) ? v.down[s] ?? null : null;
  const cards = Array.isArray(v.hands) ? v.hands[s] || [] : null;
  const key = JSON.stringify([g.keyContent, cry, reserve, hunter, rv, slapped, target, myTarget, partyKey, passed, handSize, s === t.seat && v.pinned, secret, cards, v.phase]);
  const build = () => {
    const who = t.nameOf(s);
    const bubbleLabel = cry ? `${who}'s face-down card cries ${cry}${hunter ? " (a Hunter)" : ""}` : `${who} has no card face down`;
    const bubble = button({
      testid: `bubble-${s}`,
      label: target ? `Hunt ${who}'s card (${cry})` : bubbleLabel,
      text: cry ? cry : "\u2026",
      cls: `bw-bh-bubble${cry ? "" : " bw-bh-quiet"}${target ? " bw-bh-target" : ""}${hunter ? " bw-bh-hunter" : ""}`,
      disabled: !target,
      onclick: () => {
        g.local.hunting = false;
        g.frame.act({ type: "hunt", target: s });
      }
    });
    setAttr(bubble, "data-cry", cry || "");
    return h(
      "div",
      { class: `bw-seat-extra bw-bh-seat${slapped ? " bw-bh-slapped" : ""}` },
      h("span", { class: "bw-bh-seatno", "aria-hidden": "true" }, `#${seatKey(s)}`),
      bubble,
      rv ? h("div", { class: "bw-bh-flip", "data-testid": `revealed-${s}` }, h("span", { class: "bw-bh-card" }, L.card(rv))) : null,
      secret && !rv ? h("div", { class: "bw-bh-secret", "data-testid": `secret-${s}` }, `is ${L.card(secret)}`) : null,
      slapped ? h("div", { class: "bw-bh-mark", "data-testid": `slapped-${s}` }, slapped === 1 ? "\u270B slapped first" : "\u270B slapped second") : null,
      hunter ? h("div", { class: "bw-bh-mark", "data-testid": `hunter-${s}` }, "\u{1F3F9} Hunter") : null,
      myTarget ? h("div", { class: "bw-bh-mark", "data-testid": `my-target-${s}` }, "\u{1F3AF} your target") : null,
      s === t.seat && v.pinned ? h("div", { class: "bw-bh-mark", "data-testid": "pinned" }, "\u{1F4CC} pinned") : null,
      passed ? h("div", { class: "bw-bh-mark" }, "\u2714 chose a card to pass") : null,
      partyKey ? h("div", { class: "bw-bh-key", "data-testid": `party-key-${s}` }, "slap key ", h("kbd", {}, partyKey.toUpperCase())) : null,
      h(
        "div",
        { class: "bw-bh-reserve", "data-testid": `reserve-${s}`, "aria-label": `${who}'s Reserve: ${reserve.length} card${reserve.length === 1 ? "" : "s"}${reserve.length ? ": " + reserve.map(L.name).join(", ") : ""}` },
        `Reserve ${reserve.length}`,
        reserve.length ? h("span", { class: "bw-bh-emojis", "aria-hidden": "true" }, " " + reserve.map(L.emoji).join("")) : null
      ),
      handSize === null ? null : h("div", { class: "bw-bh-handsize" }, `${handSize} in hand`),
      cards ? h(
        "div",
        { class: "bw-bh-secret bw-bh-hand", "data-testid": `hand-${s}`, "aria-label": `${who}'s hand: ${cards.length ? cards.map(L.name).join(", ") : "no cards"}` },
        cards.length ? cards.map(L.emoji).join("") : "no cards"
      ) : null
    );
  };
  return [key, build];
}
function promptText(t, g, can) {
  const v = t.view;
  const tap = t.touch;
  const L = labels(t.content);
  if (v.over) return "The game is over.";
  if (t.replaying) return "Replaying the game.";
  if (t.content.party) {
    if (FROZEN.has(v.phase)) return "Frozen: the slap is being settled.";
    return "Same cry on two cards? The first two to press their slap key reveal.";
  }
  if (t.seat < 0) return "Public view.";
  if (g.local.hunting)
    return tap ? "Hunter: tap a cry to take that card, or tap Cancel Hunter." : "Hunter: click a seat's bubble (or press its number) to take that card; Escape cancels.";
  switch (v.phase) {
    case "slap":
      if (!can.slap) return "Frozen: someone slapped.";
      return tap ? "Someone slapped! Tap Slap too if you think you match." : "Someone slapped! Slap too (Space) if you think you match.";
    case "reveal":
      return v.reveal ? v.reveal.match ? "Match! Both cards go to their Reserves." : "No match: both cards go back." : "Revealing\u2026";
    case "hunt":
      if (!can.hunt) return "Frozen: a Hunter is hunting.";
      return tap ? "A Hunter is out! Tap your own Hunter now to cancel both." : "A Hunter is out! Play your own Hunter now (H) to cancel both.";
    case "pass":
      if (v.passing && v.passing.mine) return `You pass ${L.card(v.passing.mine)} to the left; waiting for the others.`;
      if (!can.pass) return "Waiting for the others to pass.";
      return tap ? "Tap a card to pass it to your left." : "Choose a card to pass to your left (1-9).";
    default:
      if (can.slap)
        return tap ? "Your card is down. Same animal somewhere? Tap Slap! Or tap Take back." : "Your card is down. Same animal somewhere? Slap (Space)! Or take it back (T).";
      if (can.play) return tap ? "Tap a card to play it face down: its cry goes round the table." : "Play a card face down (1-9): its cry goes round the table.";
      return "Waiting\u2026";
  }
}
function oddsPanel(t, L) {
  const o = t.view.odds;
  const body = [];
  if (!o) {
    body.push(h("p", { class: "bw-why" }, t.content.party ? "No odds on a shared screen: it shows nobody's card." : "Play a card to see the chance that another face-down card is the same animal."));
  } else {
    const pct = Math.round((o.p || 0) * 1e3) / 10;
    body.push(
      h(
        "p",
        { "data-testid": "odds-text" },
        `Chance another face-down card is your ${L.name(o.mine)}: `,
        h("strong", { "data-testid": "odds-fraction" }, o.fraction),
        ` (${pct}%)`
      ),
      h(
        "div",
        { class: "bw-bh-meter", role: "meter", "aria-valuemin": "0", "aria-valuemax": "100", "aria-valuenow": String(pct), "aria-label": `chance of a match: ${pct}%` },
        h("span", { class: "bw-bh-meter-fill", style: { width: `${pct}%` } })
      ),
      h(
        "p",
        { class: "bw-why", "data-testid": "odds-working" },
        `${o.others} other face-down card${o.others === 1 ? "" : "s"} cr${o.others === 1 ? "ies" : "y"} ${o.cry}. Of the ${o.unseen} card${o.unseen === 1 ? "" : "s"} of that cry you have not seen, ${o.same} ${o.same === 1 ? "is a" : "are"} ${L.name(o.mine)}.`
      )
    );
  }
  return h("section", { class: "bw-bh-odds", "aria-label": "Odds", "data-testid": "odds" }, h("h3", {}, "Odds"), body);
}
function legendPanel(t, L) {
  const groups = t.content.cries || {};
  const rows = Object.entries(groups).map(
    ([cry, ids]) => h("li", {}, h("strong", {}, cry), " ", ids.map((id) => `${L.emoji(id)} ${L.name(id)}`).join(", "))
  );
  return h(
    "details",
    { class: "bw-bh-legend", "data-testid": "legend" },
    h("summary", {}, "Who cries what"),
    h("ul", {}, rows)
  );
}
function removedLine(t, L) {
  const v = t.view;
  const parts = [];
  if ((v.removed || []).length) parts.push(`Set aside: ${v.removed.map(L.card).join(", ")}`);
  if (v.hunters_out) parts.push(`Hunters gone: ${v.hunters_out}`);
  const lost = (v.lost || []).flat ? (v.lost || []).flat() : [];
  if (lost.length) parts.push(`Lost (Bang): ${lost.map(L.card).join(", ")}`);
  return parts.length ? h("p", { class: "bw-bh-public", "data-testid": "public" }, parts.join(" \xB7 ")) : null;
}
function panels(t, g) {
  const L = labels(t.content);
  g.keyContent = JSON.stringify(t.content);
  const v = t.view;
  const legal = t.legal;
  const can = {
    slap: legal.some((a) => a.type === "slap"),
    play: legal.some((a) => a.type === "play"),
    take: legal.some((a) => a.type === "take_back"),
    hunt: legal.some((a) => a.type === "hunt"),
    pass: legal.some((a) => a.type === "pass")
  };
  if (!can.hunt) g.local.hunting = false;
  const act = (action) => {
    g.local.hunting = false;
    g.frame.act(action);
  };
  speak(t, g);
  if (!g.slap) {
    g.slap = liveButton({ testid: "slap", label: "Slap (Space)", text: "\u270B Slap! (Space)", cls: "bw-btn-primary bw-bh-slap", onclick: () => act({ type: "slap" }) });
    g.speech = liveButton({
      testid: "speech",
      label: "Speak cries aloud",
      text: "\u{1F50A} Speak cries",
      pressed: false,
      onclick: () => {
        g.local.speech = !g.local.speech;
        if (!g.local.speech) {
          const sp = synth();
          if (sp) sp.s.cancel();
        }
        g.local.spoken = null;
        g.frame.redraw();
      }
    });
  }
  setDisabled(g.slap, !can.slap);
  setAttr(g.slap, "aria-label", t.touch ? "Slap" : "Slap (Space)");
  setText(g.slap, t.touch ? "\u270B Slap!" : "\u270B Slap! (Space)");
  setAttr(g.speech, "aria-pressed", String(g.local.speech));
  setAttr(g.speech, "title", synth() ? null : "This browser has no speech synthesis");
  setText(g.prompt, promptText(t, g, can));
  const hand = v.my_hand || [];
  const cards = distinct(hand);
  const count = (c) => hand.filter((x) => x === c).length;
  const passing = v.phase === "pass";
  const cardButtons = cards.map((c, n) => {
    const action = passing ? { type: "pass", card: c } : { type: "play", card: c };
    const ok = legal.some((a) => a.type === action.type && a.card === c);
    const verb = passing ? "Pass" : "Play";
    const key = n < 9 && !t.touch ? String(n + 1) : null;
    const many = count(c) > 1 ? ` \xD7${count(c)}` : "";
    return button({
      testid: `${passing ? "pass" : "play"}-${c}`,
      // the name holds the visible words in order ("1 Hamster ×2"), for speech input
      label: `${verb} ${key ? `${key}: ` : ""}${L.name(c)}${many}`,
      text: [key ? h("kbd", { "aria-hidden": "true" }, key) : null, ` ${L.card(c)}`, many],
      cls: `bw-bh-cardbtn${c === "hunter" ? " bw-bh-huntercard" : ""}`,
      disabled: !ok,
      onclick: () => act(action)
    });
  });
  const down = v.my_down;
  const downNode = down ? h(
    "div",
    { class: "bw-bh-down", "data-testid": "my-down" },
    h("span", { class: "bw-bh-card" }, `Face down: ${L.card(down)}`),
    (v.cries || [])[t.seat] ? h("span", { class: "bw-bh-bubble bw-bh-mine" }, (v.cries || [])[t.seat]) : null,
    button({
      testid: "take-back",
      label: t.touch ? "Take back your card" : "Take back your card (T)",
      text: t.touch ? "\u21A9 Take back" : "\u21A9 Take back (T)",
      disabled: !can.take,
      onclick: () => act({ type: "take_back" })
    })
  ) : null;
  const hunterBtn = hand.includes("hunter") && !passing ? button({
    testid: "hunt",
    label: g.local.hunting ? `Cancel Hunter${t.touch ? "" : " (Escape)"}` : `Play a Hunter${t.touch ? "" : " (H)"}, then choose a seat`,
    text: g.local.hunting ? "\u2716 Cancel Hunter" : t.touch ? "\u{1F3F9} Hunter" : "\u{1F3F9} Hunter (H)",
    pressed: g.local.hunting,
    disabled: !can.hunt,
    onclick: () => {
      g.local.hunting = !g.local.hunting;
      g.frame.redraw();
    }
  }) : null;
  const party = t.content.party;
  const reveal_ = !v.my_hand && Array.isArray(v.hands);
  setChildren(g.hand, party || t.seat < 0 || reveal_ ? [] : [h("h3", {}, passing ? "Pass a card to your left" : "Your hand"), h("div", { class: "bw-bh-cards" }, cardButtons.length ? cardButtons : h("span", { class: "bw-why" }, "No cards in hand.")), downNode]);
  const dockSpeech = !t.touch || party;
  setChildren(g.actions, party ? [g.speech] : [g.slap, hunterBtn, dockSpeech ? g.speech : null]);
  const cries = v.cries || [];
  setChildren(
    g.cries,
    cries.map((c, s) => {
      if (!c) return null;
      const who = t.nameOf(s);
      const aim = g.local.hunting && legal.some((a) => a.type === "hunt" && a.target === s);
      return h(
        "li",
        { class: `bw-bh-cry${s === t.seat ? " bw-bh-mycry" : ""}` },
        aim ? button({
          testid: `dock-hunt-${s}`,
          label: `Hunt ${who}: ${c}`,
          text: `\u{1F3AF} ${who}: ${c}`,
          cls: "bw-bh-bubble bw-bh-target",
          onclick: () => act({ type: "hunt", target: s })
        }) : [h("span", { class: "bw-bh-cryname" }, `${who}: `), c]
      );
    })
  );
  setChildren(g.dock, [t.touch && !party ? g.cries : null, g.actions]);
  const reveal = g.reveal(JSON.stringify([v.reveal ?? null, g.keyContent]), () => {
    if (!v.reveal) return null;
    const r = v.reveal;
    return h(
      "div",
      { class: `bw-bh-reveal ${r.match ? "bw-bh-match" : "bw-bh-mismatch"}`, "data-testid": "reveal", role: "status" },
      r.seats.map((s, i) => h("span", { class: "bw-bh-flip" }, `${t.nameOf(s)}: ${L.card(r.cards[i])}`)),
      h("strong", {}, r.match ? " \u2714 Match!" : " \u2716 No match")
    );
  });
  const partyNode = party ? g.party(
    JSON.stringify([party, t.names]),
    () => h(
      "section",
      { class: "bw-bh-partykeys", "data-testid": "party-keys", "aria-label": "Slap keys" },
      h("h3", {}, "Slap keys"),
      h("ul", {}, Object.entries(party.keys || {}).map(([s, k]) => h("li", {}, h("kbd", {}, k.toUpperCase()), ` ${t.nameOf(Number(s))}`))),
      h("p", { class: "bw-why" }, "The helper plays each person's cards; you only slap. Click here first so the keys reach the game.")
    )
  ) : null;
  const odds = g.odds(JSON.stringify([v.odds ?? null, g.keyContent, Boolean(party)]), () => oddsPanel(t, L));
  const legend = g.legend(g.keyContent, () => legendPanel(t, L));
  const controls = h("section", { class: "bw-bh-controls", "aria-label": "Your move" }, g.prompt, reveal, t.touch ? null : g.dock);
  return {
    main: [h("div", { class: "bw-bh-left" }, controls, g.hand, partyNode, removedLine(t, L)), t.touch ? g.dock : null],
    side: [dockSpeech ? null : h("div", { class: "bw-bh-speechrow" }, g.speech), odds, legend]
  };
}
function speak(t, g) {
  const cries = (t.view.cries || []).slice();
  const before = g.local.spoken;
  g.local.spoken = cries;
  if (!g.local.speech || t.replaying) return;
  const sp = synth();
  if (!sp) return;
  cries.forEach((c, s) => {
    if (c && (!before || before[s] !== c)) sp.s.speak(new sp.U(c));
  });
}
function attrs(t) {
  const phase = t.view.phase;
  return {
    "data-frozen": FROZEN.has(phase) ? "true" : "false",
    "data-party": t.content.party ? "true" : null
  };
}
function onKey(ev, g, frame) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.repeat) return;
  const root = frame.root;
  const t = g.last;
  if (!t || t.view.over || t.replaying) return;
  const party = t.content.party;
  const key = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
  if (party) {
    const keys = party.keys || {};
    const seatOf = Object.keys(keys).find((s) => keys[s] === key);
    if (seatOf !== void 0) {
      ev.preventDefault();
      const msg = { type: "act", action: { type: "slap", seat: Number(seatOf) }, rev: t.rev };
      const at = frame.clock.stamp(ev.timeStamp);
      if (at !== null) msg.at = at;
      frame.send(msg);
    }
    return;
  }
  const legal = t.legal;
  if (key === "Escape" && g.local.hunting) {
    g.local.hunting = false;
    frame.redraw();
    ev.preventDefault();
    return;
  }
  if (key === "h") {
    if (legal.some((a) => a.type === "hunt")) {
      g.local.hunting = !g.local.hunting;
      frame.redraw();
      ev.preventDefault();
    }
    return;
  }
  if (/^[0-9]$/.test(key)) {
    if (g.local.hunting) {
      const n = Number(key);
      const target = n === 0 ? 9 : n - 1;
      const a2 = legal.find((x) => x.type === "hunt" && x.target === target);
      if (a2) {
        g.local.hunting = false;
        frame.act(a2, ev.timeStamp);
        ev.preventDefault();
      }
      return;
    }
    if (key === "0") return;
    const cards = distinct(t.view.my_hand || []);
    const c = cards[Number(key) - 1];
    const type = t.view.phase === "pass" ? "pass" : "play";
    const a = legal.find((x) => x.type === type && x.card === c);
    if (a) {
      frame.act(a, ev.timeStamp);
      ev.preventDefault();
    }
  }
  void root;
}
var game = {
  rootClass: "bw-brouhaha",
  title,
  setup,
  me,
  seat,
  panels: (t, g) => {
    g.last = t;
    return panels(t, g);
  },
  attrs,
  reset: (g) => {
    g.local.hunting = false;
  },
  focusOrder: ['[data-testid="slap"]', '[data-testid^="play-"]:not([disabled])', '[data-testid^="pass-"]:not([disabled])'],
  onKey
};
var mounted = view(game);
var view_default = {
  render(ctx) {
    const stop = mounted.render(ctx);
    return () => {
      const speaking = ctx.el.querySelector('[data-testid="speech"][aria-pressed="true"]');
      stop();
      const sp = synth();
      if (speaking && sp) sp.s.cancel();
    };
  }
};
export {
  FROZEN,
  view_default as default,
  distinct,
  seatKey
};
