// A stand-in for the anywidget model: get/set/on/off/send, recording sent messages.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

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
