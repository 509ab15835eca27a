"""Lesson Markdown to safe HTML: no raw HTML from content, links only inside the site."""

from __future__ import annotations

import xml.etree.ElementTree as etree
from urllib.parse import urlsplit

import markdown
from django.utils.safestring import SafeString, mark_safe
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor


def _is_local(href: str) -> bool:
    """A path or fragment on this site: no scheme, no host, no protocol-relative ``//`` nor ``\\``
    (browsers read a backslash as a slash, so ``/\\evil.example`` leaves the site too)."""
    if not href.startswith(("/", "#")) or href.startswith("//") or "\\" in href:
        return False
    parts = urlsplit(href)
    return not parts.scheme and not parts.netloc


class _LocalLinksOnly(Treeprocessor):
    def run(self, root: etree.Element) -> None:
        for element in root.iter():
            if element.tag == "a":
                if not _is_local(element.get("href", "")):
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
