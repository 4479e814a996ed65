"""The widget <-> view contract, checked from both ends without a browser.

The contract is declared once, in ``brady_widgets/protocol.py`` (``MSG``, ``TRAITS``).
``js/src/messages.js`` mirrors it (a browser cannot import Python; the mirror is
checked here rather than generated): its ``MSG`` is protocol's ``MSG``, name for
name, and its ``TRAITS`` (every trait the views' render loop listens to) are
protocol's ``TRAITS`` in the same order, which are the game traits ``GameWidget``
and ``RemoteSeat`` sync. A synced
trait may not shadow an attribute of ``ipywidgets.DOMWidget`` (``log`` once did:
``Widget.log`` is ipywidgets' logger).
"""

from __future__ import annotations

import pathlib
import re

import anywidget
import ipywidgets

from brady_widgets import protocol
from brady_widgets.protocol import MSG, TRAITS
from brady_widgets.rooms.remote import RemoteSeat
from brady_widgets.widget import GameWidget

MESSAGES_JS = pathlib.Path(__file__).resolve().parent.parent / "js" / "src" / "messages.js"


def _js() -> str:
    # comments out, so a commented-out line cannot pass for the contract
    text = MESSAGES_JS.read_text(encoding="utf-8")
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"(?m)^\s*//.*$", "", text)


def js_msg() -> dict[str, str]:
    m = re.search(r"export\s+const\s+MSG\s*=\s*Object\.freeze\(\s*\{(.*?)\}\s*\)", _js(), re.S)
    assert m, "no `export const MSG = Object.freeze({...})` in js/src/messages.js"
    body = m.group(1)
    pairs = re.findall(r"([A-Z_][A-Z0-9_]*)\s*:\s*\"([^\"]*)\"", body)
    # every entry is KEY: "value" (nothing the regex skipped)
    assert len(pairs) == len([p for p in body.split(",") if p.strip()]), body
    return dict(pairs)


def js_traits() -> list[str]:
    m = re.search(r"export\s+const\s+TRAITS\s*=\s*\[(.*?)\]", _js(), re.S)
    assert m, "no `export const TRAITS = [...]` in js/src/messages.js"
    names = re.findall(r"\"([^\"]*)\"", m.group(1))
    assert len(names) == len([p for p in m.group(1).split(",") if p.strip()]), m.group(1)
    return names


def game_traits(cls=GameWidget) -> set[str]:
    """A widget class's synced traits minus those ipywidgets/anywidget sync for themselves."""
    own = set(cls.class_trait_names(sync=True)) - set(anywidget.AnyWidget.class_trait_names(sync=True))
    return {name for name in own if not name.startswith("_")}


def test_js_msg_values_are_the_python_message_types():
    msg = js_msg()
    assert len(set(msg.values())) == len(msg), f"a JS MSG value is repeated: {msg}"
    assert set(msg.values()) == set(MSG.ALL)
    # and each JS name is Python's constant of that value
    for name, value in msg.items():
        assert getattr(MSG, name, None) == value, name
    # and every Python constant is in the JS table under its own name
    python = {k: v for k, v in vars(MSG).items() if k.isupper() and isinstance(v, str)}
    assert msg == python


def test_js_traits_are_the_declared_traits_in_order():
    assert tuple(js_traits()) == TRAITS


def test_the_widget_and_the_remote_seat_sync_the_declared_traits_with_their_defaults():
    assert GameWidget.GAME_TRAITS == TRAITS
    assert game_traits(GameWidget) == set(TRAITS)
    assert game_traits(RemoteSeat) - {"status", "role"} == set(TRAITS)
    for cls in (GameWidget, RemoteSeat):
        for key, default in protocol.TRAIT_DEFAULTS.items():
            assert getattr(cls, key).default() == default, (cls.__name__, key)


def test_js_traits_are_the_synced_game_traits():
    traits = js_traits()
    assert len(set(traits)) == len(traits), f"a trait is listed twice: {traits}"
    assert set(traits) == game_traits()


def test_protocol_traits_are_synced():
    # the issue-7 protocol and issue 8's clock (the views read these; see js/src/messages.js readTraits)
    expected = {
        "seat",
        "view",
        "legal",
        "log_lines",
        "error",
        "curtain",
        "settings",
        "content",
        "replay",
        "rev",
        "page",
        "clock",
    }
    assert game_traits() == expected
    assert set(js_traits()) == expected


def test_no_synced_trait_shadows_a_domwidget_attribute():
    synced = game_traits()
    clash = sorted(name for name in synced if hasattr(ipywidgets.DOMWidget, name))
    assert not clash, f"synced traits shadowing ipywidgets.DOMWidget attributes: {clash}"


def test_the_parser_reads_what_it_should():
    # the checks above would pass vacuously on an empty parse
    assert "ACT" in js_msg() and js_msg()["ACT"] == "act"
    assert "view" in js_traits() and "legal" in js_traits()
