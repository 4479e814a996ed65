"""Class play across devices: a rooms server that sends each device only its own seat.

``brady-widgets rooms`` starts it (see :mod:`brady_widgets.rooms.cli`); the server is
:mod:`brady_widgets.rooms.server`, the SQLite store :mod:`brady_widgets.rooms.store`,
and :class:`brady_widgets.rooms.remote.RemoteSeat` joins a room from a notebook.
Needs the ``rooms`` extra (``pip install brady_widgets[rooms]``).
"""

__all__ = ["RemoteSeat", "create_app", "main"]


def __getattr__(name):
    if name == "RemoteSeat":
        from .remote import RemoteSeat

        return RemoteSeat
    raise AttributeError(name)


def create_app(*args, **kwargs):
    from .server import create_app as _create

    return _create(*args, **kwargs)


def main(argv=None):
    from .cli import main as _main

    return _main(argv)
