import { describe, expect, it } from "vitest";
import { bar, button, h, inkFor, setChildren } from "../src/dom.js";
import { patchSeatItem, seatItem } from "../src/seatbar.js";
import { serialize } from "./fake_model.js";

describe("dom helpers", () => {
  it("h sets attributes, skips null/false, and appends nested children as text", () => {
    const el = h("div", { class: "x", "data-a": null, hidden: false, title: "t" }, "a", ["b", null, h("span", {}, 1)]);
    expect(el.outerHTML).toBe('<div class="x" title="t">ab<span>1</span></div>');
  });

  it("a disabled button has no click handler", () => {
    let n = 0;
    const on = button({ label: "Go", onclick: () => n++ });
    const off = button({ label: "Go", onclick: () => n++, disabled: true });
    on.click();
    off.click();
    expect(n).toBe(1);
    expect(on.getAttribute("aria-label")).toBe("Go");
    expect(on.hasAttribute("aria-pressed")).toBe(false);
    expect(button({ label: "T", pressed: true }).getAttribute("aria-pressed")).toBe("true");
  });

  it("bar clamps and labels percentages", () => {
    expect(bar("x", 0.3333).textContent).toBe("x33.3%");
    expect(bar("x", 2).querySelector("[role=meter]").getAttribute("aria-valuenow")).toBe("100");
    expect(bar("x", -1).querySelector(".bw-bar-fill").style.width).toBe("0%");
  });

  it("inkFor picks readable text on the Okabe-Ito room colors", () => {
    expect(inkFor("#0072B2")).toBe("#fff");
    expect(inkFor("#F0E442")).toBe("#000");
    expect(inkFor("#009E73")).toBe("#000");
    expect(inkFor("#BBBBBB")).toBe("#000");
    expect(inkFor("nonsense")).toBe("#000");
  });

  describe("setChildren", () => {
    const kids = (el) => [...el.childNodes].map((n) => n.textContent);
    /** The child-list mutations `change` makes under `el` (removed and added nodes). */
    async function moves(el, change) {
      const records = [];
      const obs = new MutationObserver((r) => records.push(...r));
      obs.observe(el, { childList: true });
      change();
      await Promise.resolve();
      obs.disconnect();
      return {
        removed: records.flatMap((r) => [...r.removedNodes].map((n) => n.textContent)),
        added: records.flatMap((r) => [...r.addedNodes].map((n) => n.textContent)),
      };
    }

    it("gives exactly the wanted children in order, reusing nodes", () => {
      const [a, b, c, d] = ["a", "b", "c", "d"].map((x) => h("span", {}, x));
      const el = h("div");
      setChildren(el, [a, [b, null], c]);
      expect(kids(el)).toEqual(["a", "b", "c"]);
      setChildren(el, [c, a, d]);
      expect(kids(el)).toEqual(["c", "a", "d"]);
      expect(el.childNodes[1]).toBe(a);
      setChildren(el, [d, b]);
      expect(kids(el)).toEqual(["d", "b"]);
      setChildren(el, []);
      expect(kids(el)).toEqual([]);
    });

    it("removes a child from the middle without moving the ones after it", async () => {
      const [a, b, c, d] = ["a", "b", "c", "d"].map((x) => h("span", {}, x));
      const el = h("div", {}, a, b, c, d);
      expect(await moves(el, () => setChildren(el, [a, c, d]))).toEqual({ removed: ["b"], added: [] });
      expect(kids(el)).toEqual(["a", "c", "d"]);
      const e = h("span", {}, "e");
      expect(await moves(el, () => setChildren(el, [a, e, d]))).toEqual({ removed: ["c"], added: ["e"] });
      expect(kids(el)).toEqual(["a", "e", "d"]);
      expect(await moves(el, () => setChildren(el, [a, e, d]))).toEqual({ removed: [], added: [] });
    });
  });
});

describe("the seat bar's items are patched in place", () => {
  // a small seeded generator (the same runs every time)
  let state = 7;
  const rand = (n) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
  const names = [["Ann", "Bo", "Cy", "Di"], ["Ann", "Bob", "Cy", "Di"], ["Zoe", "Bo", "Cy", "Di"]];
  const randomOpts = () => ({
    names: names[rand(names.length)],
    shown: rand(5) - 1,
    toAct: [0, 1, 2, 3].filter(() => rand(3) === 0),
    alive: [0, 1, 2, 3].map(() => rand(4) !== 0),
  });
  const extraFor = (k) => (k === 0 ? null : h("div", { class: "bw-seat-extra" }, `extra ${k}`));

  it("a patched item equals a new one for random pairs of states, and stays the same node", () => {
    for (let trial = 0; trial < 300; trial++) {
      const seat = rand(4);
      const a = randomOpts();
      const b = randomOpts();
      const ea = rand(3);
      const eb = rand(3);
      const li = seatItem({ ...a, extra: () => extraFor(ea) }, seat);
      const head = li.firstChild;
      const patched = patchSeatItem(li, b, seat, extraFor(eb));
      const fresh = seatItem({ ...b, extra: () => extraFor(eb) }, seat);
      expect(patched).toBe(li);
      expect(li.firstChild).toBe(head);
      expect(serialize(patched), JSON.stringify([a, b, ea, eb])).toBe(serialize(fresh));
    }
  });

  it("patching an item to the same state changes nothing in the DOM", () => {
    const opts = { names: ["Ann", "Bo"], shown: 0, toAct: [1], alive: [true, false] };
    const extra = h("div", { class: "bw-seat-extra" }, "x");
    const li = seatItem({ ...opts, extra: () => extra }, 1);
    document.body.appendChild(li);
    const records = [];
    const obs = new MutationObserver((r) => records.push(...r));
    obs.observe(li, { subtree: true, childList: true, attributes: true, characterData: true });
    patchSeatItem(li, { ...opts, toAct: [1] }, 1, extra);
    records.push(...obs.takeRecords());
    obs.disconnect();
    li.remove();
    expect(records).toEqual([]);
  });
});
