"""The SQL statements of a recipe in a help topic: the ```sql block after `<!-- MARKER -->`."""
import re


def statements(topic, marker):
    """The block's statements split at `;`, or None when the topic has no such block."""
    text = open(topic, encoding="utf-8").read()
    block = re.search(rf"<!-- {re.escape(marker)} -->\s*```sql\n(.*?)```", text, re.S)
    if not block:
        return None
    return [part.strip() for part in block.group(1).split(";") if part.strip()]
