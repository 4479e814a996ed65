// A stand-in for the anywidget model: get/set/on/off/send, recording sent messages.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expandLegal } from "../src/messages.js";

// vitest runs from js/ (npm test); under jsdom import.meta.url is not a file URL.
const FIXTURES = resolve(process.cwd(), "test", "fixtures");

export function fixture(name) {
  return JSON.parse(readFileSync(resolve(FIXTURES, `${name}.json`), "utf8"));
}

export function fakeModel(state) {
  const data = structuredClone(state);
  const listeners = new Map();
  const sent = [];
  return {
    sent,
    listeners,
    get: (key) => data[key],
    /** Change traits the way an update message does: every change:key, then nothing else. */
    update(changes) {
      for (const [key, value] of Object.entries(changes)) {
        data[key] = value;
        for (const cb of listeners.get(`change:${key}`) || []) cb();
      }
    },
    on(event, cb) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event).add(cb);
    },
    off(event, cb) {
      listeners.get(event)?.delete(cb);
    },
    send(msg) {
      sent.push(structuredClone(msg));
    },
  };
}

export const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * A test mounter for one view: `mount(fixtureName, tweak)` renders the widget on a
 * fake model built from the fixture (after `tweak(state)`), and returns helpers:
 * `$` (by data-testid), `$$` (by selector), `enabled(prefix)` (the enabled buttons
 * whose test id starts with `prefix`, minus the prefix), `root`, `cleanup`.
 * Call `unmountAll()` after each test.
 * @param {{render: Function}} widget
 * @param {string} rootSelector
 */
export function mounter(widget, rootSelector) {
  const cleanups = [];
  function mount(name, tweak = (s) => s) {
    const model = fakeModel(tweak(fixture(name)));
    const el = document.createElement("div");
    document.body.appendChild(el);
    const unmount = widget.render({ model, el });
    let done = false;
    const cleanup = () => {
      // once only: a test may clean up itself, and unmountAll() comes after it
      if (done) return;
      done = true;
      unmount();
      el.remove();
    };
    cleanups.push(cleanup);
    const $ = (id) => el.querySelector(`[data-testid="${id}"]`);
    const $$ = (sel) => [...el.querySelectorAll(sel)];
    const enabled = (prefix) =>
      $$(`[data-testid^="${prefix}"]`)
        .filter((b) => b.tagName === "BUTTON" && !b.disabled)
        .map((b) => b.dataset.testid.slice(prefix.length));
    return { model, el, $, $$, enabled, root: el.querySelector(rootSelector), cleanup };
  }
  function unmountAll() {
    for (const c of cleanups.splice(0)) c();
  }
  return { mount, unmountAll };
}

/** The model's legal actions as the views see them (the trait is compact). */
export function legalOf(model) {
  return expandLegal(model.get("legal") || []);
}

/** The DOM as text with attributes sorted (the order of attributes is not part of the look). */
export function serialize(node) {
  if (node.nodeType === 3) return JSON.stringify(node.data);
  const attrs = [...node.attributes].map((a) => `${a.name}=${JSON.stringify(a.value)}`).sort();
  if (node.tagName === "INPUT") attrs.push(`.value=${JSON.stringify(node.value)}`);
  if ("disabled" in node) attrs.push(`.disabled=${node.disabled}`);
  return `<${node.tagName} ${attrs.join(" ")}>${[...node.childNodes].map(serialize).join("")}</${node.tagName}>`;
}
