"""Per-process memos of what never changes once made (a round's question, a stage's state)."""


class Kept(dict):
    """A per-process memo of what never changes once made (cleared whole when full)."""

    def __init__(self, size: int = 512) -> None:
        super().__init__()
        self.size = size

    def keep(self, key, value):
        if len(self) >= self.size:
            self.clear()
        self[key] = value
        return value
