// Tiny DOM helpers shared by every game's view. Text always goes in through
// textContent (never innerHTML), so names typed by users cannot inject markup.

/**
 * Create an element: h("button", {class: "x", "data-testid": "roll", onclick: fn}, "Roll").
 * Attributes set to null/undefined/false are left out; true sets an empty attribute.
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {...any} children strings, nodes, arrays of them, or null
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
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
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

/**
 * A button with an accessible name and a stable test id.
 * @param {{testid?: string, label: string, text?: any, onclick?: Function, disabled?: boolean,
 *          pressed?: boolean|null, cls?: string, title?: string}} opts
 */
export function button({ testid, label, text, onclick, disabled = false, pressed = null, cls = "", title }) {
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
      onclick: disabled ? null : onclick,
    },
    text === undefined ? label : text,
  );
}

/** A labelled bar: text first (so it reads without the color), then the bar. */
export function bar(label, p, { testid = null, cls = "" } = {}) {
  const pct = Math.round(Math.max(0, Math.min(1, Number(p) || 0)) * 1000) / 10;
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
        "aria-label": `${label}: ${pct}%`,
      },
      h("span", { class: "bw-bar-fill", style: { width: `${pct}%` } }),
    ),
    h("span", { class: "bw-bar-value" }, `${pct}%`),
  );
}

const INK = new Map();

/** Dark (#000) or light (#fff) text, whichever reads better on a #rrggbb background. */
export function inkFor(hex) {
  if (!INK.has(hex)) {
    if (INK.size >= 256) INK.clear(); // a few seat colors, asked at every redraw
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
  const lum = 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
  return (1.05) / (lum + 0.05) >= (lum + 0.05) / 0.05 ? "#fff" : "#000";
}

// ------------------------------------------------------------ patch helpers
// Incremental updates: each helper writes only when the value differs, so an
// unchanged node sees no DOM mutation at all.

/** Set an element's text (its only child becomes one text node) when it differs. */
export function setText(el, text) {
  const s = String(text);
  const first = el.firstChild;
  if (first && first === el.lastChild && first.nodeType === 3) {
    if (first.data !== s) first.data = s;
  } else if (el.textContent !== s) {
    el.textContent = s;
  }
}

/** Set (string), add empty (true) or remove (null/undefined/false) an attribute when it differs. */
export function setAttr(el, name, value) {
  if (value === null || value === undefined || value === false) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
    return;
  }
  const v = value === true ? "" : String(value);
  if (el.getAttribute(name) !== v) el.setAttribute(name, v);
}

/** Set the class attribute when it differs. */
export function setClass(el, cls) {
  if (el.getAttribute("class") !== cls) el.setAttribute("class", cls);
}

/** Set a form control's `disabled` when it differs. */
export function setDisabled(el, disabled) {
  const d = Boolean(disabled);
  if (el.disabled !== d) el.disabled = d;
}

/** Set a style property when it differs. */
export function setStyle(el, prop, value) {
  const v = String(value);
  if (el.style.getPropertyValue(prop) !== v) el.style.setProperty(prop, v);
}

/** Move `node` before `ref` under `parent`, keeping its state where the browser can (moveBefore). */
function place(parent, node, ref) {
  if (typeof parent.moveBefore === "function" && node.parentNode && node.isConnected && parent.isConnected) {
    try {
      parent.moveBefore(node, ref);
      return;
    } catch {
      // not movable atomically (e.g. another document): fall back
    }
  }
  parent.insertBefore(node, ref);
}

/**
 * Make `parent`'s children exactly `nodes` (nulls skipped, arrays flattened), in order,
 * moving or removing only the nodes that are out of place. Existing nodes are reused.
 * @param {Node} parent
 * @param {any[]} nodes
 */
export function setChildren(parent, nodes) {
  const want = nodes.flat(Infinity).filter((n) => n !== null && n !== undefined && n !== false);
  const keep = new Set(want);
  let cur = parent.firstChild;
  for (const node of want) {
    // a child that is no longer wanted goes now: otherwise every wanted node after it
    // would be moved in front of it (a move is a removal and an insertion, restyled)
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

/**
 * A button built once and patched later: its handler runs only while it is enabled
 * (a disabled button is inert, as with `button`).
 */
export function liveButton(opts) {
  const el = button({ ...opts, disabled: false, onclick: (ev) => !el.disabled && opts.onclick && opts.onclick(ev) });
  if (opts.disabled) el.disabled = true;
  return el;
}

/** Patch a bar made by `bar` to show `label` and `p` (same output as a new `bar(label, p)`). */
export function updateBar(el, label, p) {
  const pct = Math.round(Math.max(0, Math.min(1, Number(p) || 0)) * 1000) / 10;
  const [labelEl, track, value] = el.children;
  setText(labelEl, label);
  setAttr(track, "aria-valuenow", String(pct));
  setAttr(track, "aria-label", `${label}: ${pct}%`);
  setStyle(track.firstElementChild, "width", `${pct}%`);
  setText(value, `${pct}%`);
  return el;
}

/**
 * A part of the view drawn from a key: `get(key, build)` returns the node built for
 * the last key when the key did not change (so the node is left untouched), else
 * builds a new one. Keys are compared with `===` (callers pass JSON strings).
 */
export function keyed() {
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
