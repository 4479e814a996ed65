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

/** Black or white text, whichever reads better on a #rrggbb background. */
export function inkFor(hex) {
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
