"""Lesson Markdown to safe HTML: no raw HTML from content, links only inside the site."""

from __future__ import annotations

import xml.etree.ElementTree as etree

import markdown
from django.utils.safestring import SafeString, mark_safe
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor


class _LocalLinksOnly(Treeprocessor):
    def run(self, root: etree.Element) -> None:
        for element in root.iter():
            if element.tag == "a":
                href = element.get("href", "")
                if not href.startswith(("/", "#")):
                    element.tag = "span"
                    element.attrib.clear()
            elif element.tag == "img":
                element.tag = "span"
                element.text = element.get("alt", "")
                element.attrib.clear()


class SafeLessonMarkdown(Extension):
    """Raw HTML in the source is shown as text; links leave the site never; no images."""

    def extendMarkdown(self, md: markdown.Markdown) -> None:
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")
        md.treeprocessors.register(_LocalLinksOnly(md), "local_links_only", 0)


def render(text: str) -> SafeString:
    html = markdown.markdown(text, extensions=[SafeLessonMarkdown()], output_format="html")
    return mark_safe(html)  # noqa: S308 (raw HTML is escaped by the extension above)
