"""One "## " section of a Markdown document, replaced in place: used by the bench scripts."""
import pathlib


def replace_section(doc: pathlib.Path, heading: str, section: str) -> None:
    """Writes SECTION (which starts with HEADING) over the section of DOC under HEADING, up to the
    next "## " heading; appends it when DOC has none (or does not exist)."""
    text = doc.read_text() if doc.exists() else ""
    start = text.find(heading)
    if start >= 0:
        end = text.find("\n## ", start + len(heading))
        text = text[:start] + section + (text[end + 1:] if end >= 0 else "")
    else:
        text = text.rstrip("\n") + "\n\n" + section
    doc.write_text(text)
